import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s025",
  "title": "Selecting an optionId that is not in the journey, then a shown one",
  "request": "Казань 9–11 апреля, возьми вариант opt_nope (который я видел вчера)",
  "budgetTokens": 850,
  "steps": [
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Казань",
        "checkinDate": "2027-04-09",
        "checkoutDate": "2027-04-11",
        "rooms": [
          {
            "adults": 2,
            "childrenAges": []
          }
        ],
        "maxOptions": 3
      },
      "expect": {
        "status": "ok",
        "isError": false,
        "text": [
          "₽ за поездку",
          "₽ за ночь",
          "отз.)"
        ],
        "textMatches": [
          "journeyId=jrn_",
          "(бесплатная отмена до|отмена: нет данных)"
        ],
        "nextStep": [
          "tbank_hotels_compare_stay_options",
          "tbank_hotels_select_stay_option"
        ]
      },
      "save": {
        "journeyId": "journeyId",
        "optionId": "options.2.optionId"
      }
    },
    {
      "tool": "tbank_hotels_select_stay_option",
      "args": {
        "journeyId": "$journeyId",
        "optionId": "opt_nope"
      },
      "expect": {
        "status": "invalid_input",
        "isError": true,
        "retryAllowed": true,
        "text": [
          "- optionId: not an option of this journey"
        ],
        "nextStep": [
          "tbank_hotels_get_stay_options"
        ]
      }
    },
    {
      "tool": "tbank_hotels_select_stay_option",
      "args": {
        "journeyId": "$journeyId",
        "optionId": "$optionId"
      },
      "expect": {
        "status": "ok",
        "nextStep": [
          "tbank_hotels_get_selected_stay_rates"
        ]
      }
    }
  ]
};

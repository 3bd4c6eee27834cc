import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s031",
  "title": "Every-10th hotel has no rates: tell the user, offer another option",
  "request": "Хочу хостел «Бульвар» в Казани, покажи тарифы",
  "budgetTokens": 1800,
  "steps": [
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Казань",
        "checkinDate": "2027-03-12",
        "checkoutDate": "2027-03-14",
        "rooms": [
          {
            "adults": 2,
            "childrenAges": []
          }
        ]
      },
      "expect": {
        "status": "ok",
        "isError": false,
        "text": [
          "₽",
          "за ночь"
        ],
        "textMatches": [
          "journeyId=jrn_"
        ]
      },
      "save": {
        "journeyId": "journeyId",
        "optionId": "options.0.optionId"
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
        "textOnly": [
          "тарифов нет"
        ],
        "nextStep": [
          "no bookable rates"
        ]
      }
    },
    {
      "tool": "tbank_hotels_get_selected_stay_rates",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "no_bookable_rates",
        "retryAllowed": false,
        "text": [
          "information only",
          "14 416,50 ₽"
        ],
        "nextStep": [
          "tbank_hotels_select_stay_option"
        ]
      }
    },
    {
      "tool": "tbank_hotels_select_stay_rate",
      "args": {
        "journeyId": "$journeyId",
        "rateNumber": 1
      },
      "expect": {
        "status": "no_bookable_rates",
        "isError": true,
        "retryAllowed": false,
        "nextStep": [
          "another hotel"
        ]
      }
    }
  ]
};

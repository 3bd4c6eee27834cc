import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s046",
  "title": "Handoff without a selected rate opens the hotel with dates and guests",
  "request": "Просто дай ссылку на этот отель, тариф выберу сам",
  "budgetTokens": 1850,
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
        "optionId": "options.1.optionId"
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
    },
    {
      "tool": "tbank_hotels_create_checkout_handoff",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "handoff_ready",
        "retryAllowed": false,
        "text": [
          "hostedCheckoutUrl: http",
          "guestsCarried=true",
          "Тариф не резервируется",
          "Тариф не выбран"
        ],
        "textMatches": [
          "dateFrom=2027-03-12&dateTo=2027-03-14&guests=2"
        ],
        "nextStep": [
          "show hostedCheckoutUrl"
        ]
      }
    }
  ]
};

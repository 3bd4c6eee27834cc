import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s030",
  "title": "Rates ready: numbered table with per-night price and cancellation",
  "request": "Какие тарифы есть в этом отеле в Казани на 12–14 марта и сколько за ночь?",
  "budgetTokens": 2000,
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
      "tool": "tbank_hotels_get_selected_stay_rates",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "ready",
        "retryAllowed": false,
        "text": [
          "status=ready",
          "| # | Номер",
          "За ночь",
          "₽",
          "нет данных",
          "бесплатная отмена до",
          "8\u00a0529\u00a0₽"
        ],
        "nextStep": [
          "tbank_hotels_select_stay_rate"
        ],
        "textMatches": [
          "rates=\\d+"
        ]
      }
    }
  ]
};

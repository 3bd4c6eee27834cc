import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s032",
  "title": "No rates at the first hotel, switch to the next option and get rates",
  "request": "Первый отель без тарифов? Тогда возьми следующий и покажи цены",
  "budgetTokens": 2300,
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
        "optionId": "options.0.optionId",
        "nextOptionId": "options.1.optionId"
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
          "no bookable rates for this hotel",
          "offer another option"
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
        "retryAllowed": false
      }
    },
    {
      "tool": "tbank_hotels_select_stay_option",
      "args": {
        "journeyId": "$journeyId",
        "optionId": "$nextOptionId"
      },
      "expect": {
        "status": "ok",
        "text": [
          "Cosmos «Меридиан»"
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
        "text": [
          "status=ready",
          "| # | Номер",
          "За ночь",
          "₽",
          "Cosmos «Меридиан»"
        ],
        "nextStep": [
          "tbank_hotels_select_stay_rate"
        ]
      }
    }
  ]
};

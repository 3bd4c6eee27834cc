import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s044",
  "title": "Handoff for 1 room, no children: dates and guests carried in the link",
  "request": "Дай ссылку на оформление второго тарифа",
  "budgetTokens": 2500,
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
          "₽"
        ],
        "nextStep": [
          "tbank_hotels_select_stay_rate"
        ]
      }
    },
    {
      "tool": "tbank_hotels_select_stay_rate",
      "args": {
        "journeyId": "$journeyId",
        "rateNumber": 2
      },
      "expect": {
        "status": "rate_selected",
        "isError": false,
        "text": [
          "rateNumber=2",
          "#2 ",
          "за ночь",
          "₽"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
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
          "#2 ",
          "20\u00a0251,50\u00a0₽"
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

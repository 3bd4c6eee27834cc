import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s039",
  "title": "Promo WINTER500 gives a fixed 500\u00a0₽ off, validated only",
  "request": "Примени промокод WINTER500",
  "budgetTokens": 2600,
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
        "rateNumber": 1
      },
      "expect": {
        "status": "rate_selected",
        "isError": false,
        "text": [
          "rateNumber=1",
          "#1 ",
          "за ночь",
          "₽"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    },
    {
      "tool": "tbank_hotels_inspect_checkout",
      "args": {
        "journeyId": "$journeyId",
        "promoCode": "WINTER500"
      },
      "expect": {
        "status": "checkout_ready",
        "retryAllowed": false,
        "text": [
          "freshUntil=",
          "Текущая цена",
          "₽",
          "Промокод WINTER500: действителен",
          "500\u00a0₽",
          "16\u00a0558\u00a0₽",
          "не применён"
        ],
        "textMatches": [
          "priceChanged=(true|false)"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    }
  ]
};

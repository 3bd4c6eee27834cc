import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s040",
  "title": "Expired SUMMER2025 and an unknown code are reported invalid",
  "request": "Попробуй промокод SUMMER2025, а если не сработает — NOSUCH77",
  "budgetTokens": 2950,
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
        "promoCode": "SUMMER2025"
      },
      "expect": {
        "status": "checkout_ready",
        "retryAllowed": false,
        "text": [
          "freshUntil=",
          "Текущая цена",
          "₽",
          "Промокод SUMMER2025: недействителен (expired)"
        ],
        "textMatches": [
          "priceChanged=(true|false)"
        ],
        "notText": [
          "цена после скидки"
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
        "promoCode": "NOSUCH77"
      },
      "expect": {
        "status": "checkout_ready",
        "retryAllowed": false,
        "text": [
          "freshUntil=",
          "Текущая цена",
          "₽",
          "Промокод NOSUCH77: недействителен (not_found)"
        ],
        "textMatches": [
          "priceChanged=(true|false)"
        ],
        "notText": [
          "цена после скидки"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    }
  ]
};

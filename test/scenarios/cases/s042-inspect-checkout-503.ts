import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s042",
  "title": "Checkout inspection under a 503: terminal, no retry, handoff still works",
  "request": "Проверь цену перед оплатой",
  "budgetTokens": 2550,
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
        "journeyId": "$journeyId"
      },
      "faults": {
        "checkout_inspect": {
          "kind": "status",
          "status": 503
        }
      },
      "expect": {
        "status": "checkout_temporarily_unavailable",
        "retryAllowed": false,
        "text": [
          "retryAllowed=false",
          "Do not retry"
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
          "#1 Стандартный двухместный номер"
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

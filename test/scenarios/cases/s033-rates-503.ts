import type { Scenario } from "../types.js";
import { SELECT_SAVED_OPTION } from "../journey-steps.js";

export const scenario: Scenario = {
  "id": "s033",
  "title": "Rates fail with 503: rates_temporarily_unavailable, no repeat, handoff still works",
  "request": "Покажи тарифы отеля в Петербурге на 9–12 апреля",
  "budgetTokens": 2000,
  "steps": [
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Санкт-Петербург",
        "checkinDate": "2027-04-09",
        "checkoutDate": "2027-04-12",
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
    SELECT_SAVED_OPTION,
    {
      "tool": "tbank_hotels_get_selected_stay_rates",
      "args": {
        "journeyId": "$journeyId"
      },
      "faults": {
        "rates": {
          "kind": "status",
          "status": 503
        }
      },
      "expect": {
        "status": "rates_temporarily_unavailable",
        "retryAllowed": false,
        "text": [
          "retryAllowed=false",
          "do not call it again"
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
        "text": [
          "Тариф не выбран",
          "guestsCarried=true",
          "guests=2"
        ],
        "nextStep": [
          "show hostedCheckoutUrl"
        ]
      }
    }
  ]
};

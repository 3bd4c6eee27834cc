import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s026",
  "title": "Stale journeyId after a restart: journey_not_found everywhere, then plan again",
  "request": "Продолжи с того списка отелей в Сочи, что был вчера, сравни первые",
  "budgetTokens": 700,
  "steps": [
    {
      "tool": "tbank_hotels_get_stay_options",
      "args": {
        "journeyId": "jrn_gone_since_restart"
      },
      "expect": {
        "status": "journey_not_found",
        "isError": true,
        "retryAllowed": false,
        "nextStep": [
          "Run tbank_hotels_plan_stay again"
        ]
      }
    },
    {
      "tool": "tbank_hotels_compare_stay_options",
      "args": {
        "journeyId": "jrn_gone_since_restart"
      },
      "expect": {
        "status": "journey_not_found",
        "isError": true,
        "retryAllowed": false
      }
    },
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Сочи",
        "checkinDate": "2027-03-20",
        "checkoutDate": "2027-03-22",
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
      }
    }
  ]
};

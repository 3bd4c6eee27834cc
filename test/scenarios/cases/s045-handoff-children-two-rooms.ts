import type { Scenario } from "../types.js";
import { SELECT_SAVED_OPTION } from "../journey-steps.js";

export const scenario: Scenario = {
  "id": "s045",
  "title": "Handoff with a child, then with 2 rooms: link carries dates only",
  "request": "Ссылку на отель в Петербурге для нас с ребёнком 7 лет; и второй вариант — два номера по двое взрослых",
  "budgetTokens": 3700,
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
            "childrenAges": [
              7
            ]
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
      "tool": "tbank_hotels_create_checkout_handoff",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "handoff_ready",
        "text": [
          "guestsCarried=false",
          "dateFrom=2027-04-09&dateTo=2027-04-12",
          "состав гостей"
        ],
        "notText": [
          "guests="
        ],
        "nextStep": [
          "show hostedCheckoutUrl"
        ]
      }
    },
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
          },
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
      "tool": "tbank_hotels_create_checkout_handoff",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "handoff_ready",
        "text": [
          "guestsCarried=false",
          "dateFrom=2027-04-09&dateTo=2027-04-12",
          "состав гостей",
          "номеров: 2"
        ],
        "notText": [
          "guests="
        ],
        "nextStep": [
          "show hostedCheckoutUrl"
        ]
      }
    }
  ]
};

import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s048",
  "title": "Search under 401 and 403: provider_auth_rejected, no retry",
  "request": "Нашли Казань на 12–14 марта; теперь поищи на 19–21 марта",
  "budgetTokens": 1750,
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
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Казань",
        "checkinDate": "2027-03-19",
        "checkoutDate": "2027-03-21",
        "rooms": [
          {
            "adults": 2,
            "childrenAges": []
          }
        ]
      },
      "faults": {
        "search": {
          "kind": "status",
          "status": 401
        }
      },
      "expect": {
        "status": "provider_auth_rejected",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "HTTP 401",
          "Do not retry"
        ]
      }
    },
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Казань",
        "checkinDate": "2027-03-19",
        "checkoutDate": "2027-03-21",
        "rooms": [
          {
            "adults": 2,
            "childrenAges": []
          }
        ]
      },
      "faults": {
        "search": {
          "kind": "status",
          "status": 403
        }
      },
      "expect": {
        "status": "provider_auth_rejected",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "HTTP 403",
          "must be fixed outside the chat"
        ]
      }
    }
  ]
};

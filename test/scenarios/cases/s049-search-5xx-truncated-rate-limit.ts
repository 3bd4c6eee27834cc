import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s049",
  "title": "Search 5xx, truncated page and rate limit: search_unavailable, stop",
  "request": "Нашли Казань на 12–14 марта; теперь поищи на 19–21 марта",
  "budgetTokens": 1800,
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
          "status": 502
        }
      },
      "expect": {
        "status": "search_unavailable",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "HTTP 502",
          "no retries"
        ],
        "nextStep": [
          "tbank_hotels_connection_status"
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
          "kind": "truncated",
          "times": 1
        }
      },
      "expect": {
        "status": "search_unavailable",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "provider: unavailable"
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
          "kind": "rate_limit",
          "retryAfterSeconds": 1
        }
      },
      "expect": {
        "status": "search_unavailable",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "rate_limited",
          "HTTP 429",
          "busy"
        ]
      }
    }
  ]
};

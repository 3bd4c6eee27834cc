import type { Scenario } from "../types.js";
import { PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION } from "../journey-steps.js";

export const scenario: Scenario = {
  "id": "s049",
  "title": "Search 5xx, truncated page and rate limit: search_unavailable, stop",
  "request": "Нашли Казань на 12–14 марта; теперь поищи на 19–21 марта",
  "budgetTokens": 1800,
  "steps": [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
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

import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s036",
  "title": "Booking preview before a rate is chosen asks for rate selection",
  "request": "Сразу сделай сводку брони по этому отелю",
  "budgetTokens": 1650,
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
      "tool": "tbank_hotels_create_booking_preview",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "rate_selection_required",
        "isError": true,
        "retryAllowed": false,
        "nextStep": [
          "tbank_hotels_get_selected_stay_rates",
          "tbank_hotels_select_stay_rate"
        ]
      }
    }
  ]
};

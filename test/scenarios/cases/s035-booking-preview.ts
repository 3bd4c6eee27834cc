import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s035",
  "title": "Booking preview creates nothing and points to the handoff",
  "request": "Сведи бронь: что я получу, если оформлю первый тариф?",
  "budgetTokens": 2350,
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
      "tool": "tbank_hotels_create_booking_preview",
      "args": {
        "journeyId": "$journeyId"
      },
      "expect": {
        "status": "preview_ready",
        "retryAllowed": false,
        "text": [
          "bookingExecution.available=false",
          "nothing is booked",
          "17\u00a0058\u00a0₽",
          "за ночь 8\u00a0529\u00a0₽"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    }
  ]
};

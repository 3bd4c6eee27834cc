import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s034",
  "title": "Rate number out of range is refused with the valid numbers, then a valid pick",
  "request": "Бери пятый тариф. А, такого нет? Тогда второй",
  "budgetTokens": 2250,
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
        "rateNumber": 9
      },
      "expect": {
        "status": "rate_not_found",
        "isError": true,
        "retryAllowed": false,
        "text": [
          "No bookable rate #9",
          "1, 2, 3, 4"
        ]
      }
    },
    {
      "tool": "tbank_hotels_select_stay_rate",
      "args": {
        "journeyId": "$journeyId",
        "rateNumber": 2
      },
      "expect": {
        "status": "rate_selected",
        "isError": false,
        "text": [
          "rateNumber=2",
          "#2 ",
          "за ночь",
          "₽",
          "20\u00a0251,50\u00a0₽",
          "бесплатная отмена до 05.03.2027"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    }
  ]
};

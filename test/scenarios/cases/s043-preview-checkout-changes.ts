import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s043",
  "title": "Local preview of promo, upgrade and an extra: nothing applied, no new total",
  "request": "Если добавить ранний заезд, апгрейд и промокод SANDBOX10 — что получится?",
  "budgetTokens": 2900,
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
      "tool": "tbank_hotels_preview_checkout_changes",
      "args": {
        "journeyId": "$journeyId",
        "promoCode": "SANDBOX10"
      },
      "expect": {
        "status": "inspection_required",
        "retryAllowed": false,
        "nextStep": [
          "tbank_hotels_inspect_checkout"
        ]
      }
    },
    {
      "tool": "tbank_hotels_inspect_checkout",
      "args": {
        "journeyId": "$journeyId",
        "promoCode": "SANDBOX10",
        "checkUpgrade": true
      },
      "expect": {
        "status": "checkout_ready",
        "retryAllowed": false,
        "text": [
          "freshUntil=",
          "Текущая цена",
          "₽",
          "[esr_"
        ],
        "textMatches": [
          "priceChanged=(true|false)"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      },
      "save": {
        "extraRef": "checkout.extraServices.0.extraServiceOptionRef"
      }
    },
    {
      "tool": "tbank_hotels_preview_checkout_changes",
      "args": {
        "journeyId": "$journeyId",
        "promoCode": "SANDBOX10",
        "upgrade": true,
        "extraServiceOptionRefs": [
          "$extraRef"
        ]
      },
      "expect": {
        "status": "changes_previewed",
        "retryAllowed": false,
        "text": [
          "Текущая цена без изменений: 17\u00a0058\u00a0₽",
          "Промокод SANDBOX10: действителен",
          "не применён",
          "ранний заезд",
          "доплата 3\u00a0070,50\u00a0₽",
          "No new total is computed"
        ],
        "notText": [
          "15\u00a0352\u00a0₽",
          "итого"
        ],
        "nextStep": [
          "tbank_hotels_create_checkout_handoff"
        ]
      }
    }
  ]
};

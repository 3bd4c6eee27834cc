import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  "id": "s018",
  "title": "A named hotel is found among the destination's results and selected",
  "request": "Есть ли свободные номера в отеле «Волна» в Казани на 9–11 апреля?",
  "budgetTokens": 450,
  "steps": [
    {
      "tool": "tbank_hotels_plan_stay",
      "args": {
        "destination": "Казань",
        "checkinDate": "2027-04-09",
        "checkoutDate": "2027-04-11",
        "rooms": [
          {
            "adults": 2,
            "childrenAges": []
          }
        ],
        "hotelName": "Волна"
      },
      "expect": {
        "status": "ok",
        "text": [
          "hotelName «Волна»",
          "Отель «Волна»",
          "₽ за поездку",
          "₽ за ночь",
          "8,3/10 (61 отз.)",
          "отмена: нет данных"
        ],
        "textOnly": [
          "hotelName «Волна» matches:"
        ],
        "nextStep": [
          "Confirm the hotel with the user"
        ]
      },
      "save": {
        "journeyId": "journeyId",
        "optionId": "options.0.optionId"
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
    }
  ]
};

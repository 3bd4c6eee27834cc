import type { Step } from "./types.js";

// Steps that most rates and checkout scenarios start with, written once.

/** Plans Казань 12–14 March 2027 for 2 adults; saves journeyId and the second option (it has bookable rates). */
export const PLAN_KAZAN_WEEKEND: Step = {
  "args": {
    "checkinDate": "2027-03-12",
    "checkoutDate": "2027-03-14",
    "destination": "Казань",
    "rooms": [
      {
        "adults": 2,
        "childrenAges": []
      }
    ]
  },
  "expect": {
    "isError": false,
    "status": "ok",
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
  },
  "tool": "tbank_hotels_plan_stay"
};

/** Selects the saved option (a hotel with rates: the next step is to load them, not to look elsewhere). */
export const SELECT_SAVED_OPTION: Step = {
  "args": {
    "journeyId": "$journeyId",
    "optionId": "$optionId"
  },
  "expect": {
    "nextStep": [
      "Load its bookable rates with tbank_hotels_get_selected_stay_rates"
    ],
    "notText": [
      "no bookable rates"
    ],
    "status": "ok"
  },
  "tool": "tbank_hotels_select_stay_option"
};

/** Loads the selected option's rates, expecting the numbered table. */
export const RATES_READY: Step = {
  "args": {
    "journeyId": "$journeyId"
  },
  "expect": {
    "nextStep": [
      "tbank_hotels_select_stay_rate"
    ],
    "status": "ready",
    "text": [
      "status=ready",
      "| # | Номер",
      "За ночь",
      "₽"
    ]
  },
  "tool": "tbank_hotels_get_selected_stay_rates"
};

/** Selects rate #1. */
export const SELECT_FIRST_RATE: Step = {
  "args": {
    "journeyId": "$journeyId",
    "rateNumber": 1
  },
  "expect": {
    "isError": false,
    "nextStep": [
      "tbank_hotels_create_checkout_handoff"
    ],
    "status": "rate_selected",
    "text": [
      "rateNumber=1",
      "#1 ",
      "за ночь",
      "₽"
    ]
  },
  "tool": "tbank_hotels_select_stay_rate"
};

import { NBSP } from "../../../shared/money.js";
import { step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// English: a nightly cap below every Kazan hotel: each date says nothing passes the filters.
export const scenario: Scenario = {
  id: "s363",
  title: "English, flexible dates: a cap under every Kazan price; no date fits, and the cap is named",
  request: "Kazan for two, two nights, check in any day March 22–24, but no more than 1,500 rubles a night. When?",
  budgetTokens: 700,
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Kazan", rooms: [{ adults: 2 }], checkinFrom: "2027-03-22", checkinTo: "2027-03-24", nights: 2, maxPricePerNight: { amount: 1500, currency: "RUB" }, language: "en" },
      {
        status: "no_matching_stays",
        isError: false,
        retryAllowed: false,
        text: ["maxPricePerNight 1500 RUB", "2027-03-22 Mon: nothing passes the filters", "2027-03-24 Wed: nothing passes the filters", "searched 3 of 3 dates"],
        nextStep: ["looser filters"],
        notText: [`1${NBSP}500`],
      },
    ),
  ],
};

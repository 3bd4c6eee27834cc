import { step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// English, with a smaller configured budget (TBANK_HOTELS_FLEX_SEARCH_BUDGET=24): three Moscow dates
// searched, seven not, and the next call picks up where this one stopped.
export const scenario: Scenario = {
  id: "s365",
  title: "English, flexible dates: a budget of 24 requests covers three Moscow dates; the others are named",
  request: "Moscow, two nights for two, check in any day April 1–10. Cheapest?",
  budgetTokens: 1300,
  setup: { env: { TBANK_HOTELS_FLEX_SEARCH_BUDGET: "24" } },
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Moscow", rooms: [{ adults: 2 }], checkinFrom: "2027-04-01", checkinTo: "2027-04-10", nights: 2, language: "en" },
      {
        status: "ok",
        isError: false,
        text: ["searched 3 of 10 dates", "notSearched (request budget reached): 2027-04-04", "providerRequests 24 of budget 24"],
        nextStep: ["call again with checkinFrom=2027-04-04"],
        maxTokens: 1300,
      },
    ),
  ],
};

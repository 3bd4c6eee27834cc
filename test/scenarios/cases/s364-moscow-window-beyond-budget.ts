import { step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// Two weeks of Москва check-ins: each date takes 8 provider requests (the city is bigger than that
// shows), so the default budget of 48 covers six dates; the rest are named, with how to go on.
export const scenario: Scenario = {
  id: "s364",
  title: "Flexible dates beyond the request budget: six Москва dates searched, eight named as not searched",
  request: "Москва, одна ночь вдвоём, заезд в любой день с 8 по 21 марта — покажи, когда дешевле",
  budgetTokens: 1500,
  steps: [
    step(
      "tbank_hotels_find_stay_dates",
      { destination: "Москва", rooms: [{ adults: 2 }], checkinFrom: "2027-03-08", checkinTo: "2027-03-21", nights: 1 },
      {
        status: "ok",
        isError: false,
        text: ["searched 6 of 14 dates", "notSearched (request budget reached): 2027-03-14, 2027-03-15", "2027-03-21", "providerRequests 48 of budget 48", "hotels seen"],
        nextStep: ["call again with checkinFrom=2027-03-14"],
        maxTokens: 1500,
      },
    ),
  ],
};

import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// English, Sochi: the plain best_value_v2 order put two above-range hotels on the first page and
// compared one of them; with the person's range, in-range options lead and alternatives are apart.
const ALTERNATIVE_LINE = '\\n- opt_\\S+ "[^"\\n]+"[^\\n]* for 2 nights, [^\\n]* per night · \\d+% (above|below) the band, rating \\d';

export const scenario: Scenario = {
  id: "s151",
  title: "“My usual price range” in Sochi: in-range options first, alternatives apart by name, price and why",
  request: "Find me something in my usual price range in Sochi for May 14–16, and compare the best few",
  budgetTokens: 3100,
  setup: { login: true },
  steps: [
    step("tbank_banking_get_hotel_preferences", undefined, { status: "ok" }, { save: { prefs: "hotelPreferences" }, server: "banking" }),
    planStay(
      { destination: "Сочи", checkinDate: "2027-05-14", checkoutDate: "2027-05-16", hotelPreferences: "$prefs", language: "en" },
      {
        status: "ok",
        text: ["used for ranking only, not a filter", "of 10 shown: 10 inside, 0 below, 0 above"],
        textOnly: ["alternatives outside the band (show apart):"],
        textMatches: [ALTERNATIVE_LINE],
        notText: ["· above the band", "· below the band"],
        nextStep: ["inside the band", "alternatives apart"],
      },
      { save: { journeyId: "journeyId", altName: "alternatives.0.name", altPrice: "alternatives.0.price", altWhy: "alternatives.0.why" } },
    ),
    step(
      "tbank_hotels_compare_stay_options",
      { journeyId: "$journeyId" },
      { status: "ok", text: ["of 5 shown: 5 inside, 0 below, 0 above", "$altName", "$altPrice", "$altWhy"], textOnly: ["alternatives outside the band (show apart):"], notText: ["· above the band", "· below the band"], nextStep: ["alternatives apart"] },
    ),
  ],
};

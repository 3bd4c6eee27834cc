import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s090",
  title: "Москва (400 hotels): the plan stops partial, one continuation with its own budget reaches 400 of 400",
  request: "Посмотри всё в Москве на 9–11 апреля, вдвоём, и покажи самые дешёвые",
  budgetTokens: 1600,
  steps: [
    planStay(
      { destination: "Москва", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", maxOptions: 3 },
      { status: "ok", isError: false, text: ["317 hotels of 400 reported, 20 requests, truncated, 83 hotels not yet seen, continuationRecommended"], nextStep: ["call tbank_hotels_continue_stay_search once"] },
      { save: { journeyId: "journeyId" } },
    ),
    journeyStep(
      "tbank_hotels_continue_stay_search",
      {},
      { status: "ok", isError: false, text: ["coverage complete"], textOnly: ["+83 hotels collected, 400 in all", "coverage complete 1: 400 hotels of 400 reported"], notText: ["not yet seen", "continuationRecommended", "Do not continue again"], nextStep: ["tbank_hotels_compare_stay_options"] },
    ),
    journeyStep("tbank_hotels_get_stay_options", { ranking: "lowest_price", limit: 3 }, { status: "ok", text: ["options 1–3 of 400"] }),
  ],
};

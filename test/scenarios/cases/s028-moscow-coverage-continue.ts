import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s028",
  title: "Москва (400 hotels): partial coverage says how many are unseen; a failed continuation keeps the options and says it again",
  request: "Москва 9–11 апреля, найди как можно больше вариантов",
  budgetTokens: 850,
  steps: [
    planStay({ destination: "Москва", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "coverage partial 0.79: 317 hotels of 400 reported, 20 requests, truncated, 83 hotels not yet seen"], textOnly: ["shown 3 of 317"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId" } }),
    journeyStep(
      "tbank_hotels_continue_stay_search",
      {},
      { status: "search_unavailable", retryAllowed: false, text: ["317 hotels", "83 hotels not yet seen"], textOnly: ["317 hotels of 400 reported"], notText: ["continuationRecommended"], nextStep: ["keeps its 317 options"] },
      { faults: { search: { kind: "status", status: 502, times: 1 } } },
    ),
  ],
};

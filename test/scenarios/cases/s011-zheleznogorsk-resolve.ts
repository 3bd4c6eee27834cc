import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s011",
  title: "Железногорск resolved first: two regions, the person picks Красноярский край",
  request: "Нужна гостиница в Железногорске, 2–5 апреля, один человек. Это который в Красноярском крае",
  budgetTokens: 850,
  steps: [
    step("tbank_hotels_resolve_destination", { query: "Железногорск" }, { status: "clarification_required", isError: false, text: ["Курская область", "Красноярский край", "destinationId=1012"], nextStep: ["destinationId"] }, { save: { destId: "candidates.1.destinationId" } }),
    planStay({ destination: "$destId", checkinDate: "2027-04-02", checkoutDate: "2027-04-05", maxOptions: 4, rooms: [{ adults: 1, childrenAges: [] }] }, { status: "ok", isError: false, text: ["₽ за 3 ночи", "₽ за ночь", "отз.)", '"Железногорск" ("Красноярский край")', "3 ночи, 1 взр."], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

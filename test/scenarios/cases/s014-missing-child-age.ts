import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s014",
  title: "Child without an age: invalid_input, ask, then plan with the age",
  request: "Казань, 19–21 марта, я с женой и ребёнком",
  budgetTokens: 850,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21", rooms: [{ adults: 2, childrenAges: [null] }] }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["rooms[0].childrenAges[0]: child age is missing: ask for it, do not guess"], nextStep: ["never guess"] }),
    planStay({ destination: "Казань", checkinDate: "2027-03-19", checkoutDate: "2027-03-21", maxOptions: 4, rooms: [{ adults: 2, childrenAges: [7] }] }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "2 взр., 1 дет."], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

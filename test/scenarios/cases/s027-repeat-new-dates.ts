import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s027",
  title: "Same search for other dates with repeat_stay_plan, and a refused change of city",
  request: "А то же самое, но на майские, 7–10 мая? И можно сразу в Сочи?",
  budgetTokens: 1300,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", ranking: "highest_rating", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_repeat_stay_plan", { changes: { checkinDate: "2027-05-07", checkoutDate: "2027-05-10" } }, { status: "ok", isError: false, text: ["₽ за 3 ночи", "₽ за ночь", "отз.)", "07.05.2027–10.05.2027, 3 ночи", "ranking=highest_rating"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
    journeyStep("tbank_hotels_repeat_stay_plan", { changes: { destination: "Сочи" } }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["changes.destination: cannot be changed in a repeat", "run tbank_hotels_plan_stay instead"] }),
  ],
};

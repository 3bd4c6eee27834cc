import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s017",
  title: "Breakfast required: filter applied to the whole collection, evidence in compare",
  request: "Казань 12–14 марта, обязательно с завтраком, сравни лучшие",
  budgetTokens: 1500,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", breakfastIncluded: true, maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "condition breakfastIncluded applied to the whole collection", "завтрак в цене"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"], notText: ["без завтрака"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", text: ["завтрак включён", "завтрак в цене", "₽ за ночь", "₽ за 2 ночи", "отз.)"], textOnly: ["питание: завтрак включён"], notText: ["без завтрака"], nextStep: ["tbank_hotels_select_stay_option"] }),
  ],
};

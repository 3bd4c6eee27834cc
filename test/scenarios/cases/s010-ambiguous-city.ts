import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s010",
  title: "Ambiguous Кировск: clarify, then plan with the chosen destinationId",
  request: "Хочу в Кировск на выходные 12–14 марта, двое взрослых, покажи варианты",
  budgetTokens: 1000,
  steps: [
    planStay({ destination: "Кировск", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" }, { status: "clarification_required", isError: false, retryAllowed: false, text: ["destinationId=1009", "Мурманская область", "destinationId=1010", "Ленинградская область", "no hotel search was made"], nextStep: ["Ask the user which place they mean"], notText: ["₽"] }, { save: { destId: "candidates.0.destinationId" } }),
    planStay({ destination: "$destId", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", maxOptions: 5 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", '"Кировск" ("Мурманская область")', "12.03.2027–14.03.2027, 2 ночи, 2 взр."], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s021",
  title: "Best rated: compare first (journey selection), then again without scope (previous group)",
  request: "Казань 9–11 апреля, самые высоко оценённые, сравни их и потом ещё раз покажи то же сравнение",
  budgetTokens: 2450,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", ranking: "highest_rating", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "ranking=highest_rating", "10/10 (7 отз.)"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId" } }),
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", text: ["scope=journey_selection ranking=highest_rating", "₽ за 2 ночи", "₽ за ночь", "отз.)", "отмена: нет данных"], textOnly: ["питание:"], nextStep: ["tbank_hotels_select_stay_option"] }),
    journeyStep("tbank_hotels_compare_stay_options", {}, { status: "ok", text: ["scope=previous_group", "₽ за ночь"] }),
  ],
};

import { journeyStep, planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s025",
  title: "Selecting an optionId that is not in the journey, then a shown one",
  request: "Казань 9–11 апреля, возьми вариант opt_nope (который я видел вчера)",
  budgetTokens: 850,
  steps: [
    planStay({ destination: "Казань", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }, { save: { journeyId: "journeyId", optionId: "options.2.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "opt_nope" }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["- optionId: not an option of this journey"], nextStep: ["tbank_hotels_get_stay_options"] }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok", nextStep: ["tbank_hotels_get_selected_stay_rates"] }),
  ],
};

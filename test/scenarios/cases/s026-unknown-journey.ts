import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s026",
  title: "Stale journeyId after a restart: journey_not_found everywhere, then plan again",
  request: "Продолжи с того списка отелей в Сочи, что был вчера, сравни первые",
  budgetTokens: 700,
  steps: [
    step("tbank_hotels_get_stay_options", { journeyId: "jrn_gone_since_restart" }, { status: "journey_not_found", isError: true, retryAllowed: false, nextStep: ["Run tbank_hotels_plan_stay again"] }),
    step("tbank_hotels_compare_stay_options", { journeyId: "jrn_gone_since_restart" }, { status: "journey_not_found", isError: true, retryAllowed: false }),
    planStay({ destination: "Сочи", checkinDate: "2027-03-20", checkoutDate: "2027-03-22", maxOptions: 3 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

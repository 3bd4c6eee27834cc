import { planStay } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s015",
  title: "Past check-in and checkout before check-in: both errors at once, then fixed dates",
  request: "Сочи, заезд 12 февраля, выезд 10 февраля (перепутал), двое",
  budgetTokens: 800,
  steps: [
    planStay({ destination: "Сочи", checkinDate: "2027-02-12", checkoutDate: "2027-02-10" }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["- checkoutDate: must be after checkinDate", "- checkinDate: is in the past (today is 2027-03-01)"], nextStep: ["Fix every listed field"] }),
    planStay({ destination: "Сочи", checkinDate: "2027-04-10", checkoutDate: "2027-04-12", maxOptions: 4 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", "10.04.2027–12.04.2027"], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

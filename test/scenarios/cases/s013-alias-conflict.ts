import { planStay, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s013",
  title: "Wrong alias: destination and location together, then the canonical call",
  request: "Отель в Казани 12–14 марта на двоих",
  budgetTokens: 800,
  steps: [
    planStay({ destination: "Казань", location: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" }, { status: "invalid_input", isError: true, retryAllowed: false, text: ["- location: both destination and its alias location were given: pass only destination"], nextStep: ["Fix every listed field"], notText: ["₽"] }),
    step("tbank_hotels_plan_stay", { location: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: 2, limit: 4 }, { status: "ok", isError: false, text: ["₽ за 2 ночи", "₽ за ночь", "отз.)", '"Казань" ("Республика Татарстан")', "2 взр."], textMatches: ["journeyId=jrn_", "(бесплатная отмена до|отмена: нет данных)"], nextStep: ["tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option"] }),
  ],
};

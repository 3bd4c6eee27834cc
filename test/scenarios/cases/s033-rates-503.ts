import { journeyStep, planStay, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s033",
  title: "Rates fail with 503: rates_temporarily_unavailable, no repeat, handoff still works",
  request: "Покажи тарифы отеля в Петербурге на 9–12 апреля",
  budgetTokens: 2000,
  steps: [
    planStay({ destination: "Санкт-Петербург", checkinDate: "2027-04-09", checkoutDate: "2027-04-12" }, { status: "ok", isError: false, text: ["₽", "за ночь"], textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "rates_temporarily_unavailable", retryAllowed: false, text: ["retryAllowed=false", "do not call it again"], nextStep: ["tbank_hotels_create_checkout_handoff"] }, { faults: { rates: { kind: "status", status: 503 } } }),
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["Тариф не выбран", "guestsCarried=true", "guests=2"], nextStep: ["show hostedCheckoutUrl"] }),
  ],
};

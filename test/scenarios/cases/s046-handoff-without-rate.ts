import { journeyStep, PLAN_KAZAN_WEEKEND, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s046",
  title: "Handoff without a selected rate opens the hotel with dates and guests",
  request: "Просто дай ссылку на этот отель, тариф выберу сам",
  budgetTokens: 1850,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    journeyStep("tbank_hotels_create_checkout_handoff", {}, { status: "handoff_ready", text: ["hostedCheckoutUrl: http", "guestsCarried=true", "Тариф не резервируется", "Тариф не выбран"], textMatches: ["dateFrom=2027-03-12&dateTo=2027-03-14&guests=2"], nextStep: ["show hostedCheckoutUrl"] }),
  ],
};

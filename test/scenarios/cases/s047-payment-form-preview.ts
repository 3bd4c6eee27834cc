import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_FIRST_RATE, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s047",
  title: "Payment form preview is description only (available=false) and points to the handoff",
  request: "Хочу оплатить прямо здесь картой",
  budgetTokens: 2500,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    SELECT_FIRST_RATE,
    journeyStep("tbank_hotels_create_payment_form_preview", {}, { status: "preview_only", text: ["available=false", "no paymentUrl", "17 058 ₽", "3-D Secure"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

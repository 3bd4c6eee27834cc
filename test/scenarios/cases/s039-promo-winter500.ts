import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_FIRST_RATE, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s039",
  title: "Promo WINTER500 gives a fixed 500 ₽ off, validated only",
  request: "Примени промокод WINTER500",
  budgetTokens: 2600,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    SELECT_FIRST_RATE,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "WINTER500" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод WINTER500: действителен", "500 ₽", "16 558 ₽", "не применён"], textMatches: ["priceChanged=(true|false)"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

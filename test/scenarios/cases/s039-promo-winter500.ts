import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s039",
  title: "Promo WINTER500 gives a fixed 500 ₽ off, validated only",
  request: "Примени промокод WINTER500",
  budgetTokens: 2600,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "WINTER500" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод WINTER500: действителен", "500 ₽", "16 558 ₽", "не применён"], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

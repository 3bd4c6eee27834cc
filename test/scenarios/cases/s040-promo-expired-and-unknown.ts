import { journeyStep, PLAN_KAZAN_WEEKEND, RATES_READY, SELECT_FIRST_RATE, SELECT_SAVED_OPTION } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s040",
  title: "Expired SUMMER2025 and an unknown code are reported invalid",
  request: "Попробуй промокод SUMMER2025, а если не сработает — NOSUCH77",
  budgetTokens: 2950,
  steps: [
    PLAN_KAZAN_WEEKEND,
    SELECT_SAVED_OPTION,
    RATES_READY,
    SELECT_FIRST_RATE,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "SUMMER2025" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод SUMMER2025: недействителен (expired)"], textMatches: ["priceChanged=(true|false)"], notText: ["цена после скидки"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "NOSUCH77" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод NOSUCH77: недействителен (not_found)"], textMatches: ["priceChanged=(true|false)"], notText: ["цена после скидки"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s040",
  title: "Expired SUMMER2025 and an unknown code are reported invalid",
  request: "Попробуй промокод SUMMER2025, а если не сработает — NOSUCH77",
  budgetTokens: 2950,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "SUMMER2025" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод SUMMER2025: недействителен (expired)"], textMatches: ["priceChanged=false"], notText: ["цена после скидки"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "NOSUCH77" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод NOSUCH77: недействителен (not_found)"], textMatches: ["priceChanged=false"], notText: ["цена после скидки"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const first = kazanHotel(1).rates[0]!;

export const scenario: Scenario = {
  id: "s047",
  title: "Payment form preview is description only (available=false) and points to the handoff",
  request: "Хочу оплатить прямо здесь картой",
  budgetTokens: 2500,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_create_payment_form_preview", {}, { status: "preview_only", text: ["available=false", "paymentUrl нет", rub(first.price.value), "3-D Secure"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

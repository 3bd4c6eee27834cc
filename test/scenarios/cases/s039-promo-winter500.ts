import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { kazanHotel, rateFacts, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const { checkoutPrice } = rateFacts(kazanHotel(1), 1);

export const scenario: Scenario = {
  id: "s039",
  title: "Promo WINTER500 gives a fixed 500 ₽ off, validated only",
  request: "Примени промокод WINTER500",
  budgetTokens: 2600,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "WINTER500" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод WINTER500: действителен", "500 ₽", rub(checkoutPrice.value - 500), "не применён"], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

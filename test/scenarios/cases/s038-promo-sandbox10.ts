import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { validatePromo } from "../../../scripts/sandbox/data/promo.js";
import { kazanHotel, rateFacts, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const promo = validatePromo("SANDBOX10", rateFacts(kazanHotel(1), 1).checkoutPrice);
if (!promo.valid) throw new Error("SANDBOX10 is not valid in the sandbox");

export const scenario: Scenario = {
  id: "s038",
  title: "Promo SANDBOX10 is valid: 10 % off, validated only, not applied",
  request: "У меня промокод SANDBOX10, сколько выйдет?",
  budgetTokens: 2700,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "SANDBOX10" }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "Промокод SANDBOX10: действителен", "10 %", rub(promo.priceAfterDiscount.value), "не применён"], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

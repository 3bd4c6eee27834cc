import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { validatePromo } from "../../../scripts/sandbox/data/promo.js";
import { kazanHotel, rateFacts, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const { checkoutPrice, upgrade } = rateFacts(kazanHotel(1), 1);
const promo = validatePromo("SANDBOX10", checkoutPrice);
if (!upgrade || !promo.valid) throw new Error("rate #1 of the saved Казань hotel has no upgrade, or SANDBOX10 is not valid");

export const scenario: Scenario = {
  id: "s043",
  title: "Local preview of promo, upgrade and an extra: nothing applied, no new total",
  request: "Если добавить ранний заезд, апгрейд и промокод SANDBOX10 — что получится?",
  budgetTokens: 2900,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_preview_checkout_changes", { promoCode: "SANDBOX10" }, { status: "inspection_required", retryAllowed: false, nextStep: ["tbank_hotels_inspect_checkout"] }),
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "SANDBOX10", checkUpgrade: true }, { status: "checkout_ready", text: ["freshUntil=", "Текущая цена", "₽", "[esr_"], textMatches: ["priceChanged=false"], nextStep: ["tbank_hotels_create_checkout_handoff"] }, { save: { extraRef: "checkout.extraServices.0.extraServiceOptionRef" } }),
    journeyStep("tbank_hotels_preview_checkout_changes", { promoCode: "SANDBOX10", upgrade: true, extraServiceOptionRefs: ["$extraRef"] }, { status: "changes_previewed", text: [`Текущая цена без изменений: ${rub(checkoutPrice.value)}`, "Промокод SANDBOX10: действителен", "не применён", "ранний заезд", `доплата ${rub(upgrade.checkoutPrice.value - checkoutPrice.value)}`, "Новая сумма здесь не считается"], notText: [rub(promo.priceAfterDiscount.value), "итого"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

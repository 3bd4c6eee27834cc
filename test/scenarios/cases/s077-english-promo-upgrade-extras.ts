import { validatePromo } from "../../../scripts/sandbox/data/promo.js";
import { journeyStep, planStay } from "../journey-steps.js";
import { OUR_RUSSIAN, ROOM_EN, rubEn } from "../english-facts.js";
import { kazanHotel, rateFacts } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The rates and plan answers are the search side's; this scenario pins the checkout side in English.
const { checkoutPrice, upgrade } = rateFacts(kazanHotel(1), 1);
const promo = validatePromo("SANDBOX10", checkoutPrice);
if (!upgrade || !promo.valid) throw new Error("rate #1 of the saved Казань hotel has no upgrade, or SANDBOX10 is not valid");

export const scenario: Scenario = {
  id: "s077",
  title: "English promo code, upgrade and early check-in: validated, previewed, nothing applied, all in English",
  request: "Kazan, March 12–14, the first rate of the second hotel. I have promo code SANDBOX10 — what would I pay with it, a better room and early check-in? Answer in English.",
  budgetTokens: 2900,
  steps: [
    planStay({ destination: "Kazan", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", language: "en" }, { status: "ok", isError: false, textMatches: ["journeyId=jrn_"] }, { save: { journeyId: "journeyId", optionId: "options.1.optionId" } }),
    journeyStep("tbank_hotels_select_stay_option", { optionId: "$optionId" }, { status: "ok" }),
    journeyStep("tbank_hotels_get_selected_stay_rates", {}, { status: "ready" }),
    journeyStep("tbank_hotels_select_stay_rate", { rateNumber: 1 }, { status: "rate_selected" }),
    journeyStep("tbank_hotels_preview_checkout_changes", { promoCode: "SANDBOX10" }, { status: "inspection_required", retryAllowed: false, text: ["The selected rate has not been inspected yet."], notText: OUR_RUSSIAN, nextStep: ["tbank_hotels_inspect_checkout"] }),
    journeyStep("tbank_hotels_inspect_checkout", { promoCode: "SANDBOX10", checkUpgrade: true }, {
      status: "checkout_ready",
      text: [
        `Current price ${rubEn(checkoutPrice.value)}`,
        "Promo code SANDBOX10: valid, discount 10%",
        `price after discount ${rubEn(promo.priceAfterDiscount.value)} (validation only, not applied)`,
        `Upgrade: ${ROOM_EN[upgrade.rate.roomName]}, surcharge ${rubEn(upgrade.checkoutPrice.value - checkoutPrice.value)} (total ${rubEn(upgrade.checkoutPrice.value)})`,
        "early check-in from",
      ],
      notText: OUR_RUSSIAN,
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }, { save: { extraRef: "checkout.extraServices.0.extraServiceOptionRef" } }),
    journeyStep("tbank_hotels_preview_checkout_changes", { promoCode: "SANDBOX10", upgrade: true, extraServiceOptionRefs: ["$extraRef"] }, {
      status: "changes_previewed",
      text: [
        `Current price without changes: ${rubEn(checkoutPrice.value)}`,
        "Promo code SANDBOX10: valid, discount 10%",
        "(as validated; not applied)",
        "early check-in from",
        `Upgrade: ${ROOM_EN[upgrade.rate.roomName]}, surcharge ${rubEn(upgrade.checkoutPrice.value - checkoutPrice.value)}`,
        "No new total is computed here",
      ],
      notText: [...OUR_RUSSIAN, rubEn(promo.priceAfterDiscount.value), "total ₽"],
      nextStep: ["tbank_hotels_create_checkout_handoff"],
    }),
  ],
};

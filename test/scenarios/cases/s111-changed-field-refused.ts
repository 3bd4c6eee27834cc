import { executeSaved, listBookings, SAVE_PREPARED, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");
const CHANGED = "reason=fields_changed";

export const scenario: Scenario = {
  id: "s111",
  title: "A model that changes one field after prepare (another promo code, another bookingRef): preparation_invalid, nothing sent, the order unchanged",
  request: "Примени промокод SANDBOX10 к неоплаченной брони в Питере",
  budgetTokens: 1150,
  setup: { writes: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: ["AWAITING_PAYMENT"] }, { spb: "Санкт-Петербург", kazan: "Казань" }),
    step("tbank_hotels_prepare_promo_code", { bookingRef: "$spb", promoCode: "SANDBOX10" }, { status: "prepared", text: ["kind=promo_code", "SANDBOX10", "$spb"], maxTokens: 450 }, { save: SAVE_PREPARED }),
    // The same hash, phrase and timestamps with another code: the hash is over every field.
    executeSaved("tbank_hotels_execute_promo_code", { bookingRef: "$spb", promoCode: "WINTER500" }, {
      status: "preparation_invalid",
      isError: false,
      retryAllowed: false,
      text: [CHANGED, "the fields differ from the prepared request"],
      nextStep: ["nothing was sent", "tbank_hotels_prepare_promo_code again", "let the person approve that one"],
      notText: ["committed", "applied"],
      maxTokens: 200,
    }),
    // And with another booking.
    executeSaved("tbank_hotels_execute_promo_code", { bookingRef: "$kazan", promoCode: "SANDBOX10" }, {
      status: "preparation_invalid",
      retryAllowed: false,
      text: [CHANGED],
      nextStep: ["nothing was sent"],
      notText: ["committed", "applied"],
      maxTokens: 200,
    }),
    // No discount reached the order: the price the person pays is as before.
    step("tbank_hotels_get_booking", { bookingRef: "$spb" }, { status: "ok", text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"], maxTokens: 250 }),
  ],
};

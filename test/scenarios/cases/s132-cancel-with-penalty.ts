import { executeSaved, listBookings, SAVE_PREPARED, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const ekb = bookingIn("Екатеринбург");
const ekbEn = bookingIn("Екатеринбург", "en");
if (ekb.paymentStatus !== "PAID" || ekb.freeCancellationUntil !== undefined || ekb.penaltyDecimal !== ekb.amountDecimal) {
  throw new Error("s132 expects the Екатеринбург booking paid, with no free deadline and the whole price as its penalty");
}

export const scenario: Scenario = {
  id: "s132",
  title: "Cancel a booking whose penalty is in force: the approval screen says it is not free now and the penalty; committed with the provider's penalty and refund",
  request: "Отмени бронь в Екатеринбурге, даже если будет штраф.",
  budgetTokens: 1100,
  setup: { writes: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: [`"${ekb.hotelName}", "Екатеринбург"`] }, { ekb: "Екатеринбург" }),
    // No free deadline in the terms: «нет данных», and the penalty with nothing beside it to contradict.
    step("tbank_hotels_preview_cancellation", { bookingRef: "$ekb" }, { status: "ok", text: ["cancelled=false", ekb.penalty], textOnly: ["бесплатная отмена: нет данных"], notText: ["бесплатная отмена до"], maxTokens: 160 }),
    step(
      "tbank_hotels_prepare_cancellation",
      { bookingRef: "$ekb" },
      { status: "prepared", nextStep: ["whether cancelling is free now or its penalty", "the refund is stated only in the provider's answer"], notText: ["penalty and refund from tbank_hotels_preview_cancellation"] },
      { save: SAVE_PREPARED },
    ),
    executeSaved(
      "tbank_hotels_execute_cancellation",
      { bookingRef: "$ekb" },
      {
        status: "committed",
        isError: false,
        // The whole price as penalty: the provider states the refund, here nothing back.
        text: ["status=CANCELLED", `penalty=${ekb.amountDecimal} ${ekb.currency} (${ekb.paymentPrice})`, `refund=0 ${ekb.currency}`],
        nextStep: ["penalty and refund"],
        maxTokens: 250,
      },
      {
        person: "approve",
        screen: [`Cancellation      not free now: a penalty of ${ekbEn.penalty} applies since`, `cancels the booking with a penalty of ${ekbEn.penalty} by the provider's terms; the provider states the refund in its answer`, "payment status PAID"],
      },
    ),
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s087",
  title: "The overview of an unpaid booking names the follow-ups its status allows: payment handoff and cancellation terms, no voucher",
  request: "Что с моей бронью в Питере и что с ней можно сделать?",
  budgetTokens: 560,
  setup: { login: true },
  steps: [
    listBookings({ status: "active", limit: 2 }, { status: "ok", text: ["AWAITING_PAYMENT"] }, { spb: "Санкт-Петербург" }),
    step(
      "tbank_hotels_get_booking_overview",
      { bookingRef: "$spb" },
      {
        status: "ok",
        text: ["AWAITING_PAYMENT", spb.dates, spb.paymentPrice, "WAITING_FOR_PAYMENT"],
        nextStep: ["AWAITING_PAYMENT booking", "tbank_hotels_create_payment_handoff_preview", "tbank_hotels_preview_cancellation"],
        notText: ["tbank_hotels_save_voucher"],
        maxTokens: 260,
      },
    ),
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const sochi = bookingIn("Сочи");

export const scenario: Scenario = {
  id: "s081",
  title: "A cancelled booking with dates still ahead is not cancellable again; its raw payment status is shown, not a refund estimate",
  request: "Сколько мне вернут, если отменить поездку в Сочи?",
  budgetTokens: 460,
  setup: { login: true },
  steps: [
    // Cancelled stays are past even when their dates are ahead: the past list holds it, unmarked.
    listBookings({ status: "past" }, { status: "ok", text: [`CANCELLED | "${sochi.hotelName}", "Сочи"`], notText: ["предстоит"] }, { sochi: "Сочи" }),
    step(
      "tbank_hotels_preview_cancellation",
      { bookingRef: "$sochi" },
      {
        status: "booking_not_cancellable",
        isError: false,
        retryAllowed: false,
        text: ["bookingStatus=CANCELLED", sochi.paymentStatus],
        textOnly: [`статус оплаты: ${sochi.paymentStatus}`],
        nextStep: ["already CANCELLED", "Do not retry"],
        notText: ["cancelled=false", "бесплатная отмена", sochi.penalty],
        maxTokens: 80,
      },
    ),
  ],
};

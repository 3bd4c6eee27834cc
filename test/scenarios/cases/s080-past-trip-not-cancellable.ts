import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const yerevan = bookingIn("Ереван");

export const scenario: Scenario = {
  id: "s080",
  title: "A completed trip has nothing to cancel: booking_not_cancellable with its status, not a penalty preview",
  request: "Отмени мою прошлую поездку в Ереван — сколько вернут?",
  budgetTokens: 450,
  setup: { login: true },
  steps: [
    listBookings({ status: "past" }, { status: "ok", text: [`"${yerevan.hotelName}", "Ереван"`, "COMPLETED"] }, { yvn: "Ереван" }),
    step(
      "tbank_hotels_preview_cancellation",
      { bookingRef: "$yvn" },
      {
        status: "booking_not_cancellable",
        isError: false,
        retryAllowed: false,
        text: ["bookingStatus=COMPLETED", yerevan.paymentStatus],
        nextStep: ["nothing to cancel", "already COMPLETED", "not a refund amount"],
        notText: ["cancelled=false", "штраф", "penalty", yerevan.penalty],
        maxTokens: 80,
      },
    ),
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s088",
  title: "Paying a booking that is already paid: nothing to pay, no handoff ref, no pointer to a payment page",
  request: "Оплати мою бронь в Казани",
  budgetTokens: 440,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: [`CONFIRMED | "${kazan.hotelName}", "Казань"`] }, { kazan: "Казань" }),
    step(
      "tbank_hotels_create_payment_handoff_preview",
      { bookingRef: "$kazan" },
      {
        status: "nothing_to_pay",
        isError: false,
        retryAllowed: false,
        text: ["bookingStatus=CONFIRMED", kazan.paymentStatus],
        textOnly: [`статус оплаты: ${kazan.paymentStatus}`],
        nextStep: ["nothing to pay", "no paymentHandoffRef", "Do not retry"],
        notText: ["phr_", "tbank_banking_preview_hotel_payment", "orders", "If the person chooses to pay"],
        maxTokens: 90,
      },
    ),
  ],
};

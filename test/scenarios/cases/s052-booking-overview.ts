import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s052",
  title: "Short overview of the Kazan booking, pointing to the follow-ups a CONFIRMED booking has",
  request: "Напомни, что у меня за бронь в Казани",
  budgetTokens: 720,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: [`"${kazan.hotelName}", "Казань"`] }, { kazan: "Казань" }),
    {
      tool: "tbank_hotels_get_booking_overview",
      args: { bookingRef: "$kazan" },
      expect: {
        status: "ok",
        text: ["CONFIRMED", `"${kazan.hotelName}", "Казань"`, kazan.dates, kazan.paymentPrice, String(kazan.freeCancellationShown), kazan.penalty],
        textOnly: ["гостей: 2", "цена оплаты, указанная в брони", `бесплатная отмена до ${String(kazan.freeCancellationShown)}`, `штраф после ${String(kazan.freeCancellationShown)}: ${kazan.penalty}`],
        nextStep: ["tbank_hotels_save_voucher", "tbank_hotels_preview_cancellation"],
        notText: ["%PDF", "tbank_hotels_create_payment_handoff_preview"],
        maxTokens: 260,
      },
    },
  ],
};

import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s052",
  title: "Short overview of the Kazan booking, pointing to save_voucher for the file",
  request: "Напомни, что у меня за бронь в Казани",
  budgetTokens: 720,
  setup: { login: true },
  steps: [
    listBookings(undefined, { status: "ok", text: ["Хостел «Адмирал», Казань"] }, { kazan: "Казань" }),
    {
      tool: "tbank_hotels_get_booking_overview",
      args: { bookingRef: "$kazan" },
      expect: {
        status: "ok",
        text: ["CONFIRMED", "Хостел «Адмирал», Казань", `${kazan.checkinDate} → ${kazan.checkoutDate}`, kazan.paymentPrice, String(kazan.freeCancellationUntil), kazan.penalty],
        textOnly: ["гостей: 2", "paymentPrice (as observed)", `бесплатная отмена до ${String(kazan.freeCancellationUntil)}`, `штраф: ${kazan.penalty}`],
        nextStep: ["tbank_hotels_save_voucher"],
        notText: ["%PDF"],
        maxTokens: 200,
      },
    },
  ],
};

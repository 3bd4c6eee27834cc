import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s052",
  title: "Short overview of the Kazan booking, pointing to save_voucher for the file",
  request: "Напомни, что у меня за бронь в Казани",
  budgetTokens: 720,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_list_bookings", expect: { status: "ok", text: ["Хостел «Адмирал», Казань"] }, save: { kazan: "bookings.2.bookingRef" } },
    {
      tool: "tbank_hotels_get_booking_overview",
      args: { bookingRef: "$kazan" },
      expect: {
        status: "ok",
        retryAllowed: false,
        text: ["CONFIRMED", "Хостел «Адмирал», Казань", "2026-12-30 → 2027-01-01", "гостей: 2", "paymentPrice (as observed)", "бесплатная отмена до 2026-12-29T18:00:00+03:00", "штраф: 6239 RUB"],
        nextStep: ["tbank_hotels_save_voucher"],
        notText: ["%PDF"],
        maxTokens: 200,
      },
    },
  ],
};

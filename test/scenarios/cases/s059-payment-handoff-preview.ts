import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s059",
  title: "Payment handoff for the unpaid booking: a ref and the observed price, never an amount owed",
  request: "Сколько стоит моя бронь в Питере и можно ли её оплатить через банк?",
  budgetTokens: 280,
  setup: { login: true },
  steps: [
    listBookings({ limit: 1 }, { status: "ok", text: ["AWAITING_PAYMENT"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_create_payment_handoff_preview",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        textMatches: ["paymentHandoffRef=phr_[A-Za-z0-9_-]{43}", "expiresAt: \\d{4}-\\d{2}-\\d{2}T"],
        text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"],
        textOnly: ["paymentPrice as observed at", "raw paymentStatus: WAITING_FOR_PAYMENT (not a permission to pay)"],
        nextStep: ["tbank_banking_preview_hotel_payment", "single use", "nothing is paid"],
        notText: ["balance", "к оплате", "Balance"],
        maxTokens: 180,
      },
    },
  ],
};

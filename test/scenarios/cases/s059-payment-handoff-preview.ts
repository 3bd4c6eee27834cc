import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s059",
  title: "Payment handoff for the unpaid booking: a ref and the observed price, never an amount owed",
  request: "Сколько стоит моя бронь в Питере и можно ли её оплатить через банк?",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens); payment answers end with where the person pays.
  budgetTokens: 470,
  setup: { login: true },
  steps: [
    listBookings({ status: "active", limit: 2 }, { status: "ok", text: ["AWAITING_PAYMENT"] }, { spb: "Санкт-Петербург" }),
    {
      tool: "tbank_hotels_create_payment_handoff_preview",
      args: { bookingRef: "$spb" },
      expect: {
        status: "ok",
        isError: false,
        textMatches: ["paymentHandoffRef=phr_[A-Za-z0-9_-]{43} \\(действует до \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} \\(UTC\\)\\)"],
        text: [spb.paymentPrice, `amountDecimal=${spb.amountDecimal} ${spb.currency}`, "WAITING_FOR_PAYMENT"],
        textOnly: ["цена оплаты, указанная в брони", "статус оплаты: WAITING_FOR_PAYMENT (слово провайдера, не разрешение платить)"],
        nextStep: ["tbank_banking_preview_hotel_payment", "single use", "Nothing is paid"],
        notText: ["balance", "к оплате", "Balance", "you owe"],
        maxTokens: 200,
      },
    },
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// A bank that serves its orders page elsewhere: both servers read the one setting.
const ORDERS_PAGE = "https://travel.example.test/cabinet/orders/";

export const scenario: Scenario = {
  id: "s083",
  title: "Where to pay follows TBANK_HOTELS_ORDERS_PAGE_URL in the Hotels handoff and in the Banking preview (English)",
  request: "Can I pay for my Saint Petersburg booking? Don't pay anything, just tell me where. Answer in English.",
  budgetTokens: 720,
  setup: { login: true, env: { TBANK_HOTELS_ORDERS_PAGE_URL: ORDERS_PAGE } },
  steps: [
    listBookings({ status: "active", language: "en" }, { status: "ok", text: ["AWAITING_PAYMENT"] }, { spb: "Санкт-Петербург" }),
    step(
      "tbank_hotels_create_payment_handoff_preview",
      { bookingRef: "$spb", language: "en" },
      { status: "ok", textOnly: ["payment price observed on the booking: ₽", "paymentStatus: WAITING_FOR_PAYMENT (raw provider word, not a permission to pay)"], nextStep: [`T-Bank app: ${ORDERS_PAGE}`], notText: ["www.tbank.ru/travel/orders", "цена оплаты"], maxTokens: 200 },
      { save: { phr: "paymentHandoffRef" } },
    ),
    step(
      "tbank_banking_preview_hotel_payment",
      { paymentHandoffRef: "$phr", language: "en" },
      { status: "ok", textOnly: ["nothing was paid", "payment price observed on the booking: ₽"], textMatches: ["paymentStatus \\(observed \\d+ (s|min) ago\\)"], nextStep: [`T-Bank app: ${ORDERS_PAGE}`], notText: ["www.tbank.ru/travel/orders", "ничего не оплачено", "you owe"], maxTokens: 180 },
      { server: "banking" },
    ),
  ],
};

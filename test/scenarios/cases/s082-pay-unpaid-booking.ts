import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");
const ORDERS_PAGE = "https://www.tbank.ru/travel/orders/";

export const scenario: Scenario = {
  id: "s082",
  title: "Paying the unpaid booking: the listing names the handoff, the handoff and the bank preview end with where the person pays",
  request: "Оплати мою неоплаченную бронь",
  budgetTokens: 720,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: ["AWAITING_PAYMENT"], nextStep: ["tbank_hotels_create_payment_handoff_preview (AWAITING_PAYMENT)"] }, { spb: "Санкт-Петербург" }),
    step(
      "tbank_hotels_create_payment_handoff_preview",
      { bookingRef: "$spb" },
      { status: "ok", text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"], nextStep: ["Nothing is paid here", `T-Bank app: ${ORDERS_PAGE}`], notText: ["you owe", "к оплате", "ord_"], maxTokens: 200 },
      { save: { phr: "paymentHandoffRef" } },
    ),
    step(
      "tbank_banking_preview_hotel_payment",
      { paymentHandoffRef: "$phr" },
      { status: "ok", text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"], textOnly: ["ничего не оплачено"], nextStep: ["Nothing was paid", `T-Bank app: ${ORDERS_PAGE}`], notText: ["you owe", "к оплате", "paid=true"], maxTokens: 180 },
      { server: "banking" },
    ),
  ],
};

import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s061",
  title: "A second preview of a used payment handoff is capability_consumed; a new handoff works",
  request: "Ещё раз покажи через банк статус оплаты брони в Питере",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens); payment answers end with where the person pays.
  budgetTokens: 1080,
  setup: { login: true },
  steps: [
    listBookings({ status: "active" }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "$spb" }, expect: { status: "ok", text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"], textOnly: ["статус оплаты: WAITING_FOR_PAYMENT"] }, save: { phr: "paymentHandoffRef" } },
    { server: "banking", tool: "tbank_banking_preview_hotel_payment", args: { paymentHandoffRef: "$phr" }, expect: { status: "ok", text: ["WAITING_FOR_PAYMENT"], textOnly: ["ничего не оплачено"], nextStep: ["Nothing was paid"] } },
    {
      server: "banking",
      tool: "tbank_banking_preview_hotel_payment",
      args: { paymentHandoffRef: "$phr" },
      expect: { status: "capability_consumed", isError: true, retryAllowed: false, nextStep: ["already used", "create a new one with tbank_hotels_create_payment_handoff_preview"], maxTokens: 50 },
    },
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "$spb" }, expect: { status: "ok" }, save: { phr2: "paymentHandoffRef" } },
    { server: "banking", tool: "tbank_banking_preview_hotel_payment", args: { paymentHandoffRef: "$phr2" }, expect: { status: "ok", text: [`amountDecimal=${spb.amountDecimal}`], nextStep: ["Nothing was paid"] } },
  ],
};

import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const ekb = bookingIn("Екатеринбург");

export const scenario: Scenario = {
  id: "s061",
  title: "A second preview of a used payment handoff is capability_consumed; a new handoff works",
  request: "Ещё раз покажи через банк статус оплаты брони в Екатеринбурге",
  budgetTokens: 890,
  setup: { login: true },
  steps: [
    listBookings({ limit: 2 }, { status: "ok", text: ["Екатеринбург"] }, { ekb: "Екатеринбург" }),
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "$ekb" }, expect: { status: "ok", text: [ekb.paymentPrice, "PAID"], textOnly: ["raw paymentStatus: PAID"] }, save: { phr: "paymentHandoffRef" } },
    { server: "banking", tool: "tbank_banking_preview_hotel_payment", args: { paymentHandoffRef: "$phr" }, expect: { status: "ok", text: ["nothing was paid", "PAID"] } },
    {
      server: "banking",
      tool: "tbank_banking_preview_hotel_payment",
      args: { paymentHandoffRef: "$phr" },
      expect: { status: "capability_consumed", isError: true, retryAllowed: false, nextStep: ["already used", "create a new one with tbank_hotels_create_payment_handoff_preview"], maxTokens: 50 },
    },
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "$ekb" }, expect: { status: "ok" }, save: { phr2: "paymentHandoffRef" } },
    { server: "banking", tool: "tbank_banking_preview_hotel_payment", args: { paymentHandoffRef: "$phr2" }, expect: { status: "ok", text: [`amountDecimal=${ekb.paymentPrice}`, "nothing was paid"] } },
  ],
};

import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn, rubPattern } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s060",
  title: "Banking preview of a hotel payment after a truncated-ref detour: amount as observed, nothing paid",
  request: "Проверь через банк, сколько стоит бронь в Питере и оплачена ли она. Ничего не плати",
  budgetTokens: 490,
  setup: { login: true },
  steps: [
    listBookings({ limit: 1 }, { status: "ok" }, { spb: "Санкт-Петербург" }),
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "$spb" }, expect: { status: "ok", textMatches: ["phr_"] }, save: { phr: "paymentHandoffRef" } },
    // The agent copies the ref badly: the schema refuses it before anything reaches the broker.
    {
      server: "banking",
      tool: "tbank_banking_preview_hotel_payment",
      args: { paymentHandoffRef: "phr_LUik7qMvJKKETwt6gi3Kym" },
      expect: { isError: true, text: ["invalid paymentHandoffRef"], notText: ["status=ok"], maxTokens: 60 },
    },
    {
      server: "banking",
      tool: "tbank_banking_preview_hotel_payment",
      args: { paymentHandoffRef: "$phr" },
      expect: {
        status: "ok",
        isError: false,
        text: ["nothing was paid", `amountDecimal=${spb.paymentPrice}`, "WAITING_FOR_PAYMENT"],
        textOnly: ["WAITING_FOR_PAYMENT (raw provider word, not a permission to pay)"],
        textMatches: [rubPattern(spb.paymentValue), "paymentStatus as observed \\d+ (s|min) ago"],
        nextStep: ["Nothing was paid", "hosted payment page", "used up"],
        notText: ["balance", "к оплате", "paid=true"],
        maxTokens: 180,
      },
    },
  ],
};

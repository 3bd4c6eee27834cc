import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s060",
  title: "Banking preview of a hotel payment after a truncated-ref detour: amount as observed, nothing paid, where to pay",
  request: "Проверь через банк, сколько стоит бронь в Питере и оплачена ли она. Ничего не плати",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens); payment answers end with where the person pays.
  budgetTokens: 680,
  setup: { login: true },
  steps: [
    listBookings({ status: "active", limit: 2 }, { status: "ok" }, { spb: "Санкт-Петербург" }),
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
        text: [spb.paymentPrice, `amountDecimal=${spb.amountDecimal}`, "WAITING_FOR_PAYMENT"],
        textOnly: ["ничего не оплачено", "цена оплаты, указанная в брони", "WAITING_FOR_PAYMENT (слово провайдера, не разрешение платить)"],
        textMatches: ["статус оплаты \\(получен \\d+ (с|мин) назад\\)"],
        nextStep: ["Nothing was paid", "bank's hosted page or in the T-Bank app: https://www.tbank.ru/travel/orders/", "used up"],
        notText: ["balance", "к оплате", "paid=true"],
        maxTokens: 180,
      },
    },
  ],
};

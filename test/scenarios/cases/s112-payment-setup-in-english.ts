import { OUR_RUSSIAN } from "../english-facts.js";
import { executeSaved, listBookings, SAVE_PREPARED, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург", "en");

export const scenario: Scenario = {
  id: "s112",
  title: "English: payment setup for the booking awaiting payment: the person approves, the hosted page URL comes back, and nothing is paid until they pay there",
  request: "Set up payment for my St Petersburg booking that's still unpaid — I'll pay by card on the page. Reply in English.",
  budgetTokens: 1150,
  setup: { writes: true },
  steps: [
    listBookings({ status: "active", language: "en" }, { status: "ok", text: ["AWAITING_PAYMENT"], textOnly: [spb.dates], notText: ["гостей", "предстоит"] }, { spb: "Санкт-Петербург" }),
    step(
      "tbank_hotels_prepare_payment_setup",
      { bookingRef: "$spb" },
      {
        status: "prepared",
        text: ["kind=payment_setup", "POST /v1/orders/:orderId/payment/setup", "$spb", "tbank-mcp approve"],
        textMatches: ["confirmationPhrase: confirm set up payment [0-9a-f]{8}\\n"],
        nextStep: ["the amount due from tbank_hotels_get_booking", "nothing is sent yet", "tbank_hotels_execute_payment_setup"],
        notText: OUR_RUSSIAN,
        maxTokens: 450,
      },
      { save: SAVE_PREPARED },
    ),
    executeSaved(
      "tbank_hotels_execute_payment_setup",
      { bookingRef: "$spb", language: "en" },
      {
        status: "committed",
        text: ["kind=payment_setup", "$spb", `amount=${spb.amountDecimal} ${spb.currency} (${spb.paymentPrice})`],
        textMatches: ["paymentPageUrl=http://127\\.0\\.0\\.1:\\d+/_sandbox/pay/[0-9a-f]{32} paymentPageExpiresAt=2027-03-01T12:15"],
        nextStep: ["give the person paymentPageUrl", "nothing is paid until they do", "never in this chat"],
        notText: [...OUR_RUSSIAN, "CVV", "card number"],
        maxTokens: 300,
      },
      { person: "approve" },
    ),
    // No money moved: the order still waits for payment.
    step("tbank_hotels_get_booking", { bookingRef: "$spb", language: "en-US" }, { status: "ok", text: [spb.paymentPrice, "WAITING_FOR_PAYMENT"], notText: ["PAID |", "paymentStatus: PAID"], maxTokens: 220 }),
  ],
};

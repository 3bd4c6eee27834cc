import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// connection_status also reports the write gates (issue 16: bookingExecution, paymentFormExecution): +25 tokens.
export const scenario: Scenario = {
  id: "s064",
  title: "Broker configured but not running: broker_unavailable everywhere, next step is tbank-mcp login or doctor",
  request: "Покажи мои брони",
  budgetTokens: 290,
  setup: { brokerWithoutProcess: true },
  steps: [
    listBookings(undefined, { status: "broker_unavailable", isError: true, retryAllowed: false, nextStep: ["not running", "tbank-mcp login", "tbank-mcp doctor"], maxTokens: 70 }),
    step("tbank_hotels_connection_status", undefined, { text: ["customer: broker_unavailable", "tbank-mcp login"], maxTokens: 125 }),
    step("tbank_banking_connection_status", undefined, { text: ["broker=broker_unavailable"], nextStep: ["tbank-mcp login", "tbank-mcp doctor"], maxTokens: 80 }, { server: "banking" }),
    step("tbank_banking_preview_hotel_payment", { paymentHandoffRef: "phr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }, { status: "broker_unavailable", isError: true, retryAllowed: false, notText: ["nothing was paid"], maxTokens: 70 }, { server: "banking" }),
  ],
};

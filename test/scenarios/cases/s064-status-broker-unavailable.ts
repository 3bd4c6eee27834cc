import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s064",
  title: "Broker configured but not running: broker_unavailable everywhere, next step is tbank-mcp login or doctor",
  request: "Покажи мои брони",
  budgetTokens: 270,
  setup: { brokerWithoutProcess: true },
  steps: [
    { tool: "tbank_hotels_list_bookings", expect: { status: "broker_unavailable", isError: true, retryAllowed: false, nextStep: ["not running", "tbank-mcp login", "tbank-mcp doctor"], maxTokens: 70 } },
    { tool: "tbank_hotels_connection_status", expect: { text: ["customer: broker_unavailable", "tbank-mcp login"], maxTokens: 100 } },
    { server: "banking", tool: "tbank_banking_connection_status", expect: { text: ["broker=broker_unavailable"], nextStep: ["tbank-mcp login", "tbank-mcp doctor"], maxTokens: 80 } },
    {
      server: "banking",
      tool: "tbank_banking_preview_hotel_payment",
      args: { paymentHandoffRef: "phr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      expect: { status: "broker_unavailable", isError: true, retryAllowed: false, notText: ["nothing was paid"], maxTokens: 70 },
    },
  ],
};

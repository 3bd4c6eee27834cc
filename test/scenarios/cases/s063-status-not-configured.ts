import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s063",
  title: "No broker configured: both servers say not_configured and customer tools point to setup",
  request: "Почему ты не видишь мои брони?",
  budgetTokens: 250,
  steps: [
    { tool: "tbank_hotels_connection_status", expect: { isError: false, text: ["customer: not_configured", "tbank-mcp setup", "searchReady=true"], maxTokens: 90 } },
    { server: "banking", tool: "tbank_banking_connection_status", expect: { isError: false, text: ["broker=not_configured", "paymentExecution=unavailable"], nextStep: ["tbank-mcp setup"], maxTokens: 70 } },
    {
      tool: "tbank_hotels_list_bookings",
      expect: { status: "customer_tools_not_configured", isError: true, retryAllowed: false, nextStep: ["tbank-mcp setup", "tbank-mcp login", "never through this chat"], maxTokens: 70 },
    },
    { server: "banking", tool: "tbank_banking_get_hotel_preferences", expect: { status: "customer_tools_not_configured", isError: true, retryAllowed: false, nextStep: ["tbank-mcp setup"], maxTokens: 70 } },
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// connection_status also reports the write gates (issue 16: bookingExecution, paymentFormExecution): +25 tokens.
export const scenario: Scenario = {
  id: "s063",
  title: "No broker configured: both servers say not_configured and customer tools point to setup",
  request: "Почему ты не видишь мои брони?",
  budgetTokens: 290,
  steps: [
    step("tbank_hotels_connection_status", undefined, { isError: false, text: ["customer: not_configured", "tbank-mcp setup", "searchReady=true"], maxTokens: 115 }),
    step("tbank_banking_connection_status", undefined, { isError: false, text: ["broker=not_configured", "paymentExecution=unavailable"], nextStep: ["tbank-mcp setup"], maxTokens: 70 }, { server: "banking" }),
    listBookings(undefined, { status: "customer_tools_not_configured", isError: true, retryAllowed: false, nextStep: ["tbank-mcp setup", "tbank-mcp login", "never through this chat"], maxTokens: 70 }),
    step("tbank_banking_get_hotel_preferences", undefined, { status: "customer_tools_not_configured", isError: true, retryAllowed: false, nextStep: ["tbank-mcp setup"], maxTokens: 70 }, { server: "banking" }),
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// connection_status also reports the write gates (issue 16: bookingExecution, paymentFormExecution): +25 tokens.
export const scenario: Scenario = {
  id: "s065",
  title: "Broker running but signed out: customer tools answer mobile_login_required and point to tbank-mcp login",
  request: "Покажи мои брони и под каким я аккаунтом",
  budgetTokens: 335,
  setup: { brokerLoggedOut: true },
  steps: [
    listBookings(undefined, { status: "mobile_login_required", isError: true, retryAllowed: false, nextStep: ["tbank-mcp login", "never through this chat"], maxTokens: 50 }),
    step("tbank_hotels_get_customer", undefined, { status: "mobile_login_required", retryAllowed: false, nextStep: ["tbank-mcp login"], notText: ["Анна"], maxTokens: 50 }),
    step("tbank_hotels_get_booking", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }, { status: "mobile_login_required", nextStep: ["tbank-mcp login"], maxTokens: 50 }),
    step("tbank_hotels_connection_status", undefined, { text: ["customer: mobile_login_required", "tbank-mcp login"], maxTokens: 115 }),
    step("tbank_banking_connection_status", undefined, { text: ["broker=mobile_login_required"], nextStep: ["tbank-mcp login", "then ask again"], maxTokens: 70 }, { server: "banking" }),
    step("tbank_banking_get_hotel_preferences", undefined, { status: "mobile_login_required", isError: true, retryAllowed: false, nextStep: ["tbank-mcp login"], maxTokens: 50 }, { server: "banking" }),
  ],
};

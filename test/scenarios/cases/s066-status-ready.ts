import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";

// connection_status also reports the write gates (issue 16: bookingExecution, paymentFormExecution): +25 tokens.
export const scenario: Scenario = {
  id: "s066",
  title: "Signed in: both connection statuses report ready, and a customer read confirms it",
  request: "Проверь, подключён ли мой банк и видишь ли ты мои брони",
  // A one-booking page is ~160 tokens as JSON: ref, status, hotel, city, ISO dates, guests, the
  // upcoming mark, paging, and (issue 14) the follow-up tools its status allows; Cyrillic names cost
  // about twice their Latin length, and the random bookingRef tokenizes to a few tokens more or less.
  budgetTokens: 325,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_connection_status", expect: { isError: false, text: ["customer: mobile_read_only_ready", "networkReachability=not_checked"], notText: ["tbank-mcp login"], maxTokens: 95 } },
    {
      server: "banking",
      tool: "tbank_banking_connection_status",
      expect: { isError: false, text: ["broker=mobile_read_only_ready", "paymentExecution=unavailable"], nextStep: ["tbank_banking_get_hotel_preferences", "tbank_hotels_create_payment_handoff_preview"], maxTokens: 80 },
    },
    listBookings({ limit: 1 }, { status: "ok", text: ["total=7"], maxTokens: 170 }),
  ],
};

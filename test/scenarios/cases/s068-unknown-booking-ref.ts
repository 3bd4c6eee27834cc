import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s068",
  title: "A well-formed bookingRef unknown to this session is invalid_ref with advice to list again",
  request: "Покажи бронь bkr_AAAAAAAAAAAAAAAAAAAAAA из прошлого разговора",
  budgetTokens: 390,
  setup: { login: true },
  steps: [
    {
      tool: "tbank_hotels_get_booking",
      args: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" },
      expect: { status: "invalid_ref", isError: true, retryAllowed: false, nextStep: ["unknown to this session", "call tbank_hotels_list_bookings again"], maxTokens: 40 },
    },
    { tool: "tbank_hotels_create_payment_handoff_preview", args: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }, expect: { status: "invalid_ref", retryAllowed: false, nextStep: ["tbank_hotels_list_bookings again"], notText: ["phr_"], maxTokens: 40 } },
    { tool: "tbank_hotels_list_bookings", args: { limit: 2 }, expect: { status: "ok", text: ["hasMore=true"] }, save: { ref: "bookings[city=Екатеринбург].bookingRef" } },
    { tool: "tbank_hotels_get_booking", args: { bookingRef: "$ref" }, expect: { status: "ok", text: ["Cosmos «Меридиан», Екатеринбург", "CONFIRMED"] } },
  ],
};

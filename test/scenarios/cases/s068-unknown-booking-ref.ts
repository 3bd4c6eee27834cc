import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s068",
  title: "A well-formed bookingRef unknown to this session is invalid_ref with advice to list again",
  request: "Покажи бронь bkr_AAAAAAAAAAAAAAAAAAAAAA из прошлого разговора",
  // Raised with issue 14: the listing names the follow-ups of each status, and the booking keeps ISO
  // dates and decimals beside the displayed ones.
  budgetTokens: 600,
  setup: { login: true },
  steps: [
    step("tbank_hotels_get_booking", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }, { status: "invalid_ref", isError: true, retryAllowed: false, nextStep: ["unknown to this session", "call tbank_hotels_list_bookings again"], maxTokens: 40 }),
    step("tbank_hotels_create_payment_handoff_preview", { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" }, { status: "invalid_ref", retryAllowed: false, nextStep: ["tbank_hotels_list_bookings again"], notText: ["phr_"], maxTokens: 40 }),
    listBookings({ status: "active" }, { status: "ok", text: ["hasMore=false"] }, { ref: "Екатеринбург" }),
    step("tbank_hotels_get_booking", { bookingRef: "$ref" }, { status: "ok", text: [`"Cosmos «Меридиан»", "Екатеринбург"`, "CONFIRMED"] }),
  ],
};

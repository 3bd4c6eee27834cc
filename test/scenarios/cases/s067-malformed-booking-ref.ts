import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s067",
  title: "Malformed bookingRefs are refused locally; the agent lists bookings and uses a real ref",
  request: "Покажи бронь номер 12345 и условия отмены",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens).
  budgetTokens: 490,
  setup: { login: true },
  steps: [
    { tool: "tbank_hotels_get_booking", args: { bookingRef: "12345" }, expect: { status: "invalid_ref", isError: true, retryAllowed: false, nextStep: ["exactly as tbank_hotels_list_bookings returned it"], maxTokens: 40 } },
    // Right prefix and length, but a last character no canonical ref can end with.
    { tool: "tbank_hotels_preview_cancellation", args: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAB" }, expect: { status: "invalid_ref", retryAllowed: false, nextStep: ["exactly as"], maxTokens: 40 } },
    { tool: "tbank_hotels_save_voucher", args: { bookingRef: "bkr_9P64cuf4NZgfE7Mk" }, expect: { status: "invalid_ref", retryAllowed: false, nextStep: ["exactly as"], notText: ["voucher saved"], maxTokens: 40 } },
    listBookings({ status: "active", limit: 2 }, { status: "ok" }, { ref: "Санкт-Петербург" }),
    { tool: "tbank_hotels_preview_cancellation", args: { bookingRef: "$ref" }, expect: { status: "ok", text: ["cancelled=false", spb.penalty], textOnly: [`штраф после ${String(spb.freeCancellationShown)}: ${spb.penalty}`] } },
  ],
};

import { getPrompt, listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s351",
  title: "cancellation_cost prompt with the trip in words: find it, then the preview; nothing cancelled",
  request: "/cancellation_cost поездка в Питер",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    getPrompt("cancellation_cost", { booking: "поездка в Питер" }, { text: ["«поездка в Питер»", "tbank_hotels_list_bookings со status=active", "tbank_hotels_preview_cancellation"], maxTokens: 200 }),
    listBookings({ status: "active" }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    step("tbank_hotels_preview_cancellation", { bookingRef: "$spb" }, { status: "ok", text: ["cancelled=false", spb.penalty], nextStep: ["nothing was cancelled"] }),
  ],
};

import { getPrompt, listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург", "en");

export const scenario: Scenario = {
  id: "s352",
  title: "cancellation_cost prompt in English: the preview in English, nothing cancelled",
  request: "/cancellation_cost my St Petersburg trip",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    getPrompt("cancellation_cost", { booking: "my St Petersburg trip", language: "en" }, { text: ['"my St Petersburg trip"', "tbank_hotels_preview_cancellation with its bookingRef"], maxTokens: 200 }),
    listBookings({ status: "active", language: "en" }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    step("tbank_hotels_preview_cancellation", { bookingRef: "$spb", language: "en" }, { status: "ok", text: ["cancelled=false", spb.penalty], nextStep: ["nothing was cancelled"] }),
  ],
};

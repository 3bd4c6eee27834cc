import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const yvn = bookingIn("Ереван");

export const scenario: Scenario = {
  id: "s069",
  title: "English request: Yerevan stay details, cancellation terms and voucher",
  request: "What did I book in Yerevan? Show me the cancellation terms and save the voucher — don't cancel anything.",
  budgetTokens: 960,
  setup: { login: true },
  steps: [
    listBookings(undefined, { status: "ok", text: ["Sokos «Соборный», Ереван", "COMPLETED"] }, { yvn: "Ереван" }),
    { tool: "tbank_hotels_get_booking_overview", args: { bookingRef: "$yvn" }, expect: { status: "ok", text: [`${yvn.checkinDate} → ${yvn.checkoutDate}`, yvn.paymentPrice], textOnly: ["paymentPrice (as observed)"] } },
    { tool: "tbank_hotels_preview_cancellation", args: { bookingRef: "$yvn" }, expect: { status: "ok", text: ["cancelled=false", yvn.penalty], textOnly: [`штраф: ${yvn.penalty}`], nextStep: ["nothing was cancelled"] } },
    { tool: "tbank_hotels_save_voucher", args: { bookingRef: "$yvn" }, expect: { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf", "sha256 [0-9a-f]{64}"], nextStep: ["tell the person the file path"] } },
  ],
};

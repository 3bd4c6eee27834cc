import { listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const yvn = bookingIn("Ереван", "en");

export const scenario: Scenario = {
  id: "s069",
  title: "English request: Yerevan stay details in English formats; a completed stay has nothing to cancel; voucher saved",
  request: "What did I book in Yerevan? Show me the cancellation terms and save the voucher — don't cancel anything.",
  budgetTokens: 960,
  setup: { login: true },
  steps: [
    listBookings({ status: "past", language: "en" }, { status: "ok", text: [`"${yvn.hotelName}", "Ереван"`, "COMPLETED"], textOnly: [yvn.dates, "guests: 2"] }, { yvn: "Ереван" }),
    {
      tool: "tbank_hotels_get_booking_overview",
      args: { bookingRef: "$yvn", language: "en" },
      expect: { status: "ok", text: [yvn.dates, yvn.paymentPrice], textOnly: [`payment price observed on the booking: ${yvn.paymentPrice}`], notText: ["гостей", "нет данных"] },
    },
    {
      tool: "tbank_hotels_preview_cancellation",
      args: { bookingRef: "$yvn", language: "en" },
      expect: { status: "booking_not_cancellable", isError: false, retryAllowed: false, text: ["bookingStatus=COMPLETED"], nextStep: ["nothing to cancel"], notText: ["penalty", "cancelled=false"] },
    },
    { tool: "tbank_hotels_save_voucher", args: { bookingRef: "$yvn" }, expect: { status: "ok", textMatches: ["voucher-[A-Za-z0-9_-]+\\.pdf", "sha256 [0-9a-f]{64}"], nextStep: ["tell the person the file path"] } },
  ],
};

import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");
const sochi = bookingIn("Сочи");
const yerevan = bookingIn("Ереван");

export const scenario: Scenario = {
  id: "s050",
  title: "Signed-in person pages through their bookings three at a time: active ones first, then the past",
  request: "Покажи мои брони, по три за раз",
  // Raised with issue 14: a listing now marks upcoming stays and its next step names every follow-up
  // tool that fits the listed statuses (~60 tokens); payment answers end with where the person pays.
  budgetTokens: 780,
  setup: { login: true },
  steps: [
    step(
      "tbank_hotels_list_bookings",
      { limit: 3 },
      { status: "ok", isError: false, text: ["total=7", "hasMore=true", `"${spb.hotelName}", "Санкт-Петербург"`, "AWAITING_PAYMENT"], textOnly: [spb.dates], nextStep: ["offset=3", "tbank_hotels_create_payment_handoff_preview (AWAITING_PAYMENT)"], notText: [sochi.hotelName], maxTokens: 350 },
      { save: { next: "nextOffset" } },
    ),
    step(
      "tbank_hotels_list_bookings",
      { offset: "$next", limit: 3 },
      { status: "ok", text: ["hasMore=true", `"${sochi.hotelName}", "Сочи"`, "CANCELLED", "COMPLETED"], nextStep: ["offset=6", "tbank_hotels_save_voucher (CONFIRMED, COMPLETED)"], notText: [spb.hotelName, "предстоит", "tbank_hotels_preview_cancellation"], maxTokens: 300 },
      { save: { next: "nextOffset" } },
    ),
    listBookings({ offset: "$next", limit: 3 }, { status: "ok", text: ["hasMore=false", `"${yerevan.hotelName}", "Ереван"`], textMatches: ["bkr_[A-Za-z0-9_-]{22}"], nextStep: ["tbank_hotels_get_booking_overview"], maxTokens: 150 }),
  ],
};

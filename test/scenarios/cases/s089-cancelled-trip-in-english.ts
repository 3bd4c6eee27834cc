import { listBookings, step } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const sochi = bookingIn("Сочи", "en");

export const scenario: Scenario = {
  id: "s089",
  title: "In English: whose account it is, and a cancelled trip reads as cancelled, with no free cancellation or penalty on offer",
  request: "In English please: whose account are you using, and can I still cancel my Sochi trip for free?",
  budgetTokens: 620,
  setup: { login: true },
  steps: [
    step("tbank_hotels_get_customer", { language: "en" }, { status: "ok", isError: false, text: ["Анна"], textOnly: ["account: Анна", "email: yes", "phone: yes"], notText: ["аккаунт", "есть", "@", "+7"], maxTokens: 50 }),
    listBookings({ status: "past", language: "en" }, { status: "ok", text: [`CANCELLED | "${sochi.hotelName}", "Сочи"`] }, { sochi: "Сочи" }),
    step(
      "tbank_hotels_get_booking_overview",
      { bookingRef: "$sochi", language: "en" },
      {
        status: "ok",
        text: ["CANCELLED", `"${sochi.hotelName}", "Сочи"`, sochi.dates, "the booking is already cancelled"],
        notText: ["free cancellation", sochi.penalty, "penalty", "бесплатная отмена", "tbank_hotels_preview_cancellation"],
        maxTokens: 260,
      },
    ),
  ],
};

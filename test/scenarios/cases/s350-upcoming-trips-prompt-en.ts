import { getPrompt, listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань", "en");

export const scenario: Scenario = {
  id: "s350",
  title: "upcoming_trips prompt in English: the list in English",
  request: "/upcoming_trips (English)",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    getPrompt("upcoming_trips", { language: "en" }, { text: ['tbank_hotels_list_bookings with status=active and language="en"'], maxTokens: 150 }),
    listBookings({ status: "active", language: "en" }, { status: "ok", text: [`"${kazan.hotelName}", "Казань"`], textOnly: [kazan.dates], notText: ["гостей"] }),
  ],
};

import { getPrompt, listBookings } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const kazan = bookingIn("Казань");

export const scenario: Scenario = {
  id: "s349",
  title: "upcoming_trips prompt: one list call with status=active",
  request: "/upcoming_trips",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    getPrompt("upcoming_trips", {}, { text: ["tbank_hotels_list_bookings со status=active", "tbank-mcp login"], maxTokens: 150 }),
    listBookings({ status: "active" }, { status: "ok", text: [`"${kazan.hotelName}", "Казань"`], notText: ["Ереван"] }),
  ],
};

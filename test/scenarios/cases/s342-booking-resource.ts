import { listBookings, readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const spb = bookingIn("Санкт-Петербург");

export const scenario: Scenario = {
  id: "s342",
  title: "One booking as a resource (tbank-hotels://bookings/{bookingRef}): what get_booking shows",
  request: "Открой бронь в Питере как документ",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    listBookings({ status: "active", limit: 2 }, { status: "ok", text: ["Санкт-Петербург"] }, { spb: "Санкт-Петербург" }),
    readResource("tbank-hotels://bookings/$spb", { status: "ok", text: [`"${spb.hotelName}"`, "AWAITING_PAYMENT", spb.dates], notText: ["orderId", "@"], maxTokens: 400 }),
  ],
};

import { listBookings, readResource } from "../journey-steps.js";
import type { Scenario } from "../types.js";
import { bookingIn } from "../sandbox-facts.js";

const yvn = bookingIn("Ереван", "en");

export const scenario: Scenario = {
  id: "s343",
  title: "One booking as a resource in English; a ref the session never listed is resource-not-found",
  request: "Open my Yerevan booking as a document",
  budgetTokens: 900,
  setup: { login: true },
  steps: [
    listBookings({ status: "past", language: "en" }, { status: "ok", text: ["COMPLETED"] }, { yvn: "Ереван" }),
    readResource("tbank-hotels://bookings/$yvn?language=en", { status: "ok", text: [`"${yvn.hotelName}"`, "COMPLETED", yvn.dates], notText: ["нет данных", "orderId"], maxTokens: 400 }),
    readResource("tbank-hotels://bookings/bkr_AAAAAAAAAAAAAAAAAAAAAA?language=en", { status: "invalid_ref", isError: true, retryAllowed: false, nextStep: ["tbank_hotels_list_bookings"], maxTokens: 60 }),
  ],
};

import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s035",
  title: "Booking preview creates nothing and points to the handoff",
  request: "Сведи бронь: что я получу, если оформлю первый тариф?",
  budgetTokens: 2350,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_create_booking_preview", {}, { status: "preview_ready", textOnly: ["bookingExecution.available=false"], text: ["nothing is booked", "17 058 ₽", "за ночь 8 529 ₽"], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

import { journeyStep, KAZAN_RATE_ONE_SELECTED } from "../journey-steps.js";
import { kazanHotel, rub } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const { rates } = kazanHotel(1);
const first = rates[0]!;

export const scenario: Scenario = {
  id: "s035",
  title: "Booking preview creates nothing and points to the handoff",
  request: "Сведи бронь: что я получу, если оформлю первый тариф?",
  budgetTokens: 2500,
  steps: [
    ...KAZAN_RATE_ONE_SELECTED,
    journeyStep("tbank_hotels_create_booking_preview", {}, { status: "preview_ready", textOnly: ["bookingExecution.available=false"], text: ["ничего не забронировано", `${rub(first.price.value)} за 2 ночи`, `${rub(first.price.value / 2)} за ночь`], nextStep: ["tbank_hotels_create_checkout_handoff"] }),
  ],
};

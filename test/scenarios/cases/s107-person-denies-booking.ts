import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { kazanHotel } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const hotel = kazanHotel(1).hotel.name;

export const scenario: Scenario = {
  id: "s107",
  title: "The person denies the booking in the terminal: approval_denied, nothing sent, nothing booked, the draft stays ready",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …Нет, в терминале отклоню — передумал.",
  // The shared booking prefix (plan, rates, draft, validate, prepare) is ~3,000 tokens as JSON.
  budgetTokens: 3650,
  setup: { writes: true },
  steps: [
    ...kazanBookingPrepared(),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      {
        status: "approval_denied",
        isError: false,
        retryAllowed: false,
        text: ["state=ready", "kind=booking"],
        nextStep: ["the person denied this request; nothing was sent", "Do not ask again unless they bring it up"],
        notText: ["bookingRef", "bkr_", "confirmed"],
        maxTokens: 160,
      },
      { person: "deny" },
    ),
    listBookings({ status: "active" }, { status: "ok", text: ["total=3"], notText: [`"${hotel}", "Казань"`, "12.03.2027"], maxTokens: 400 }),
  ],
};

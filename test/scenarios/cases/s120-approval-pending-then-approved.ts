import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { APPROVAL_PENDING, PENDING_ENV } from "../pending-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s120",
  title: "The person approves after the call answered: approval_pending first, the approval itself books once, and the same call again returns that booking",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …Сейчас подтвержу в терминале, минутку.",
  budgetTokens: 4300,
  setup: { writes: true, env: PENDING_ENV },
  steps: [
    ...kazanBookingPrepared(),
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, APPROVAL_PENDING),
    // The person approves while no call waits; the repeat, unchanged, hears the one booking it made.
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      { status: "confirmed", isError: false, text: ["state=confirmed", "replayed=false"], textMatches: ["bookingRef=bkr_[A-Za-z0-9_-]{22} taskStatus=(IN_PROGRESS|SUCCESS)"], maxTokens: 600 },
      { personBefore: "approve", save: { bookingRef: "bookingRef" } },
    ),
    listBookings({ status: "active" }, { status: "ok", text: ["total=4", "$bookingRef"], maxTokens: 420 }),
  ],
};

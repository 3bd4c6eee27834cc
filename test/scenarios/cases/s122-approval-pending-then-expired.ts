import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { APPROVAL_PENDING, PENDING_ENV } from "../pending-steps.js";
import type { Scenario } from "../types.js";

// A preparation lives 5 minutes, and the request waits for the person no longer than that: past
// it, an approval could send nothing, so the request leaves the person's list and the repeat says
// the preparation expired (prepare again), with nothing sent.
export const scenario: Scenario = {
  id: "s122",
  title: "Nobody decides before the preparation expires: approval_pending first, then the same call hears preparation_invalid (expired), nothing is sent or booked",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …(человек отошёл и не подтвердил)",
  budgetTokens: 3900,
  setup: { writes: true, env: PENDING_ENV },
  steps: [
    ...kazanBookingPrepared(),
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, APPROVAL_PENDING),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      { status: "preparation_invalid", isError: false, retryAllowed: false, text: ["reason=expired", "state=ready"], nextStep: ["nothing was sent", "tbank_hotels_prepare_draft_booking"], notText: ["bkr_"], maxTokens: 220 },
      { advanceClockMs: 5 * 60_000 + 1000 },
    ),
    listBookings({ status: "active" }, { status: "ok", text: ["total=3"], maxTokens: 400 }),
  ],
};

import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { APPROVAL_PENDING, PENDING_ENV } from "../pending-steps.js";
import type { Scenario } from "../types.js";

export const scenario: Scenario = {
  id: "s121",
  title: "The person denies after the call answered: approval_pending first, the same call again hears approval_denied, nothing is sent or booked",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …Нет, отклоню в терминале — передумал.",
  budgetTokens: 3900,
  setup: { writes: true, env: PENDING_ENV },
  steps: [
    ...kazanBookingPrepared(),
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, APPROVAL_PENDING),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      { status: "approval_denied", isError: false, retryAllowed: false, text: ["state=ready"], nextStep: ["the person denied this request; nothing was sent"], notText: ["bkr_"], maxTokens: 160 },
      { personBefore: "deny" },
    ),
    listBookings({ status: "active" }, { status: "ok", text: ["total=3"], maxTokens: 400 }),
  ],
};

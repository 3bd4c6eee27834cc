import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { APPROVAL_PENDING, PENDING_ENV } from "../pending-steps.js";
import type { Expect, Scenario } from "../types.js";

// While the person has the request to approve, a new check or preparation would replace it on the
// draft and its outcome would never reach the model: both are refused, pointing back to confirm.
const AWAITING: Expect = {
  status: "awaiting_approval",
  isError: false,
  retryAllowed: false,
  text: ["awaits the person's approval; nothing was changed"],
  nextStep: ["the person has this request to approve", "tbank_hotels_confirm_booking again with the same arguments"],
  notText: ["requestHash="],
  maxTokens: 200,
};

export const scenario: Scenario = {
  id: "s123",
  title: "The model tries to check and prepare again while approval is pending: both refused, the person approves, the same confirm returns that one booking",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …Сейчас подтвержу в терминале, минутку.",
  budgetTokens: 4900,
  setup: { writes: true, env: PENDING_ENV },
  steps: [
    ...kazanBookingPrepared(),
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, APPROVAL_PENDING),
    step("tbank_hotels_prepare_draft_booking", { bookingDraftId: "$bookingDraftId" }, AWAITING),
    step("tbank_hotels_validate_checkout", { bookingDraftId: "$bookingDraftId" }, AWAITING),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      { status: "confirmed", isError: false, text: ["state=confirmed", "replayed=false"], textMatches: ["bookingRef=bkr_[A-Za-z0-9_-]{22} taskStatus=(IN_PROGRESS|SUCCESS)"], maxTokens: 600 },
      { personBefore: "approve", save: { bookingRef: "bookingRef" } },
    ),
    // One booking more than the sandbox's three: the approval sent exactly one create_booking.
    listBookings({ status: "active" }, { status: "ok", text: ["total=4", "$bookingRef"], maxTokens: 420 }),
  ],
};

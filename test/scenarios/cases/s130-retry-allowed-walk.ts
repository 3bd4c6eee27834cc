import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { kazanHotel } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

// The retryAllowed walk's own scenario: the statuses the other scenarios do not reach, each with
// its flag. The walk itself (runner.ts) checks every answer of every scenario against its next step.
const hotelId = kazanHotel(1).hotel.hotelId;

export const scenario: Scenario = {
  id: "s130",
  title: "The retryAllowed walk: a repeat is offered exactly where it can help (approval window missed, provider down), never on a final answer",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67. …Не успел подтвердить — давай ещё раз.",
  budgetTokens: 4200,
  setup: { writes: true, env: { TBANK_HOTELS_TOOLSETS: "journey,customer,booking,mutations,lowlevel" } },
  steps: [
    ...kazanBookingPrepared(),
    // Nobody approves in time: the same call, once the person is ready, is how it goes on.
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, {
      status: "approval_timeout",
      isError: false,
      retryAllowed: true,
      nextStep: ["nothing was sent", "tbank_hotels_confirm_booking again with the same bookingDraftId"],
      maxTokens: 260,
    }),
    // The repeat, unchanged, with the person approving this time: one booking.
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, { status: "confirmed", nextStep: ["Do not confirm or book again"] }, { person: "approve" }),
    // A draft this server never made: final, whatever waits.
    step("tbank_hotels_confirm_booking", { ...CONFIRM_SAVED_BOOKING, bookingDraftId: "bdr_unknown" }, { status: "draft_not_found", retryAllowed: false, nextStep: ["tbank_hotels_create_booking_draft"] }),
    // The bank down behind the broker, and the provider down under a lowlevel read: transient.
    { ...listBookings({ status: "active" }, { status: "provider_unavailable", retryAllowed: true, nextStep: ["try once more later"] }), faults: { orders: { kind: "status", status: 503 } } },
    step("tbank_hotels_get_cashback_percent", { hotelIds: [hotelId] }, { status: "provider_unavailable", retryAllowed: true, text: ["HTTP 503"], nextStep: ["try the same call once more later"] }, { faults: { cashback_percent: { kind: "status", status: 503 } } }),
    step("tbank_hotels_get_cashback_percent", { hotelIds: [hotelId] }, { status: "provider_error", retryAllowed: false, nextStep: ["Do not retry the same call"] }, { faults: { cashback_percent: { kind: "status", status: 422 } } }),
  ],
};

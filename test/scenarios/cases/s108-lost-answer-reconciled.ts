import { CONFIRM_SAVED_BOOKING, kazanBookingPrepared, listBookings, step } from "../journey-steps.js";
import { kazanHotel } from "../sandbox-facts.js";
import type { Scenario } from "../types.js";

const hotel = kazanHotel(1).hotel.name;
const AGAIN = "with the same bookingDraftId, preparedRequestHash and confirmationPhrase";

export const scenario: Scenario = {
  id: "s108",
  title: "The provider commits the booking and its answer is lost: outcome_unknown, a new preparation refused, confirm again reconciles to the one booking",
  request: "Забронируй этот номер на меня и жену: Иван Петров, Анна Петрова, почта ivan.petrov.pii@example.com, телефон +7 916 123-45-67",
  // The shared booking prefix (~3,000 tokens as JSON), two confirms and a listing.
  budgetTokens: 4300,
  setup: { writes: true },
  steps: [
    ...kazanBookingPrepared(),
    step(
      "tbank_hotels_confirm_booking",
      CONFIRM_SAVED_BOOKING,
      {
        status: "outcome_unknown",
        isError: false,
        retryAllowed: true,
        text: ["state=outcome_unknown", "the provider's answer was lost after sending"],
        nextStep: ["the write may have happened", `tbank_hotels_confirm_booking again ${AGAIN}`, "Do not create a new draft"],
        notText: ["bkr_", "status=confirmed"],
        maxTokens: 260,
      },
      { person: "approve", faults: { create_booking: { kind: "lost_response", times: 1 } } },
    ),
    // A model that tries to start over is stopped: the draft cannot change until reconciled.
    step("tbank_hotels_prepare_draft_booking", { bookingDraftId: "$bookingDraftId" }, {
      status: "outcome_unknown",
      retryAllowed: false,
      text: ["the draft cannot change until it is reconciled"],
      nextStep: [AGAIN, "Do not create a new draft or book again"],
      notText: ["status=prepared", "confirm book "],
      maxTokens: 160,
    }),
    // Nobody is asked again: the broker reconciles the sent request instead of sending another.
    step("tbank_hotels_confirm_booking", CONFIRM_SAVED_BOOKING, {
      status: "confirmed",
      text: ["reconciled=true", "replayed=false", "state=confirmed", hotel],
      textMatches: ["bookingRef=bkr_[A-Za-z0-9_-]{22}"],
      nextStep: ["Do not confirm or book again"],
      maxTokens: 450,
    }, { save: { bookingRef: "bookingRef" } }),
    listBookings({ status: "active" }, {
      status: "ok",
      text: ["total=4", "$bookingRef", `"${hotel}", "Казань"`],
      // Exactly one booking of this stay: the lost answer did not become a second order.
      textMatches: [`^(?![\\s\\S]*12\\.03\\.2027 → 14\\.03\\.2027[\\s\\S]*12\\.03\\.2027 → 14\\.03\\.2027)`],
      maxTokens: 420,
    }),
  ],
};

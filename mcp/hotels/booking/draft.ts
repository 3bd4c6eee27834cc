import type { Lang } from "../../../shared/locale.js";
import type { BookingRequest, Contacts, GuestName, PreparedWriteOf } from "../../../shared/protocol/ops-hotels-writes.js";
import type { CheckoutPublic } from "../journey/checkout.js";
import type { MoneyFacts } from "../journey/facts.js";
import type { Room } from "../journey/types.js";
import type { CancellationInput, View } from "../journey/wording.js";

// A booking draft: what create_booking_draft copied out of the journey (so the draft outlives it),
// the guests' names and contacts (the only place guest PII lives; memory only, gone on restart),
// and the write's progress. The provider's hotelId and bookHash stay in `stay`; answers never show them.

/**
 * ready → confirming → confirmed | outcome_unknown (confirm again reconciles) | pending | back to ready.
 * pending: the person has the preparation to approve; only a confirm with its hash goes on, so its
 * outcome reaches the model (a new preparation would leave it unheard in the broker).
 */
export type DraftPhase = "ready" | "confirming" | "pending" | "outcome_unknown" | "confirmed";

export interface DraftStay {
  lang: Lang;
  /** The destination's UTC offset when the draft was made: deadlines are shown on its clock. */
  offsetMinutes: number | null;
  hotelId: string;
  hotelName: string;
  bookHash: string;
  checkinDate: string;
  checkoutDate: string;
  nights: number;
  /** The search's rooms: the guests each one holds. */
  rooms: Room[];
  rate: {
    rateNumber: number;
    roomName: string;
    mealName: string | null;
    paymentType: string;
    /** The total the rates answer showed: the "old" price of a first validation. */
    price: MoneyFacts;
    cancellation: CancellationInput;
  };
}

/** The provider's checkout for the draft's rate, as validate_checkout last read it (public half only). */
export interface DraftValidation {
  checkout: CheckoutPublic;
  /** The price this validation replaced (the rate's, or the previous validation's). */
  previousPrice: MoneyFacts;
  priceChanged: boolean;
  validatedAtMs: number;
  freshUntilMs: number;
}

/** The write prepare_draft_booking built, kept so confirm needs only its hash and phrase. */
export interface DraftPreparation {
  prepared: PreparedWriteOf<"booking">;
  requestHash: string;
  confirmationPhrase: string;
}

export interface BookedFacts {
  bookingRef: string;
  taskStatus: string;
  orderStatus: string | null;
}

export interface BookingDraft {
  stay: DraftStay;
  /** Names per room, in the search's room order. */
  guests: GuestName[][];
  contacts: Contacts;
  phase: DraftPhase;
  validation: DraftValidation | null;
  preparation: DraftPreparation | null;
  booked: BookedFacts | null;
}

export function draftView(stay: Pick<DraftStay, "lang" | "offsetMinutes">, nowMs: number): View {
  return { lang: stay.lang, nowMs, offsetMinutes: stay.offsetMinutes };
}

/** The provider request the draft stands for, at the price the last validation read. */
export function bookingRequestOf(draft: BookingDraft, validation: DraftValidation): BookingRequest {
  const { stay } = draft;
  return {
    hotelId: stay.hotelId,
    bookHash: stay.bookHash,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    rooms: stay.rooms.map((room, i) => ({ adults: room.adults, childrenAges: [...room.childrenAges], guests: [...(draft.guests[i] ?? [])] })),
    contacts: draft.contacts,
    expectedPrice: { amountDecimal: validation.checkout.currentPrice.amountDecimal, currency: validation.checkout.currentPrice.currency },
  };
}

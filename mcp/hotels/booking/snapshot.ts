import type { Contacts, GuestName } from "../../../shared/protocol/ops-hotels-writes.js";
import { langOf } from "../../../shared/locale.js";
import type { JourneyOption } from "../journey/options.js";
import type { PrivateRate, PublicRate } from "../journey/rates.js";
import type { JourneyState } from "../journey/state.js";
import { destinationOffset } from "../journey/view.js";
import type { BookingDraft, DraftStay } from "./draft.js";

/** The selected rate of a journey, as checkout-common's loadSelectedRate finds it. */
export interface DraftSource {
  state: JourneyState;
  option: JourneyOption;
  rate: PublicRate;
  privateRate: PrivateRate & { bookHash: string };
}

/**
 * Copies out of the journey everything the booking needs, so the draft no longer reads the journey
 * (which may expire first). Null when the selected hotel has no provider id to book with.
 */
export function draftStayOf(source: DraftSource, nowMs: number): DraftStay | null {
  const { state, option, rate, privateRate } = source;
  if (option.hotelId === null) return null;
  const { checkinDate, checkoutDate, nights, rooms, language } = state.request;
  return {
    lang: langOf(language),
    offsetMinutes: destinationOffset(state, nowMs),
    hotelId: option.hotelId,
    hotelName: option.public.name,
    bookHash: privateRate.bookHash,
    checkinDate,
    checkoutDate,
    nights,
    rooms: rooms.map((r) => ({ adults: r.adults, childrenAges: [...r.childrenAges] })),
    rate: {
      rateNumber: rate.rateNumber,
      roomName: rate.roomName,
      mealName: rate.mealName,
      paymentType: rate.paymentType,
      price: { amountDecimal: rate.totalPriceDecimal, currency: rate.currency, display: rate.totalPriceDisplay },
      cancellation: { freeCancellationUntil: rate.freeCancellationUntil, nonRefundable: rate.nonRefundable, penaltyAfter: rate.penaltyAfter },
    },
  };
}

export function newDraft(stay: DraftStay, guests: GuestName[][], contacts: Contacts): BookingDraft {
  return { stay, guests, contacts, phase: "ready", validation: null, preparation: null, booked: null };
}

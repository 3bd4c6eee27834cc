import { isAwaitingPayment, isClosedStatus, isUpcomingBooking } from "../../../shared/bookings.js";
import { missing, type Lang } from "../../../shared/locale.js";
import type { BookingDetails, BookingSummary } from "../../../shared/protocol/ops-hotels.js";
import { quotedOr } from "../../../shared/provider-text.js";
import { formatIsoDate, formatOffsetDateTime, parseOffsetDateTime } from "../../../shared/time.js";
import { PAYMENT_WORDS } from "../../shared/payment-wording.js";
import { fact, money } from "./customer-common.js";
import { mealDisplay, roomDisplay } from "../journey/vocabulary.js";

// How the customer tools show a booking, in both channels: labels in the answer's language, money
// and dates in its one format, and beside every display string the ISO date or decimal it came from.
// Statuses stay the provider's machine words; hotel names stay as sent; room and meal names are
// said in the answer's language when recognised, else as the provider's words, marked «…».

const LABELS = {
  ru: {
    guests: "гостей",
    room: "номер",
    meal: "питание",
    ...PAYMENT_WORDS.ru,
    freeUntil: "бесплатная отмена до",
    freeEnded: "бесплатная отмена закончилась",
    free: "бесплатная отмена",
    penalty: "штраф",
    penaltyAfter: "штраф после",
    cancelledNote: "бронь уже отменена: отменять нечего",
    completedNote: "проживание завершено: отменять нечего",
    upcoming: "предстоит",
  },
  en: {
    guests: "guests",
    room: "room",
    meal: "meal",
    ...PAYMENT_WORDS.en,
    freeUntil: "free cancellation until",
    freeEnded: "free cancellation ended",
    free: "free cancellation",
    penalty: "penalty",
    penaltyAfter: "penalty after",
    cancelledNote: "the booking is already cancelled: nothing to cancel",
    completedNote: "the stay is completed: nothing to cancel",
    upcoming: "upcoming",
  },
} as const satisfies Record<Lang, Record<string, string>>;

export function labels(lang: Lang): (typeof LABELS)[Lang] {
  return LABELS[lang];
}

/** ISO check-in and check-out where known, and the display range "31.03.2027 → 02.04.2027". */
function stayDates(checkin: string | null, checkout: string | null, lang: Lang) {
  const show = (d: string | null): string => (d === null ? missing(lang) : formatIsoDate(d, lang));
  return {
    ...(checkin === null ? {} : { checkinDate: checkin }),
    ...(checkout === null ? {} : { checkoutDate: checkout }),
    dates: `${show(checkin)} → ${show(checkout)}`,
  };
}

/**
 * A listed booking; unknown facts are left out of the structured row rather than null. A listing
 * is paid for per row, so its rows carry the ISO dates only and the text row shows them.
 */
export function bookingRow(b: BookingSummary, today: string) {
  return {
    bookingRef: b.bookingRef,
    status: b.status,
    ...(b.hotelName === null ? {} : { hotel: b.hotelName }),
    ...(b.city === null ? {} : { city: b.city }),
    ...(b.checkinDate === null ? {} : { checkinDate: b.checkinDate }),
    ...(b.checkoutDate === null ? {} : { checkoutDate: b.checkoutDate }),
    ...(b.guestsCount === null ? {} : { guests: b.guestsCount }),
    ...(isUpcomingBooking(b, today) ? { upcoming: true as const } : {}),
  };
}

export function bookingRowLine(r: ReturnType<typeof bookingRow>, lang: Lang): string {
  const l = LABELS[lang];
  const dates = stayDates(r.checkinDate ?? null, r.checkoutDate ?? null, lang).dates;
  const cells = [r.bookingRef, r.status, `${quotedOr(r.hotel, lang)}, ${quotedOr(r.city, lang)}`, dates, `${l.guests}: ${fact(r.guests, lang)}`, r.upcoming && l.upcoming];
  return cells.filter((c) => typeof c === "string").join(" | ");
}

/**
 * The cancellation terms, with the deadline compared with `now`: one already past reads "ended",
 * never as a benefit still on offer.
 */
export function cancellationFacts(b: BookingDetails, lang: Lang, now: number) {
  const c = b.cancellation;
  const deadline = c.freeCancellationUntil === null ? undefined : parseOffsetDateTime(c.freeCancellationUntil);
  return {
    freeUntil: deadline === undefined ? missing(lang) : formatOffsetDateTime(deadline, lang),
    ...(c.freeCancellationUntil === null ? {} : { freeUntilIso: c.freeCancellationUntil }),
    ...(deadline !== undefined && deadline.epochMs <= now ? { freeEnded: true as const } : {}),
    penalty: money(c.penalty?.amountDecimal, c.penalty?.currency, lang),
    ...(c.penalty === null ? {} : { penaltyDecimal: c.penalty.amountDecimal, penaltyCurrency: c.penalty.currency }),
  };
}

/** A CANCELLED or COMPLETED booking's terms are over: it says so instead of offering a deadline or a penalty. */
function closedCancellation(status: string, lang: Lang): { closed: string } {
  return { closed: status === "CANCELLED" ? LABELS[lang].cancelledNote : LABELS[lang].completedNote };
}

export function cancellationLine(f: ReturnType<typeof cancellationFacts> | ReturnType<typeof closedCancellation>, lang: Lang): string {
  if ("closed" in f) return f.closed;
  const l = LABELS[lang];
  if (f.freeUntilIso === undefined) return `${l.free}: ${f.freeUntil}; ${l.penalty}: ${f.penalty}`;
  // The penalty is the stage that starts when the free window closes: said with its date, so it
  // never reads as charged now beside a deadline still ahead.
  return `${f.freeEnded ? l.freeEnded : l.freeUntil} ${f.freeUntil}; ${l.penaltyAfter} ${f.freeUntil}: ${f.penalty}`;
}

/**
 * One booking as the model reads it: the facts the text lines show, as fields. Left out on purpose:
 * the address, stars and check-in/out times (no answer about a booking's state needs them, and
 * they are a third of the payload), refundable (the penalty states it), observedAt.
 */
export function bookingFacts(b: BookingDetails, lang: Lang, now: number) {
  const p = b.payment;
  return {
    bookingRef: b.bookingRef,
    status: b.status,
    hotel: `${fact(b.hotel.name, lang)}, ${fact(b.hotel.city, lang)}`,
    ...stayDates(b.checkinDate, b.checkoutDate, lang),
    guests: b.guestsCount ?? missing(lang),
    room: b.room.name === null || b.room.name === undefined ? missing(lang) : roomDisplay(b.room.name, lang),
    meal: mealDisplay(b.room.mealName, lang),
    // paymentPrice as the booking shows it: not an amount owed, not a balance.
    payment: {
      price: money(p.amountDecimal, p.currency, lang),
      ...(p.amountDecimal === null || p.currency === null ? {} : { amountDecimal: p.amountDecimal, currency: p.currency }),
      paymentStatus: fact(p.paymentStatus, lang),
    },
    cancellation: isClosedStatus(b.status) ? closedCancellation(b.status, lang) : cancellationFacts(b, lang, now),
  };
}

/** The text lines of bookingFacts; the hotel's name and city from the booking, each quoted apart. */
export function bookingLines(f: ReturnType<typeof bookingFacts>, hotel: BookingDetails["hotel"], lang: Lang): string[] {
  const l = LABELS[lang];
  return [
    `${f.bookingRef} | ${f.status} | ${quotedOr(hotel.name, lang)}, ${quotedOr(hotel.city, lang)}`,
    `${f.dates} | ${l.guests}: ${f.guests} | ${l.room}: ${f.room}; ${l.meal}: ${f.meal}`,
    `${l.price}: ${f.payment.price}; ${l.paymentStatus}: ${f.payment.paymentStatus}`,
    cancellationLine(f.cancellation, lang),
  ];
}

interface FollowUp {
  tool: string;
  /** The statuses it fits, as the next step names them. */
  when: string;
  fits(status: string): boolean;
}

// What a person can do next with a booking, by its provider status. The sandbox (and, as far as the
// contract says, the provider) has vouchers for CONFIRMED and COMPLETED orders only.
const FOLLOW_UPS: readonly FollowUp[] = [
  { tool: "tbank_hotels_get_booking_overview", when: "any", fits: () => true },
  { tool: "tbank_hotels_create_payment_handoff_preview", when: "AWAITING_PAYMENT", fits: isAwaitingPayment },
  { tool: "tbank_hotels_save_voucher", when: "CONFIRMED, COMPLETED", fits: (s) => s === "CONFIRMED" || s === "COMPLETED" },
  { tool: "tbank_hotels_preview_cancellation", when: "unless CANCELLED/COMPLETED", fits: (s) => !isClosedStatus(s) },
];

/** "tool (statuses); ..." for every follow-up that fits at least one of `statuses`. */
export function followUpsFor(statuses: readonly string[]): string {
  return FOLLOW_UPS.filter((f) => statuses.some((s) => f.fits(s)))
    .map((f) => `${f.tool} (${f.when})`)
    .join("; ");
}

/** The follow-ups of one booking beyond reading it again. */
export function followUpsOf(status: string): string[] {
  return FOLLOW_UPS.slice(1).flatMap((f) => (f.fits(status) ? [f.tool] : []));
}

import { z } from "zod";
import type { BookingDetails } from "../../../shared/protocol/ops-hotels.js";
import { defineTool } from "./define.js";
import { bookingHandler, BookingRefInput, CustomerBase, fact, money, NO_DATA, READ_ANNOTATIONS } from "./customer-common.js";
import { Obj, wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, booking: Obj.optional() }));

export function cancellationLine(b: BookingDetails): string {
  const c = b.cancellation;
  const until = c.freeCancellationUntil ? `бесплатная отмена до ${c.freeCancellationUntil}` : `бесплатная отмена: ${NO_DATA}`;
  return `${until}; штраф: ${c.penalty ? money(c.penalty.amountDecimal, c.penalty.currency) : NO_DATA}`;
}

/** The cancellation facts as the model reads them: "нет данных" where the provider says nothing. */
export function cancellationFacts(b: BookingDetails): { freeCancellationUntil: string; penalty: string } {
  const c = b.cancellation;
  return { freeCancellationUntil: c.freeCancellationUntil ?? NO_DATA, penalty: c.penalty ? money(c.penalty.amountDecimal, c.penalty.currency) : NO_DATA };
}

/**
 * One booking as the model reads it: the facts the text lines show, as fields. Left out on purpose:
 * the address, stars and check-in/out times (no answer about a booking's state needs them, and
 * they are a third of the payload), refundable (the penalty states it), observedAt.
 */
export function bookingFacts(b: BookingDetails) {
  return {
    bookingRef: b.bookingRef,
    status: b.status,
    hotel: `${fact(b.hotel.name)}, ${fact(b.hotel.city)}`,
    dates: `${fact(b.checkinDate)} → ${fact(b.checkoutDate)}`,
    guests: b.guestsCount ?? NO_DATA,
    room: fact(b.room.name),
    meal: fact(b.room.mealName),
    paymentPrice: money(b.payment.amountDecimal, b.payment.currency),
    paymentStatus: fact(b.payment.paymentStatus),
    ...cancellationFacts(b),
  };
}

export function bookingLines(b: BookingDetails): string[] {
  const f = bookingFacts(b);
  return [
    `${f.bookingRef} | ${f.status} | ${f.hotel}`,
    `${f.dates} | гостей: ${f.guests} | номер: ${f.room}; питание: ${f.meal}`,
    `paymentPrice (as observed): ${f.paymentPrice}; paymentStatus: ${f.paymentStatus}`,
    cancellationLine(b),
  ];
}

export const getBooking = defineTool({
  name: "tbank_hotels_get_booking",
  title: "Booking details",
  description: "One booking by bookingRef: hotel, room, dates, payment and cancellation facts.",
  toolset: "customer",
  input: wire(BookingRefInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler((booking) => ({ structured: { status: "ok", booking: bookingFacts(booking) }, text: ["status=ok", ...bookingLines(booking)].join("\n") })),
});

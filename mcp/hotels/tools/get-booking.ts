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

export function bookingLines(b: BookingDetails): string[] {
  return [
    `${b.bookingRef} | ${b.status} | ${fact(b.hotel.name)}, ${fact(b.hotel.city)}`,
    `${fact(b.checkinDate)} → ${fact(b.checkoutDate)} | гостей: ${fact(b.guestsCount)} | номер: ${fact(b.room.name)}; питание: ${fact(b.room.mealName)}`,
    `paymentPrice (as observed): ${money(b.payment.amountDecimal, b.payment.currency)}; paymentStatus: ${fact(b.payment.paymentStatus)}`,
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
  handler: bookingHandler((booking) => ({ structured: { status: "ok", retryAllowed: false, booking }, text: ["status=ok", ...bookingLines(booking)].join("\n") })),
});

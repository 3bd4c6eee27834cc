import { z } from "zod";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { CustomerBase, fact, Field, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { List, wire } from "./schemas.js";
import type { BookingSummary } from "../../../shared/protocol/ops-hotels.js";

/** A booking row in both channels; unknown facts are left out of the structured row rather than null. */
function bookingRow(b: BookingSummary) {
  const dates = b.checkinDate || b.checkoutDate ? `${fact(b.checkinDate)} → ${fact(b.checkoutDate)}` : undefined;
  return {
    bookingRef: b.bookingRef,
    status: b.status,
    ...(b.hotelName === null ? {} : { hotel: b.hotelName }),
    ...(b.city === null ? {} : { city: b.city }),
    ...(dates === undefined ? {} : { dates }),
    ...(b.guestsCount === null ? {} : { guests: b.guestsCount }),
  };
}

const Output = wire(z.object({ ...CustomerBase, bookings: List.optional(), total: Field, hasMore: Field, nextOffset: Field }));

export const listBookings = defineTool({
  name: "tbank_hotels_list_bookings",
  title: "My bookings",
  description: "The person's own hotel bookings, each with a bookingRef (30 min) for the booking tools.",
  toolset: "customer",
  input: wire(z.strictObject({ offset: z.int().min(0).max(10_000).optional(), limit: z.int().min(1).max(20).optional() })),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: ({ offset, limit }, ctx) =>
    withBroker(ctx, async (broker) => {
      const page = await broker.call("hotels.list_bookings", { ...(offset !== undefined ? { offset } : {}), limit: limit ?? 10 });
      const bookings = page.items.map(bookingRow);
      const rows = bookings.map((b) => `${b.bookingRef} | ${b.status} | ${fact(b.hotel)}, ${fact(b.city)} | ${fact(b.dates)} | гостей: ${fact(b.guests)}`);
      const nextStep = page.hasMore
        ? `more: call again with offset=${String(page.nextOffset)}`
        : "pass a bookingRef to tbank_hotels_get_booking_overview, tbank_hotels_preview_cancellation or tbank_hotels_save_voucher";
      const structured = { status: "ok", bookings, total: page.total, hasMore: page.hasMore, ...(page.nextOffset === null ? {} : { nextOffset: page.nextOffset }), nextStep };
      return success(structured, [`status=ok total=${page.total} hasMore=${page.hasMore}`, ...rows]);
    }),
});

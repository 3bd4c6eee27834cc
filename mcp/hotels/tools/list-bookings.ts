import { z } from "zod";
import { defineTool } from "./define.js";
import { CustomerBase, fact, Field, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { List, wire } from "./schemas.js";

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
      const rows = page.items.map(
        (b) => `${b.bookingRef} | ${b.status} | ${fact(b.hotelName)}, ${fact(b.city)} | ${fact(b.checkinDate)} → ${fact(b.checkoutDate)} | гостей: ${fact(b.guestsCount)}`,
      );
      const nextStep = page.hasMore
        ? `more bookings: call again with offset=${String(page.nextOffset)}`
        : "pass a bookingRef to tbank_hotels_get_booking_overview, tbank_hotels_preview_cancellation or tbank_hotels_save_voucher";
      return {
        structured: { status: "ok", retryAllowed: false, nextStep, bookings: page.items, total: page.total, hasMore: page.hasMore, nextOffset: page.nextOffset },
        text: [`status=ok total=${page.total} hasMore=${page.hasMore}`, ...rows, `next: ${nextStep}`].join("\n"),
      };
    }),
});

import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { HotelsContext } from "../context.js";
import type { bookingRow } from "../tools/booking-view.js";
import { getBooking } from "../tools/get-booking.js";
import { listBookings } from "../tools/list-bookings.js";
import { languageOf, readExtra, resourceContents } from "./read-outcome.js";

export const BOOKINGS_URI = "tbank-hotels://bookings";
const BOOKING_TEMPLATE = `${BOOKINGS_URI}/{bookingRef}`;
// resources/list names at most this many bookings: the nearest first, as list_bookings orders them.
const LISTED_BOOKINGS = 20;

type ListedBooking = ReturnType<typeof bookingRow>;

// The SDK copies the template's title and description into every listed resource; the list is
// paid in tokens, and resources/templates/list says them once.
const UNREPEATED = { title: undefined, description: undefined };

/**
 * The person's bookings through the broker, each as the list_bookings row shows it; signed out,
 * without a broker or on any failure, none: resources/list then shows nothing personal.
 */
async function listedBookings(ctx: HotelsContext, signal: AbortSignal): Promise<ListedBooking[]> {
  if (!ctx.broker) return [];
  const out = await listBookings.handler({ limit: LISTED_BOOKINGS }, ctx, readExtra(signal)).catch(() => undefined);
  const rows = (out?.structured as { bookings?: ListedBooking[] } | undefined)?.bookings;
  return out?.isError === true || !rows ? [] : rows;
}

function bookingName(b: ListedBooking): string {
  return [b.hotel, b.city, b.checkinDate].filter((part) => part !== undefined && part !== "").join(", ") || b.bookingRef;
}

/** The bookings list (`tbank-hotels://bookings`) and one resource per booking, by bookingRef. */
export function registerBookingResources(server: McpServer, ctx: HotelsContext): void {
  const listMeta = { title: "My bookings", description: "The person's hotel bookings as tbank_hotels_list_bookings shows them.", mimeType: "text/plain" };
  const readList = async (uri: URL, extra: { signal: AbortSignal }) =>
    resourceContents(uri, await listBookings.handler({ limit: LISTED_BOOKINGS, language: languageOf(uri) }, ctx, readExtra(extra.signal)));
  server.registerResource("bookings", BOOKINGS_URI, listMeta, readList);
  // A static URI matches only itself: the same list in English needs a template of its own.
  server.registerResource("bookings_in_language", new ResourceTemplate(`${BOOKINGS_URI}{?language}`, { list: undefined }), { ...listMeta, title: "My bookings, in a language" }, (uri, _vars, extra) => readList(uri, extra));
  const template = new ResourceTemplate(BOOKING_TEMPLATE, {
    list: async (extra) => ({
      resources: (await listedBookings(ctx, extra.signal)).map((b) => ({ uri: `${BOOKINGS_URI}/${b.bookingRef}`, name: bookingName(b), ...UNREPEATED })),
    }),
  });
  server.registerResource(
    "booking",
    template,
    { title: "Booking", description: "One booking as tbank_hotels_get_booking shows it; ?language=en for English.", mimeType: "text/plain" },
    // The ref is the URI's path, read from the URL: the template's variable would keep a query.
    async (uri, _vars, extra) => resourceContents(uri, await getBooking.handler({ bookingRef: uri.pathname.slice(1), language: languageOf(uri) }, ctx, readExtra(extra.signal))),
  );
}

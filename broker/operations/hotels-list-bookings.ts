import { MAX_BOOKINGS_PAGE } from "../../shared/protocol/ops-hotels.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { requireSessionId } from "./deps.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { countOrNull, isoDateOrNull } from "./sanitize.js";

// Each provider orderId is swapped for a fresh bookingRef bound to this session and the hotels
// role; the orderId itself stays in the ref table (and in the log scrubber).
export function hotelsListBookings(deps: Pick<OperationDeps, "hotels" | "refs" | "session" | "secrets">): OperationHandler<"hotels.list_bookings"> {
  return async (args, req) => {
    const offset = args.offset ?? 0;
    const limit = args.limit ?? MAX_BOOKINGS_PAGE;
    const page = await deps.hotels.orders({ offset, limit }, req.signal);
    for (const row of page.items) deps.secrets.add(row.orderId);
    // Read after the provider call: the refs belong to the session that answered it.
    const sessionId = requireSessionId(deps.session);
    const items = page.items.slice(0, limit).map((row) => ({
      bookingRef: deps.refs.mint(row.orderId, sessionId, req.role).bookingRef,
      status: row.status,
      hotelName: providerTextOrNull(row.hotelName, "name"),
      city: providerTextOrNull(row.city, "place"),
      checkinDate: isoDateOrNull(row.checkinDate),
      checkoutDate: isoDateOrNull(row.checkoutDate),
      guestsCount: countOrNull(row.guestsCount),
    }));
    const nextOffset = page.nextOffset ?? null;
    return { items, total: page.total, hasMore: nextOffset !== null, nextOffset };
  };
}

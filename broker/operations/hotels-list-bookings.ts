import { compareBookings, inBookingList } from "../../shared/bookings.js";
import { MAX_BOOKINGS_PAGE, MAX_BOOKINGS_SCAN } from "../../shared/protocol/ops-hotels.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { isoDateAt } from "../../shared/time.js";
import type { ProviderOrders } from "../provider/hotels-schemas.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { requireSessionId } from "./deps.js";
import { countOrNull, isoDateOrNull } from "./sanitize.js";

type Deps = Pick<OperationDeps, "hotels" | "refs" | "session" | "secrets" | "now">;
type Row = ProviderOrders["items"][number];

// The provider pages orders by creation, not by stay: filtering by active/past and sorting by
// check-in need every order, so the broker reads them all (bounded) and pages the result itself.
async function readOrders(deps: Deps, signal: AbortSignal): Promise<{ rows: Row[]; truncated: boolean }> {
  const rows: Row[] = [];
  let offset = 0;
  for (;;) {
    const page = await deps.hotels.orders({ offset, limit: MAX_BOOKINGS_PAGE }, signal);
    for (const row of page.items) deps.secrets.add(row.orderId);
    rows.push(...page.items.slice(0, MAX_BOOKINGS_PAGE));
    const next = page.nextOffset ?? null;
    // A provider whose nextOffset does not move forward would loop: what was read is the answer.
    if (next === null || next <= offset || page.items.length === 0) return { rows, truncated: false };
    if (rows.length >= MAX_BOOKINGS_SCAN) return { rows: rows.slice(0, MAX_BOOKINGS_SCAN), truncated: true };
    offset = next;
  }
}

// Each provider orderId is swapped for a bookingRef bound to this session and the hotels role (the
// same ref while it lives, see RefTable); the orderId itself stays in the ref table (and in the log
// scrubber). Refs are minted only for the page returned.
export function hotelsListBookings(deps: Deps): OperationHandler<"hotels.list_bookings"> {
  return async (args, req) => {
    const offset = args.offset ?? 0;
    const limit = args.limit ?? MAX_BOOKINGS_PAGE;
    const { rows, truncated } = await readOrders(deps, req.signal);
    // Read after the provider calls: the refs belong to the session that answered them.
    const sessionId = requireSessionId(deps.session);
    const today = isoDateAt(deps.now);
    const listed = rows
      .map((row) => ({
        row,
        status: row.status,
        hotelName: providerTextOrNull(row.hotelName, "name"),
        city: providerTextOrNull(row.city, "place"),
        checkinDate: isoDateOrNull(row.checkinDate),
        checkoutDate: isoDateOrNull(row.checkoutDate),
        guestsCount: countOrNull(row.guestsCount),
      }))
      .filter((b) => inBookingList(b, args.status ?? "all", today))
      .sort(compareBookings(today));
    const items = listed.slice(offset, offset + limit).map(({ row, ...summary }) => ({ bookingRef: deps.refs.mint(row.orderId, sessionId, req.role).bookingRef, ...summary }));
    const nextOffset = offset + limit < listed.length ? offset + limit : null;
    return { items, total: listed.length, hasMore: nextOffset !== null, nextOffset, ...(truncated ? { truncated: true as const } : {}) };
  };
}

import { bookingCalendarEntry } from "../calendar/booking-event.js";
import type { CalendarEntryFacts } from "../../shared/protocol/ops-hotels.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// Shorter strings (initials, a one-letter middle name) would drop ordinary words from hotel names.
const MIN_SECRET_LENGTH = 3;

// The booking read stays in the broker: the calendar file gets the hotel, the stay and the
// cancellation deadline; the caller gets the file's path and those facts, as for a voucher.
export function hotelsSaveCalendarEntry(deps: Pick<OperationDeps, "hotels" | "refs" | "session" | "vouchers" | "now">): OperationHandler<"hotels.save_calendar_entry_v1"> {
  return async ({ bookingRef, language }, req) => {
    const orderId = deps.refs.resolve(bookingRef, deps.session.sessionId(), req.role);
    let facts: CalendarEntryFacts | undefined;
    const saved = await deps.vouchers.saveCalendar(async () => {
      const order = await deps.hotels.orderV1(orderId, req.signal);
      const entry = bookingCalendarEntry(order, { uid: deps.vouchers.calendarUid(orderId), now: deps.now(), lang: language ?? "ru", secrets: [orderId, ...personalStrings(order)] });
      facts = entry.facts;
      return entry.text;
    });
    if (facts === undefined) throw new Error("calendar entry saved without its facts");
    return { ...saved, ...facts };
  };
}

/** Every string under the order's guests and contacts: none of them may reach the file. */
function personalStrings(order: ProviderOrderV1): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (typeof value === "string" && value.trim().length >= MIN_SECRET_LENGTH) found.push(value.trim());
    else if (depth < 4 && typeof value === "object" && value !== null) for (const v of Object.values(value)) walk(v, depth + 1);
  };
  walk([order.guests, (order as Record<string, unknown>).contacts], 0);
  return found;
}

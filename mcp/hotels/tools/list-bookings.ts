import { z } from "zod";
import { BOOKING_LISTS } from "../../../shared/bookings.js";
import { langOf } from "../../../shared/locale.js";
import { MAX_BOOKINGS_SCAN } from "../../../shared/protocol/ops-hotels.js";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { bookingRow, bookingRowLine, followUpsFor } from "./booking-view.js";
import { CustomerBase, CustomerLanguage, OptionalAnyValue, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { AnyArray, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, bookings: AnyArray.optional(), total: OptionalAnyValue, hasMore: OptionalAnyValue, nextOffset: OptionalAnyValue }));

const Input = withoutSchemaUrl(
  z.strictObject({
    status: z.enum(BOOKING_LISTS).optional(),
    offset: z.int().min(0).max(10_000).optional(),
    limit: z.int().min(1).max(20).optional(),
    language: CustomerLanguage.optional(),
  }),
);

export const listBookings = defineTool({
  name: "tbank_hotels_list_bookings",
  title: "My bookings",
  description: "Hotel bookings by check-in, each with a bookingRef (valid 30 min).",
  toolset: "customer",
  input: Input,
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: ({ status, offset, limit, language }, ctx) =>
    withBroker(ctx, async (broker) => {
      const lang = langOf(language);
      const show = status ?? "all";
      // "all" is left out of the call: a broker older than the filter still answers it.
      const page = await broker.call("hotels.list_bookings", { ...(offset !== undefined ? { offset } : {}), limit: limit ?? 10, ...(show === "all" ? {} : { status: show }) });
      const today = ctx.today();
      const bookings = page.items.map((b) => bookingRow(b, today));
      const more = page.hasMore ? `more: call again with offset=${String(page.nextOffset)}. ` : "";
      const truncated = page.truncated === true ? ` Only the first ${MAX_BOOKINGS_SCAN} orders the provider lists were read: the person has more.` : "";
      const none = show === "all" ? "the person has no bookings" : `no ${show} bookings; status=all lists every booking`;
      const nextStep = (bookings.length === 0 ? none : `${more}with a bookingRef: ${followUpsFor(bookings.map((b) => b.status))}`) + truncated;
      const structured = { status: "ok", bookings, total: page.total, hasMore: page.hasMore, ...(page.nextOffset === null ? {} : { nextOffset: page.nextOffset }), nextStep };
      const scope = show === "all" ? "" : ` show=${show}`;
      return success(structured, [`status=ok${scope} total=${page.total} hasMore=${page.hasMore}`, ...bookings.map((b) => bookingRowLine(b, lang))]);
    }),
});

import { z } from "zod";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { bookingFacts, bookingLines, followUpsOf } from "./booking-view.js";
import { bookingHandler, BookingReadInput, CustomerBase, READ_ANNOTATIONS } from "./customer-common.js";
import { AnyObject, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, booking: AnyObject.optional() }));

export const getBookingOverview = defineTool({
  name: "tbank_hotels_get_booking_overview",
  title: "Booking overview",
  description: "A short booking overview; no voucher PDF.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingReadInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler<z.infer<typeof Output>>((booking, lang, ctx) => {
    const facts = bookingFacts(booking, lang, ctx.now());
    const tools = followUpsOf(booking.status);
    const nextStep = tools.length === 0 ? `a ${booking.status} booking has no voucher, payment or cancellation step here: tell the person what it shows` : `for this ${booking.status} booking: ${tools.join(", ")} (with the same bookingRef)`;
    return success({ status: "ok", booking: facts, nextStep }, ["status=ok", ...bookingLines(facts, booking.hotel, lang)]);
  }),
});

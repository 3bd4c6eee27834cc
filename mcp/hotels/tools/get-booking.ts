import { z } from "zod";
import { textLines } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { bookingFacts, bookingLines } from "./booking-view.js";
import { bookingHandler, BookingReadInput, CustomerBase, READ_ANNOTATIONS } from "./customer-common.js";
import { AnyObject, withoutSchemaUrl } from "./schemas.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, booking: AnyObject.optional() }));

export const getBooking = defineTool({
  name: "tbank_hotels_get_booking",
  title: "Booking details",
  description: "A booking's hotel, room, dates, payment and cancellation.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingReadInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler((booking, lang, ctx) => {
    const facts = bookingFacts(booking, lang, ctx.now());
    return { structured: { status: "ok", booking: facts }, text: textLines("status=ok", ...bookingLines(facts, booking.hotel, lang)) };
  }),
});

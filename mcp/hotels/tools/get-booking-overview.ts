import { z } from "zod";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { bookingHandler, BookingRefInput, CustomerBase, READ_ANNOTATIONS } from "./customer-common.js";
import { bookingFacts, bookingLines } from "./get-booking.js";
import { Obj, wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, booking: Obj.optional() }));

export const getBookingOverview = defineTool({
  name: "tbank_hotels_get_booking_overview",
  title: "Booking overview",
  description: "A short overview of one booking by bookingRef; no voucher PDF.",
  toolset: "customer",
  input: wire(BookingRefInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler((booking) => {
    const nextStep = "for the voucher file use tbank_hotels_save_voucher";
    return success({ status: "ok", booking: bookingFacts(booking), nextStep }, ["status=ok", ...bookingLines(booking)]);
  }),
});

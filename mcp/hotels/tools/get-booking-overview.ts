import { z } from "zod";
import { defineTool } from "./define.js";
import { bookingHandler, BookingRefInput, CustomerBase, Field, READ_ANNOTATIONS } from "./customer-common.js";
import { bookingLines } from "./get-booking.js";
import { wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, overview: Field, observedAt: Field }));

export const getBookingOverview = defineTool({
  name: "tbank_hotels_get_booking_overview",
  title: "Booking overview",
  description: "A short overview of one booking by bookingRef; no voucher PDF.",
  toolset: "customer",
  input: wire(BookingRefInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler((booking) => {
    const overview = bookingLines(booking).join("\n");
    const nextStep = "for the voucher file use tbank_hotels_save_voucher";
    return { structured: { status: "ok", retryAllowed: false, nextStep, overview, observedAt: booking.observedAt }, text: `status=ok\n${overview}\nnext: ${nextStep}` };
  }),
});

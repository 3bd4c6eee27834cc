import { z } from "zod";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { bookingHandler, BookingRefInput, CustomerBase, Field, READ_ANNOTATIONS } from "./customer-common.js";
import { cancellationFacts, cancellationLine } from "./get-booking.js";
import { wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, cancelled: Field, bookingStatus: Field, freeCancellationUntil: Field, penalty: Field }));

export const previewCancellation = defineTool({
  name: "tbank_hotels_preview_cancellation",
  title: "Cancellation terms",
  description: "Cancellation terms of a booking by bookingRef (free until, penalty). Cancels nothing.",
  toolset: "customer",
  input: wire(BookingRefInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler((booking) => {
    const nextStep = "nothing was cancelled; this server cannot cancel bookings: the person cancels in the T-Bank app if they decide to";
    return success({ status: "ok", cancelled: false, bookingStatus: booking.status, ...cancellationFacts(booking), nextStep }, [
      "status=ok cancelled=false (preview only)",
      cancellationLine(booking),
    ]);
  }),
});

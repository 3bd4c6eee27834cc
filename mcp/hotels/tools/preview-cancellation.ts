import { z } from "zod";
import { isClosedStatus } from "../../../shared/bookings.js";
import { failure, success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { cancellationFacts, cancellationLine, labels } from "./booking-view.js";
import { bookingHandler, BookingReadInput, CustomerBase, fact, Field, READ_ANNOTATIONS } from "./customer-common.js";
import { Obj, wire } from "./schemas.js";

const Output = wire(z.object({ ...CustomerBase, cancelled: Field, bookingStatus: Field, paymentStatus: Field, cancellation: Obj.optional() }));

const NOT_CANCELLED = "nothing was cancelled; this server cannot cancel bookings: the person cancels in the T-Bank app if they decide to";

export const previewCancellation = defineTool({
  name: "tbank_hotels_preview_cancellation",
  title: "Cancellation terms",
  description: "A booking's cancellation terms. Cancels nothing.",
  toolset: "customer",
  input: wire(BookingReadInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: bookingHandler<z.infer<typeof Output>>((booking, lang, ctx) => {
    if (isClosedStatus(booking.status)) {
      // A finished or cancelled stay has no cancellation terms left: a penalty preview would read
      // as if cancelling were still possible (and as a refund estimate, which it is not).
      const paymentStatus = fact(booking.payment.paymentStatus, lang);
      const nextStep = `nothing to cancel: the booking is already ${booking.status}. Tell the person; paymentStatus is the provider's raw word, not a refund amount. Do not retry.`;
      return failure(
        { status: "booking_not_cancellable", retryAllowed: false, bookingStatus: booking.status, paymentStatus, nextStep },
        { facts: `bookingStatus=${booking.status}`, lines: [`${labels(lang).paymentStatus}: ${paymentStatus}`], isError: false },
      );
    }
    const cancellation = cancellationFacts(booking, lang, ctx.now());
    return success({ status: "ok", cancelled: false, bookingStatus: booking.status, cancellation, nextStep: NOT_CANCELLED }, [
      `status=ok cancelled=false bookingStatus=${booking.status} (preview only)`,
      cancellationLine(cancellation, lang),
    ]);
  }),
});

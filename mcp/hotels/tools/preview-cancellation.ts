import { z } from "zod";
import { isClosedStatus } from "../../../shared/bookings.js";
import type { Lang } from "../../../shared/locale.js";
import type { BookingDetails } from "../../../shared/protocol/ops-hotels.js";
import { failure, success } from "../../shared/outcome.js";
import { defineTool, type ToolOutcome } from "./define.js";
import { cancellationFacts, cancellationLine, labels } from "./booking-view.js";
import { bookingHandler, BookingReadInput, CustomerBase, fact, OptionalAnyValue, READ_ANNOTATIONS } from "./customer-common.js";
import { AnyObject, withoutSchemaUrl } from "./schemas.js";
import type { HotelsContext } from "../context.js";
import { writeReadiness } from "../writes/readiness.js";

const Output = withoutSchemaUrl(z.object({ ...CustomerBase, cancelled: OptionalAnyValue, bookingStatus: OptionalAnyValue, paymentStatus: OptionalAnyValue, cancellation: AnyObject.optional() }));

const NOT_CANCELLED = "nothing was cancelled; this server cannot cancel bookings: the person cancels in the T-Bank app if they decide to";
// With the mutations toolset and every gate open, a cancellation can be prepared here instead.
const CAN_CANCEL =
  "nothing was cancelled. If the person decides to cancel: tbank_hotels_prepare_cancellation with the bookingRef (they approve it themselves in their terminal or on a page)";

/** Only a server offering the mutations toolset asks whether a cancellation could run now (one local broker call). */
async function cancellationOffered(ctx: HotelsContext): Promise<boolean> {
  return ctx.config.hotels.toolsets.has("mutations") && (await writeReadiness(ctx)).kinds.cancellation.available;
}

type Out = z.infer<typeof Output>;

function answer(booking: BookingDetails, lang: Lang, ctx: HotelsContext, offered: boolean): ToolOutcome<Out> {
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
  return success({ status: "ok", cancelled: false, bookingStatus: booking.status, cancellation, nextStep: offered ? CAN_CANCEL : NOT_CANCELLED }, [
    `status=ok cancelled=false bookingStatus=${booking.status} (preview only)`,
    cancellationLine(cancellation, lang),
  ]);
}

export const previewCancellation = defineTool({
  name: "tbank_hotels_preview_cancellation",
  title: "Cancellation terms",
  description: "A booking's cancellation terms. Cancels nothing.",
  toolset: "customer",
  input: withoutSchemaUrl(BookingReadInput),
  output: Output,
  annotations: READ_ANNOTATIONS,
  handler: async (args, ctx) => {
    const offered = await cancellationOffered(ctx);
    return bookingHandler<Out>((booking, lang) => answer(booking, lang, ctx, offered))(args, ctx);
  },
});

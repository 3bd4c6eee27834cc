import { CancellationRequestSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools, PROVIDER_TERMS } from "./define-mutation.js";

export const CANCELLATION_MUTATION_TOOLS = mutationTools({
  kind: "cancellation",
  name: "cancellation",
  title: "cancellation",
  input: CancellationRequestSchema,
  check: "tbank_hotels_get_booking with the bookingRef",
  alternative: "tbank_hotels_preview_cancellation shows the terms; the person cancels themselves on the seller's orders page.",
  terms: `first tell the person the penalty and refund from tbank_hotels_preview_cancellation; ${PROVIDER_TERMS}`,
});

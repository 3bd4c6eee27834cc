import { CancellationRequestSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools, PROVIDER_TERMS } from "./define-mutation.js";

export const CANCELLATION_MUTATION_TOOLS = mutationTools({
  kind: "cancellation",
  name: "cancellation",
  title: "cancellation",
  input: CancellationRequestSchema,
  check: "tbank_hotels_get_booking with the bookingRef",
  alternative: "tbank_hotels_preview_cancellation shows the terms; the person cancels themselves on the seller's orders page.",
  // No read states a refund before cancelling: the provider states it in its answer to the cancellation.
  terms: `first tell the person, from tbank_hotels_preview_cancellation, whether cancelling is free now or its penalty (the refund is stated only in the provider's answer); ${PROVIDER_TERMS}`,
});

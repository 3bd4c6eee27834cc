import { PaymentSetupRequestSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools, PROVIDER_TERMS } from "./define-mutation.js";

// Sets up the provider's hosted payment page and returns its URL: card data is entered there, in
// the person's browser, never through a tool.
export const PAYMENT_SETUP_MUTATION_TOOLS = mutationTools({
  kind: "payment_setup",
  name: "payment_setup",
  title: "payment setup",
  input: PaymentSetupRequestSchema,
  check: "tbank_hotels_get_booking with the bookingRef",
  alternative: "the person pays themselves on the bank's orders page or in the T-Bank app (tbank_hotels_create_payment_handoff_preview hands it to the Banking MCP).",
  terms: `first tell the person the amount due from tbank_hotels_get_booking; ${PROVIDER_TERMS}`,
});

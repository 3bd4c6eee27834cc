import { ExtraServicesRequestSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools, PROVIDER_TERMS } from "./define-mutation.js";

export const EXTRA_SERVICES_MUTATION_TOOLS = mutationTools({
  kind: "extra_services",
  name: "extra_services",
  title: "extra services",
  input: ExtraServicesRequestSchema,
  check: "tbank_hotels_get_booking with the bookingRef",
  alternative: "the person adds early check-in or late checkout themselves on the seller's page.",
  terms: `first tell the person the price now from tbank_hotels_get_booking (the services add the provider's charge); ${PROVIDER_TERMS}`,
});

import { PromoCodeRequestSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools, PROVIDER_TERMS } from "./define-mutation.js";

export const PROMO_CODE_MUTATION_TOOLS = mutationTools({
  kind: "promo_code",
  name: "promo_code",
  title: "promo code",
  input: PromoCodeRequestSchema,
  check: "tbank_hotels_get_booking with the bookingRef",
  alternative: "tbank_hotels_validate_promocode checks a code without applying it; the person applies it on the seller's page.",
  terms: `first tell the person the price now from tbank_hotels_get_booking; ${PROVIDER_TERMS}`,
});

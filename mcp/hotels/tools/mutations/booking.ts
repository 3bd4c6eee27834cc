import { BookingRequestSchema, ContactsSchema } from "../../../../shared/protocol/ops-hotels-writes.js";
import { mutationTools } from "./define-mutation.js";

/** The booking request, checked in full; the email is advertised by format, not zod's long pattern. */
export const BookingInput = BookingRequestSchema.extend({
  contacts: ContactsSchema.extend({ email: ContactsSchema.shape.email.meta({ pattern: undefined }) }),
});

// hotelId and bookHash come from a rates read (tbank_hotels_get_hotel_rates); the journey's own
// booking path is the booking toolset's draft, which never shows a bookHash.
export const BOOKING_MUTATION_TOOLS = mutationTools({
  kind: "booking",
  name: "booking",
  title: "booking",
  input: BookingInput,
  check: "tbank_hotels_list_bookings",
  alternative: "the person books on the seller's page through tbank_hotels_create_checkout_handoff (journey toolset).",
});

import { BookingInput } from "./booking.js";
import { mutationTools } from "./define-mutation.js";

export const LS_BOOKING_MUTATION_TOOLS = mutationTools({
  kind: "ls_booking",
  name: "ls_booking",
  title: "LS booking",
  input: BookingInput,
  check: "tbank_hotels_list_bookings (tbank_hotels_check_ls_order for its LS status)",
  alternative: "the person books on the seller's page through tbank_hotels_create_checkout_handoff (journey toolset).",
});

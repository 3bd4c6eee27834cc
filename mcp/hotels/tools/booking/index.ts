import type { AnyToolDef } from "../define.js";
import { confirmBooking } from "./confirm-booking.js";
import { createBookingDraft } from "./create-booking-draft.js";
import { prepareDraftBooking } from "./prepare-draft-booking.js";
import { validateCheckout } from "./validate-checkout.js";

// Toolset `booking`: a journey's selected rate → draft → validate → prepare → the person approves → confirm.
export const BOOKING_TOOLS: readonly AnyToolDef[] = [createBookingDraft, validateCheckout, prepareDraftBooking, confirmBooking];

import { createPaymentHandoffPreview } from "./create-payment-handoff-preview.js";
import type { AnyToolDef } from "./define.js";
import { getBookingOverview } from "./get-booking-overview.js";
import { getBooking } from "./get-booking.js";
import { getCustomer } from "./get-customer.js";
import { listBookings } from "./list-bookings.js";
import { previewCancellation } from "./preview-cancellation.js";
import { saveCalendarEntry } from "./save-calendar-entry.js";
import { getVoucher, saveVoucher } from "./voucher-tools.js";

// The person's own account through the auth broker (toolset `customer`), in tools/list order.
export const CUSTOMER_TOOLS: readonly AnyToolDef[] = [
  getCustomer,
  listBookings,
  getBooking,
  getBookingOverview,
  previewCancellation,
  saveVoucher,
  getVoucher,
  saveCalendarEntry,
  createPaymentHandoffPreview,
];

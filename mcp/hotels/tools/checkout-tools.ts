import { createBookingPreview } from "./create-booking-preview.js";
import { createCheckoutHandoff } from "./create-checkout-handoff.js";
import { createPaymentFormPreview } from "./create-payment-form-preview.js";
import type { AnyToolDef } from "./define.js";
import { getSelectedStayRates } from "./get-selected-stay-rates.js";
import { inspectCheckout } from "./inspect-checkout.js";
import { previewCheckoutChanges } from "./preview-checkout-changes.js";
import { selectStayRate } from "./select-stay-rate.js";

// Rates, checkout inspection and handoff, in tools/list order.
export const CHECKOUT_TOOLS: readonly AnyToolDef[] = [
  getSelectedStayRates,
  selectStayRate,
  createBookingPreview,
  inspectCheckout,
  previewCheckoutChanges,
  createCheckoutHandoff,
  createPaymentFormPreview,
];

import { z } from "zod";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { BookingRefInput, CustomerBase, Field, READ_ANNOTATIONS, withBroker } from "./customer-common.js";
import { wire } from "./schemas.js";

const Output = wire(
  z.object({
    ...CustomerBase,
    paymentHandoffRef: Field,
    amountDecimal: Field,
    currency: Field,
    paymentStatus: Field,
    observedAt: Field,
    expiresAt: Field,
  }),
);

const NEXT = "pass paymentHandoffRef to the Banking MCP's tbank_banking_preview_hotel_payment (single use, until expiresAt); nothing is paid here";

export const createPaymentHandoffPreview = defineTool({
  name: "tbank_hotels_create_payment_handoff_preview",
  title: "Payment handoff",
  description: "A short-lived paymentHandoffRef with a booking's observed payment facts, for the Banking MCP. Pays nothing.",
  toolset: "customer",
  input: wire(BookingRefInput),
  output: Output,
  annotations: { ...READ_ANNOTATIONS, idempotentHint: false },
  handler: ({ bookingRef }, ctx) =>
    withBroker(
      ctx,
      async (broker) => {
        const h = await broker.call("hotels.create_payment_handoff", { bookingRef });
        // paymentPrice as observed, and the raw status: neither is read as what is owed or allowed.
        return success({ status: "ok", ...h, nextStep: NEXT }, [
          `status=ok paymentHandoffRef=${h.paymentHandoffRef}`,
          `paymentPrice as observed at ${h.observedAt}: ${h.amountDecimal} ${h.currency}; raw paymentStatus: ${h.paymentStatus} (not a permission to pay)`,
          `expiresAt: ${h.expiresAt}`,
        ]);
      },
      { bookingRef },
    ),
});

import { z } from "zod";
import { baseOutput, loadSelectedRate, rateLine, RateSummarySchema, rateSummary } from "./checkout-common.js";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { Field, JourneyIdInput, List } from "./schemas.js";

const Output = z.object({
  ...baseOutput(["preview_only", "journey_not_found", "journey_expired", "selection_required", "rate_selection_required"]),
  available: Field,
  rate: RateSummarySchema.optional(),
  flow: List.optional(),
  remainingGates: List.optional(),
});

// The hosted payment form flow as the seller runs it; this server only describes it.
const FLOW = [
  "the user opens the hotel page (tbank_hotels_create_checkout_handoff) and picks the room and meal",
  "the seller re-checks price and availability and shows the offer to accept",
  "the user enters guest details and pays in the seller's hosted payment form (card data, 3-D Secure there only)",
  "the seller confirms the booking and sends the voucher",
];

const GATES = [
  "owner-bound payment handoff is not activated",
  "customer auth, request headers (x-real-ip) and idempotency of booking are not confirmed by the API owner",
  "mutations are off (TBANK_HOTELS_ENABLE_MUTATIONS and a reviewed execution profile)",
];

const NOTE = "Description only: no payment is set up, no paymentUrl exists, and no personal or card data is taken here.";
const NEXT_STEP = "tbank_hotels_create_checkout_handoff";

export const createPaymentFormPreview = defineTool({
  name: "tbank_hotels_create_payment_form_preview",
  title: "Payment form preview",
  description:
    "Describes the seller's hosted payment form flow for the selected rate and the gates still closed (available=false). " +
    "Takes no personal or card data, calls no provider, returns no payment link.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ journeyId }, ctx) => {
    const sel = loadSelectedRate(ctx, journeyId);
    if (!sel.ok) return Promise.resolve(sel.outcome);
    const rate = rateSummary(sel.rate);
    return Promise.resolve(
      success({ status: "preview_only" as const, available: false as const, rate, flow: FLOW, remainingGates: GATES, message: NOTE, nextStep: NEXT_STEP }, [
        "status=preview_only available=false",
        rateLine(sel.rate),
        `Flow: ${FLOW.map((s, i) => `${i + 1}) ${s}`).join("; ")}`,
        `Remaining gates: ${GATES.join("; ")}`,
        NOTE,
      ]),
    );
  },
});

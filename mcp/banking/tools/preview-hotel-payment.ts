import { z } from "zod";
import { formatMoney } from "../../../shared/money.js";
import { PaymentHandoffRefSchema } from "../../../shared/protocol/common.js";
import type { ConsumePaymentHandoffResult } from "../../../shared/protocol/ops-banking.js";
import { defineTool } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { Base, brokerCallFailed, NOT_CONFIGURED, type BankingFailure } from "./outcomes.js";

const Output = z.object({
  ...Base,
  amountDecimal: z.string().optional(),
  amountDisplay: z.string().optional(),
  currency: z.string().optional(),
  paymentStatusObserved: z.string().optional(),
  observedAt: z.string().optional(),
  observedAgeSeconds: z.number().optional(),
  paid: z.literal(false).optional(),
});

const NEXT_OK =
  "Show the person the amount and the observed status (with its age). Nothing was paid: if they want to pay, they do it themselves on the bank's hosted payment page. " +
  "This ref is now used up; to preview again, create a new one with tbank_hotels_create_payment_handoff_preview.";

const INVALID_REF: BankingFailure = {
  status: "invalid_input",
  retryAllowed: false,
  nextStep: "invalid paymentHandoffRef: pass it exactly as tbank_hotels_create_payment_handoff_preview returned it, or create a new one there",
};

// The age is what lets the model say "as of N minutes ago" instead of presenting a stale status as current.
function ageText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

export const previewHotelPayment = defineTool({
  name: "tbank_banking_preview_hotel_payment",
  title: "Preview a hotel payment handoff",
  description:
    "Redeems a paymentHandoffRef from tbank_hotels_create_payment_handoff_preview (single use) and shows the booking's observed payment price and payment status with their age. Pays nothing: payment happens only on the bank's hosted page.",
  toolset: "always",
  // Any string passes the SDK: a malformed ref is answered as a structured invalid_input below,
  // so the model reads the status and the next step in both channels, not a bare protocol error.
  input: z.strictObject({ paymentHandoffRef: z.string().max(200) }),
  output: Output,
  // Not read-only and not idempotent: the first call consumes the one-shot capability.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: async (args, ctx) => {
    if (!ctx.broker) return failure(NOT_CONFIGURED);
    if (!PaymentHandoffRefSchema.safeParse(args.paymentHandoffRef).success) return failure(INVALID_REF);
    let result: ConsumePaymentHandoffResult;
    try {
      result = await ctx.broker.call("banking.consume_payment_handoff", { paymentHandoffRef: args.paymentHandoffRef });
    } catch (err) {
      return brokerCallFailed(ctx, "banking.consume_payment_handoff", err);
    }
    const age = Math.max(0, Math.floor((ctx.now() - Date.parse(result.observedAt)) / 1000));
    const amountDisplay = formatMoney(result.amountDecimal, result.currency);
    const structured: z.infer<typeof Output> = {
      status: "ok",
      nextStep: NEXT_OK,
      amountDecimal: result.amountDecimal,
      amountDisplay,
      currency: result.currency,
      paymentStatusObserved: result.paymentStatus,
      observedAt: result.observedAt,
      observedAgeSeconds: age,
      paid: false,
    };
    return success(structured, [
      "status=ok (handoff consumed; nothing was paid)",
      `payment price observed on the booking: ${amountDisplay} (amountDecimal=${result.amountDecimal} ${result.currency})`,
      `paymentStatus as observed ${ageText(age)} ago: ${result.paymentStatus} (raw provider word, not a permission to pay)`,
    ]);
  },
});

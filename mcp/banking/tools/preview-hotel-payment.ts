import { z } from "zod";
import { langOf, LanguageInput, type Lang } from "../../../shared/locale.js";
import { formatMoney } from "../../../shared/money.js";
import { PaymentHandoffRefSchema } from "../../../shared/protocol/common.js";
import type { ConsumePaymentHandoffResult } from "../../../shared/protocol/ops-banking.js";
import { defineTool } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { PAYMENT_WORDS, whereToPayStep } from "../../shared/payment-wording.js";
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

function nextOk(ordersPageUrl: string): string {
  return (
    "Show the person the payment price observed on the booking and the observed status (with its age). This ref is now used up; to preview again, create a new one with tbank_hotels_create_payment_handoff_preview. " +
    `Nothing was paid. ${whereToPayStep(ordersPageUrl)}`
  );
}

const INVALID_REF: BankingFailure = {
  status: "invalid_input",
  retryAllowed: false,
  nextStep: "invalid paymentHandoffRef: pass it exactly as tbank_hotels_create_payment_handoff_preview returned it, or create a new one there",
};

const AGE = {
  ru: { s: "с", min: "мин", h: "ч", ago: "назад", seen: "получен", consumed: "ref использован; ничего не оплачено" },
  en: { s: "s", min: "min", h: "h", ago: "ago", seen: "observed", consumed: "handoff consumed; nothing was paid" },
} as const satisfies Record<Lang, Record<string, string>>;

// The age is what lets the model say "as of N minutes ago" instead of presenting a stale status as current.
function ageText(seconds: number, lang: Lang): string {
  const a = AGE[lang];
  if (seconds < 60) return `${seconds} ${a.s}`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} ${a.min}`;
  return `${Math.floor(seconds / 3600)} ${a.h} ${Math.floor((seconds % 3600) / 60)} ${a.min}`;
}

export const previewHotelPayment = defineTool({
  name: "tbank_banking_preview_hotel_payment",
  title: "Preview a hotel payment handoff",
  description:
    "Redeems a paymentHandoffRef from tbank_hotels_create_payment_handoff_preview (single use) and shows the booking's observed payment price and payment status with their age. Pays nothing: payment happens only on the bank's hosted page.",
  toolset: "always",
  // Any string passes the SDK: a malformed ref is answered as a structured invalid_input below,
  // so the model reads the status and the next step in both channels, not a bare protocol error.
  input: z.strictObject({ paymentHandoffRef: z.string().max(200), language: LanguageInput.optional() }),
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
    const lang = langOf(args.language);
    const w = PAYMENT_WORDS[lang];
    const age = Math.max(0, Math.floor((ctx.now() - Date.parse(result.observedAt)) / 1000));
    const amountDisplay = formatMoney(result.amountDecimal, result.currency, lang);
    const structured: z.infer<typeof Output> = {
      status: "ok",
      // Ends with where the person pays: the next step is the last line of both channels.
      nextStep: nextOk(ctx.config.hotels.ordersPageUrl),
      amountDecimal: result.amountDecimal,
      amountDisplay,
      currency: result.currency,
      paymentStatusObserved: result.paymentStatus,
      observedAt: result.observedAt,
      observedAgeSeconds: age,
      paid: false,
    };
    return success(structured, [
      `status=ok (${AGE[lang].consumed})`,
      `${w.price}: ${amountDisplay} (amountDecimal=${result.amountDecimal} ${result.currency})`,
      `${w.paymentStatus} (${AGE[lang].seen} ${ageText(age, lang)} ${AGE[lang].ago}): ${result.paymentStatus} (${w.rawStatus})`,
    ]);
  },
});

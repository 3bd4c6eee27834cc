import { compareDecimal } from "../../../shared/money.js";
import type { HotelsContext } from "../context.js";
import { normalizeCheckout } from "../journey/checkout.js";
import { fetchCheckout, type CheckoutFetch } from "../journey/inspect-run.js";
import type { BookingDraft, DraftValidation } from "./draft.js";
import { draftView } from "./draft.js";

export type DraftValidationRun = Exclude<CheckoutFetch, { status: "fetched" }> | { status: "validated"; validation: DraftValidation };

/**
 * Reads the provider's checkout for the draft's rate (the journey's inspection machinery, without
 * the journey) and compares its total with the last price the draft knew.
 */
export async function validateDraft(ctx: Pick<HotelsContext, "provider" | "retryPolicies" | "now" | "random">, draft: BookingDraft, signal: AbortSignal): Promise<DraftValidationRun> {
  const { stay } = draft;
  const run = await fetchCheckout(ctx, stay, signal);
  if (run.status !== "fetched") return run;
  const checkout = normalizeCheckout({ inspection: run.inspection, bookHash: stay.bookHash, nights: stay.nights, view: draftView(stay, ctx.now()), random: ctx.random });
  const previousPrice = draft.validation?.checkout.currentPrice ?? stay.rate.price;
  const current = checkout.public.currentPrice;
  const priceChanged = previousPrice.currency !== current.currency || compareDecimal(previousPrice.amountDecimal, current.amountDecimal) !== 0;
  return { status: "validated", validation: { checkout: checkout.public, previousPrice, priceChanged, validatedAtMs: checkout.inspectedAtMs, freshUntilMs: checkout.freshUntilMs } };
}

export function isValidationFresh(validation: DraftValidation | null, nowMs: number): validation is DraftValidation {
  return validation !== null && nowMs < validation.freshUntilMs;
}

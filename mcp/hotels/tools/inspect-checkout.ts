import { z } from "zod";
import type { HotelsContext } from "../context.js";
import { normalizeCheckout } from "../journey/checkout.js";
import { CHECKOUT_RETRY_POLICY } from "../journey/retry.js";
import type { AttemptSummary, RetryPolicy } from "../journey/retry.js";
import { withInspection } from "../journey/state.js";
import { isProviderError, PromoCodeSchema, type ProviderPromoValidation, type ProviderUpgradeOffer } from "../provider/index.js";
import {
  authRejected,
  baseOutput,
  loadSelectedRate,
  rateLine,
  rateSummary,
} from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import type { FailureOut } from "./checkout-common.js";
import { withTimeoutRetry } from "../journey/checkout-retry.js";
import { checkoutLines, checkoutView } from "./checkout-view.js";
import { defineTool } from "./define.js";
import { Field, JourneyIdInput, List, Obj } from "./schemas.js";
import type { ToolOutcome } from "./define.js";

const Output = z.object({
  ...baseOutput([
    "checkout_ready",
    "checkout_temporarily_unavailable",
    "rate_no_longer_available",
    "journey_not_found",
    "journey_expired",
    "selection_required",
    "rate_selection_required",
    "provider_auth_rejected",
  ]),
  rate: Obj.optional(),
  checkout: Obj.optional(),
  warnings: List.optional(),
  attempts: Field,
  durationMs: Field,
  failureKind: Field,
});
type Out = z.infer<typeof Output>;

const READY_NEXT =
  "«оформить/забронировать» → tbank_hotels_create_checkout_handoff; desired promo code or extras → tbank_hotels_preview_checkout_changes";

type Side<T> = { ok: true; value: T } | { ok: false; warning: string } | { ok: false; outcome: ToolOutcome<FailureOut> };

// Promo validation and the upgrade offer are one attempt each, inside what is left of the budget.
async function sideCall<T>(what: string, call: (timeoutMs: number) => Promise<T>, ctx: HotelsContext, policy: RetryPolicy, startedMs: number): Promise<Side<T>> {
  const left = policy.totalBudgetMs - (ctx.now() - startedMs);
  if (left < policy.minRetryMs) return { ok: false, warning: `${what}: not checked (time budget spent)` };
  try {
    return { ok: true, value: await call(Math.min(policy.firstAttemptTimeoutMs, left)) };
  } catch (err) {
    if (isProviderError(err, "auth_rejected")) return { ok: false, outcome: authRejected(err.status) };
    return { ok: false, warning: `${what}: not checked (no usable provider answer)` };
  }
}

function inspectionFailed(error: unknown, summary: AttemptSummary): ToolOutcome<Out> {
  if (isProviderError(error, "auth_rejected")) return authRejected(error.status);
  if (isProviderError(error, "not_found") || isProviderError(error, "gone")) {
    const message = "The provider no longer offers this rate for these dates and guests.";
    const nextStep = "tbank_hotels_get_selected_stay_rates, then tbank_hotels_select_stay_rate";
    return failure({ status: "rate_no_longer_available", retryAllowed: false, nextStep, message });
  }
  const { attempts, durationMs, failureKind } = summary;
  const message = "Checkout could not be inspected now; the tool already retried what was safe. Do not retry and do not switch to low-level tools.";
  const nextStep = "tell the user; tbank_hotels_create_checkout_handoff still works (price is confirmed on the seller's page)";
  return failure(
    { status: "checkout_temporarily_unavailable", retryAllowed: false, nextStep, message, attempts, durationMs, failureKind },
    { facts: `attempts=${attempts} durationMs=${durationMs} failureKind=${failureKind ?? "none"}` },
  );
}

export const inspectCheckout = defineTool({
  name: "tbank_hotels_inspect_checkout",
  title: "Inspect checkout",
  description:
    "Checks the selected rate with the provider: current vs search price, cancellation penalties, extras as extraServiceOptionRef, optionally one promo code (validated only) and one upgrade offer. " +
    "Fresh 5 minutes. checkout_temporarily_unavailable is terminal: no retry, no other tools.",
  toolset: "journey",
  input: z.strictObject({
    journeyId: JourneyIdInput,
    promoCode: PromoCodeSchema.optional(),
    checkUpgrade: z.boolean().optional(),
  }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async ({ journeyId, promoCode, checkUpgrade }, ctx, extra): Promise<ToolOutcome<Out>> => {
    const sel = loadSelectedRate(ctx, journeyId);
    if (!sel.ok) return sel.outcome;
    const { state, option, rate, privateRate } = sel;
    const policy = ctx.retryPolicies?.checkout ?? CHECKOUT_RETRY_POLICY;
    const signal = extra.signal;
    const startedMs = ctx.now();
    const body = {
      bookHash: privateRate.bookHash,
      checkinDate: state.request.checkinDate,
      checkoutDate: state.request.checkoutDate,
      guests: state.request.rooms.map((r) => ({ adultsCount: r.adults, childrenAges: [...r.childrenAges] })),
    };
    const run = await withTimeoutRetry((timeoutMs) => ctx.provider.api.inspectCheckout(body, { signal, timeoutMs }), policy, ctx.now);
    const optionId = option.public.optionId;
    const rateNumber = rate.rateNumber;
    const sameRate = (s: typeof state) => s.selectedOptionId === optionId && s.selectedRateNumber === rateNumber;

    if (!run.ok) {
      const stale = isProviderError(run.error, "not_found") || isProviderError(run.error, "gone");
      // The provider no longer knows this rate: the loaded rates are stale, so they are dropped.
      if (stale) ctx.journeys.update(journeyId, (s) => (sameRate(s) ? { ...s, rates: null, selectedRateNumber: null, inspection: null } : s));
      return inspectionFailed(run.error, run.summary);
    }

    const inspection = run.value;
    const warnings: string[] = [];
    let promo: ProviderPromoValidation | null = null;
    if (promoCode !== undefined) {
      const side = await sideCall("promo code", (timeoutMs) => ctx.provider.api.validatePromo(inspection.checkOutId, promoCode, { signal, timeoutMs }), ctx, policy, startedMs);
      if (side.ok) promo = side.value;
      else if ("outcome" in side) return side.outcome;
      else warnings.push(side.warning);
    }
    let upgrade: ProviderUpgradeOffer | null = null;
    if (checkUpgrade === true && inspection.upgradeAvailable) {
      const side = await sideCall("upgrade", (timeoutMs) => ctx.provider.api.upgrade(inspection.checkOutId, { signal, timeoutMs }), ctx, policy, startedMs);
      if (side.ok) upgrade = side.value.offer;
      else if ("outcome" in side) return side.outcome;
      else warnings.push(side.warning);
    }

    const normalized = normalizeCheckout({ inspection, bookHash: privateRate.bookHash, nights: state.request.nights, nowMs: ctx.now(), promo, upgrade, random: ctx.random });
    ctx.journeys.update(journeyId, (s) => (sameRate(s) ? withInspection(s, normalized) : s));
    const checkout = checkoutView(normalized.public);
    // The stay was shown with the rates; the rate identifies what was inspected.
    return success({ status: "checkout_ready" as const, rate: rateSummary(rate), checkout, ...(warnings.length > 0 ? { warnings } : {}), nextStep: READY_NEXT }, [
      `status=checkout_ready priceChanged=${checkout.priceChanged} freshUntil=${checkout.freshUntil}`,
      rateLine(rate),
      ...checkoutLines(checkout),
      ...warnings,
    ]);
  },
});

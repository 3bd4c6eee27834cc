import type { HotelsContext } from "../context.js";
import { isProviderError, type ProviderCheckout, type ProviderPromoValidation, type ProviderUpgradeOffer } from "../provider/index.js";
import { normalizeCheckout, type NormalizedCheckout } from "./checkout.js";
import { withTimeoutRetry } from "./checkout-retry.js";
import { toJourneyCheckout, toJourneyPromo, toJourneyUpgradeOffer } from "./provider-shapes.js";
import { CHECKOUT_RETRY_POLICY, type AttemptSummary, type RetryPolicy } from "./retry.js";
import { withInspection, type JourneyState } from "./state.js";
import type { Room } from "./types.js";
import { journeyView } from "./view.js";
import type { Clock } from "../../../shared/time.js";

/** A side check that gave no answer: the inspection stands without it. */
export interface SkippedCheck {
  check: "promo code" | "upgrade";
  reason: "time_budget_spent" | "no_usable_answer";
}

/**
 * How an inspection ended. `rate_gone`: the provider no longer offers the rate (the journey's rates
 * were dropped); `unavailable`: every safe attempt failed.
 */
export type InspectRun =
  | { status: "auth_rejected"; httpStatus: number | undefined }
  | { status: "rate_gone" }
  | { status: "unavailable"; summary: AttemptSummary }
  | { status: "inspected"; checkout: NormalizedCheckout; skipped: SkippedCheck[] };

/** What the provider needs to inspect one rate, whoever holds it (a journey or a booking draft). */
export interface CheckoutStay {
  bookHash: string;
  checkinDate: string;
  checkoutDate: string;
  rooms: readonly Room[];
}

export type CheckoutFetch =
  | Exclude<InspectRun, { status: "inspected" }>
  | { status: "fetched"; inspection: ProviderCheckout; summary: AttemptSummary };

/** One checkout read under the checkout retry policy; `rate_gone` when the provider no longer knows the rate. */
export async function fetchCheckout(ctx: Pick<HotelsContext, "provider" | "retryPolicies" | "now">, stay: CheckoutStay, signal: AbortSignal): Promise<CheckoutFetch> {
  const policy = ctx.retryPolicies?.checkout ?? CHECKOUT_RETRY_POLICY;
  const body = {
    bookHash: stay.bookHash,
    checkinDate: stay.checkinDate,
    checkoutDate: stay.checkoutDate,
    guests: stay.rooms.map((r) => ({ adultsCount: r.adults, childrenAges: [...r.childrenAges] })),
  };
  const run = await withTimeoutRetry((timeoutMs) => ctx.provider.api.inspectCheckout(body, { signal, timeoutMs }), policy, ctx.now);
  if (run.ok) return { status: "fetched", inspection: toJourneyCheckout(run.value), summary: run.summary };
  if (isProviderError(run.error, "auth_rejected")) return { status: "auth_rejected", httpStatus: run.error.status };
  if (isProviderError(run.error, "not_found") || isProviderError(run.error, "gone")) return { status: "rate_gone" };
  return { status: "unavailable", summary: run.summary };
}

export interface InspectRequest {
  promoCode?: string | undefined;
  checkUpgrade?: boolean | undefined;
}

/** Inspects the selected rate (with an optional promo code and upgrade check) and stores the checkout. */
export async function inspectSelectedRate(
  ctx: Pick<HotelsContext, "provider" | "journeys" | "retryPolicies" | "now" | "random">,
  journeyId: string,
  selection: { state: JourneyState; optionId: string; rateNumber: number; bookHash: string },
  request: InspectRequest,
  opts: { signal: AbortSignal },
): Promise<InspectRun> {
  const { state, optionId, rateNumber, bookHash } = selection;
  const { signal } = opts;
  const policy = ctx.retryPolicies?.checkout ?? CHECKOUT_RETRY_POLICY;
  const startedMs = ctx.now();
  const { checkinDate, checkoutDate, rooms } = state.request;
  const run = await fetchCheckout(ctx, { bookHash, checkinDate, checkoutDate, rooms }, signal);
  const sameRate = (s: JourneyState) => s.selectedOptionId === optionId && s.selectedRateNumber === rateNumber;

  if (run.status !== "fetched") {
    // The provider no longer knows this rate: the loaded rates are stale, so they are dropped.
    if (run.status === "rate_gone") await ctx.journeys.update(journeyId, (s) => (sameRate(s) ? { ...s, rates: null, selectedRateNumber: null, inspection: null } : s));
    return run;
  }

  const { inspection } = run;
  const skipped: SkippedCheck[] = [];
  let promo: ProviderPromoValidation | null = null;
  const { promoCode } = request;
  if (promoCode !== undefined) {
    const side = await sideCall("promo code", (timeoutMs) => ctx.provider.api.validatePromo(inspection.checkOutId, promoCode, { signal, timeoutMs }), ctx.now, policy, startedMs);
    if (side.ok) promo = toJourneyPromo(side.value);
    else if ("httpStatus" in side) return { status: "auth_rejected", httpStatus: side.httpStatus };
    else skipped.push(side.skipped);
  }
  let upgrade: ProviderUpgradeOffer | null = null;
  if (request.checkUpgrade === true && inspection.upgradeAvailable) {
    const side = await sideCall("upgrade", (timeoutMs) => ctx.provider.api.upgrade(inspection.checkOutId, { signal, timeoutMs }), ctx.now, policy, startedMs);
    if (side.ok) upgrade = toJourneyUpgradeOffer(side.value.offer);
    else if ("httpStatus" in side) return { status: "auth_rejected", httpStatus: side.httpStatus };
    else skipped.push(side.skipped);
  }

  const view = journeyView(state, ctx.now());
  const checkout = normalizeCheckout({ inspection, bookHash, nights: state.request.nights, view, promo, upgrade, random: ctx.random });
  await ctx.journeys.update(journeyId, (s) => (sameRate(s) ? withInspection(s, checkout) : s));
  return { status: "inspected", checkout, skipped };
}

type Side<T> = { ok: true; value: T } | { ok: false; skipped: SkippedCheck } | { ok: false; httpStatus: number | undefined };

// Promo validation and the upgrade offer are one attempt each, inside what is left of the budget.
async function sideCall<T>(
  check: SkippedCheck["check"],
  call: (timeoutMs: number) => Promise<T>,
  now: Clock,
  policy: RetryPolicy,
  startedMs: number,
): Promise<Side<T>> {
  const left = policy.totalBudgetMs - (now() - startedMs);
  if (left < policy.minRetryMs) return { ok: false, skipped: { check, reason: "time_budget_spent" } };
  try {
    return { ok: true, value: await call(Math.min(policy.firstAttemptTimeoutMs, left)) };
  } catch (err) {
    if (isProviderError(err, "auth_rejected")) return { ok: false, httpStatus: err.status };
    return { ok: false, skipped: { check, reason: "no_usable_answer" } };
  }
}

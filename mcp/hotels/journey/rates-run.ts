import type { HotelsContext } from "../context.js";
import { langOf } from "../../../shared/locale.js";
import { isProviderError } from "../provider/index.js";
import { withTimeoutRetry } from "./checkout-retry.js";
import type { JourneyOption } from "./options.js";
import { toJourneyRate } from "./provider-shapes.js";
import { normalizeRates, RATES_RETRY_POLICY, ratesUnavailable, type LoadedRates } from "./rates.js";
import { withRates, type JourneyState } from "./state.js";
import { withInstalments } from "./value.js";

/**
 * How a rates load ended. `loaded` covers no_bookable_rates and rates_temporarily_unavailable too
 * (see `rates.status`); `fromJourney`: answered from rates the journey already holds, no provider call.
 */
export type RatesRun = { status: "loaded"; rates: LoadedRates; fromJourney: boolean } | { status: "auth_rejected"; httpStatus: number | undefined };

/** Loads the selected hotel's rates once per selection and stores them on the journey. */
export async function loadSelectedRates(
  ctx: Pick<HotelsContext, "provider" | "journeys" | "retryPolicies" | "now">,
  journeyId: string,
  selection: { state: JourneyState; option: JourneyOption },
  opts: { signal: AbortSignal },
): Promise<RatesRun> {
  const { state, option } = selection;
  // Loaded rates keep their numbers for the journey's life: asking again, or choosing this hotel
  // again after another, must not renumber them.
  const known = state.rates ?? state.loadedRates[option.public.optionId];
  if (known && known.status !== "rates_temporarily_unavailable") {
    if (!state.rates) await ctx.journeys.update(journeyId, (s) => (s.selectedOptionId === option.public.optionId ? withRates(s, known) : s));
    return { status: "loaded", rates: known, fromJourney: true };
  }
  const fetched = await fetchRates(ctx, state, option, opts.signal);
  if (fetched.status !== "loaded") return fetched;
  const optionId = option.public.optionId;
  await ctx.journeys.update(journeyId, (s) => (s.selectedOptionId === optionId ? withRates(s, fetched.rates) : s));
  return fetched;
}

async function fetchRates(
  ctx: Pick<HotelsContext, "provider" | "retryPolicies" | "now">,
  state: JourneyState,
  option: JourneyOption,
  signal: AbortSignal,
): Promise<RatesRun> {
  const { hotelId } = option;
  const { nights } = state.request;
  const lang = langOf(state.request.language);
  if (hotelId === null) return { status: "loaded", rates: normalizeRates([], nights, null, lang), fromJourney: false };
  const body = {
    checkinDate: state.request.checkinDate,
    checkoutDate: state.request.checkoutDate,
    guests: state.request.rooms.map((r) => ({ adultsCount: r.adults, childrenAges: [...r.childrenAges] })),
  };
  const policy = ctx.retryPolicies?.rates ?? RATES_RETRY_POLICY;
  const run = await withTimeoutRetry((timeoutMs) => ctx.provider.api.rates(hotelId, body, { signal, timeoutMs }), policy, ctx.now);
  if (run.ok) {
    const rates = normalizeRates(run.value.rates.map(toJourneyRate), nights, run.summary, lang);
    return { status: "loaded", rates: await withInstalments(ctx, hotelId, body, rates, signal), fromJourney: false };
  }
  if (isProviderError(run.error, "auth_rejected")) return { status: "auth_rejected", httpStatus: run.error.status };
  return { status: "loaded", rates: ratesUnavailable(run.summary), fromJourney: false };
}

import type { HotelsContext } from "../context.js";
import { compareDecimal } from "../../../shared/money.js";
import { langOf } from "../../../shared/locale.js";
import type { IsoDate } from "../../../shared/time.js";
import { COLLECT_LIMITS, type Collector } from "./collect.js";
import { applyFilters } from "./filters.js";
import { planRequestFor, type FlexRequest } from "./flex-input.js";
import { buildOptions, OptionIdRegistry, publicOptions, roomShape, type PublicOption } from "./options.js";
import { toSearchBody } from "./search-request.js";

// A date's collection may take this many provider requests: a whole city of up to about 130
// hotels (the sandbox's Казань takes 7); a bigger one is priced on what was seen, and says so.
export const REQUESTS_PER_DATE = 8;

export interface Seen {
  hotelsSeen: number;
  /** What the provider reported; null when it did not say. */
  hotelsReported: number | null;
  complete: boolean;
}

/** Why a searched date has no price: no hotel with a room for the party, or the filters removed every one. */
export type NoneReason = "no_stays" | "no_room_for_party" | "filtered_out";

export type DateResult =
  | ({ status: "priced"; checkinDate: IsoDate; checkoutDate: IsoDate; option: PublicOption } & Seen)
  | ({ status: "nothing_fits"; checkinDate: IsoDate; checkoutDate: IsoDate; reason: NoneReason } & Seen)
  | { status: "not_searched"; checkinDate: IsoDate; checkoutDate: IsoDate }
  | { status: "failed"; checkinDate: IsoDate; checkoutDate: IsoDate; error: unknown };

export interface FlexRun {
  dates: DateResult[];
  /** Provider search requests this call made (shared or cached collections cost it none). */
  requests: number;
  budget: number;
}

/**
 * Searches the window's dates in order, as many at once as the provider limiter has slots (each
 * request still queues there, with plan_stay's), each through the stay search's cache, until the
 * request budget is spent: a date starts only with budget left, and takes at most what is left.
 */
export async function runFlex(ctx: Pick<HotelsContext, "staySearch" | "random" | "config">, request: FlexRequest, destinationId: string, signal: AbortSignal): Promise<FlexRun> {
  const budget = ctx.config.hotels.flexSearchBudget;
  const dates: DateResult[] = request.checkins.map((checkinDate) => ({ status: "not_searched", checkinDate, checkoutDate: planRequestFor(request, checkinDate).checkoutDate }));
  let reserved = 0;
  let spent = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < dates.length && spent + reserved < budget && !signal.aborted) {
      const index = next++;
      const cap = Math.min(REQUESTS_PER_DATE, budget - spent - reserved);
      reserved += cap;
      const plan = planRequestFor(request, request.checkins[index] as IsoDate);
      const counted = await ctx.staySearch.collectCounted(toSearchBody(plan, destinationId), { signal, limits: { plan: { maxRequests: cap, budgetMs: COLLECT_LIMITS.plan.budgetMs } } });
      reserved -= cap;
      spent += counted.requests;
      const { checkinDate, checkoutDate } = plan;
      dates[index] = counted.ok ? priceDate(ctx, request, plan, counted.collector) : { status: "failed", checkinDate, checkoutDate, error: counted.error };
    }
  };
  const workers = Math.min(ctx.config.hotels.maxConcurrentRequests, dates.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return { dates, requests: spent, budget };
}

/** The cheapest option that fits the party and passes the filters, in the currency most options share. */
function priceDate(ctx: Pick<HotelsContext, "random">, request: FlexRequest, plan: { checkinDate: IsoDate; checkoutDate: IsoDate }, collector: Collector): DateResult {
  const coverage = collector.coverage();
  const seen: Seen = { hotelsSeen: coverage.collectedCount, hotelsReported: coverage.reportedCount, complete: !coverage.truncated };
  const all = publicOptions(buildOptions(collector.items(), request.nights, new OptionIdRegistry(ctx.random), langOf(request.language), roomShape(request.rooms)));
  const fitting = all.filter((o) => o.hasRates && o.roomFit === "fits");
  const kept = applyFilters(fitting, request.filters).kept;
  const cheapest = lowest(kept, request.filters?.maxPricePerNight?.currency);
  if (cheapest) return { status: "priced", ...plan, option: cheapest, ...seen };
  const reason: NoneReason = all.length === 0 ? "no_stays" : fitting.length === 0 ? "no_room_for_party" : "filtered_out";
  return { status: "nothing_fits", ...plan, reason, ...seen };
}

function lowest(options: readonly PublicOption[], currency: string | undefined): PublicOption | undefined {
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.currency, (counts.get(o.currency) ?? 0) + 1);
  const main = currency ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return options.filter((o) => o.currency === main).reduce<PublicOption | undefined>((best, o) => (best === undefined || compareDecimal(o.totalPriceDecimal, best.totalPriceDecimal) < 0 ? o : best), undefined);
}

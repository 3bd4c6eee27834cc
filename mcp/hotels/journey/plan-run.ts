import type { HotelsContext } from "../context.js";
import type { SearchCoverage } from "./collect.js";
import { matchHotelName, type HotelNameMatch } from "./destination.js";
import { applyFilters, type FilterReport } from "./filters.js";
import type { PlanStayRequest } from "./input.js";
import { buildOptions, OptionIdRegistry, publicOptions, roomShape, type PublicOption } from "./options.js";
import { langOf } from "../../../shared/locale.js";
import { journeyView, type JourneyView } from "./view.js";
import { rankOptions, resolveRanking, type RankingResult } from "./ranking.js";
import { toSearchBody } from "./search-request.js";
import { newJourneyState, type ResolvedDestination } from "./state.js";
import type { SearchProgress } from "./stay-search.js";
import { planCashback, VALUE_CALL_TIMEOUT_MS, type JourneyCashback } from "./value.js";
import { splitAmenities, type Amenity } from "./amenities.js";
import { amenityCandidates, checkAmenities } from "./amenity-check.js";
import { journeyFilters } from "./criteria.js";
import { isProviderError, type ProviderFilterDescription } from "../provider/index.js";

/**
 * How a plan ended. `filtered`: the request carried a provider filter (breakfastIncluded, or an
 * amenity the destination's filter catalogue offers: `providerAmenities`).
 */
export type PlanRun =
  | { status: "search_failed"; error: unknown; filtered: boolean; providerAmenities: Amenity[] }
  | { status: "no_stays"; filtered: boolean; providerAmenities: Amenity[]; coverage: SearchCoverage }
  | {
      status: "planned";
      journeyId: string;
      filtered: boolean;
      providerAmenities: Amenity[];
      coverage: SearchCoverage;
      options: PublicOption[];
      ranked: RankingResult;
      /** What the request's hard filters removed; `options` are what they kept. */
      hardFilters: FilterReport | null;
      /** The destination as stored on the journey, with its catalog time zone when known. */
      destination: ResolvedDestination;
      view: JourneyView;
      /** Set when the request named a hotel: the matches, best first (may be empty). */
      hotelMatches: HotelNameMatch[] | null;
      /** T-Bank cashback read beside the plan (its failure is `unavailable`, never the plan's). */
      cashback: JourneyCashback;
    };

/** Collects, builds and stores the journey: the part of plan_stay after input and destination. */
export async function runPlan(
  ctx: Pick<HotelsContext, "staySearch" | "journeys" | "random" | "catalog" | "now" | "provider" | "collectionCashback">,
  asked: PlanStayRequest,
  destination: ResolvedDestination,
  opts: { signal: AbortSignal; progress: SearchProgress },
): Promise<PlanRun> {
  const wanted = asked.amenities ?? [];
  const split = wanted.length > 0 ? splitAmenities(wanted, await filterCatalogue(ctx, destination.destinationId, opts.signal)) : { byProvider: [], local: [] };
  // The split is stored with the journey: a continuation must send the same filters.
  const request = wanted.length > 0 ? { ...asked, providerAmenities: split.byProvider } : asked;
  const body = toSearchBody(request, destination.destinationId);
  const filtered = body.filters !== undefined;
  let collector;
  try {
    collector = await ctx.staySearch.collect(body, { signal: opts.signal, progress: (p, total, msg) => opts.progress(p, total, msg) });
  } catch (error) {
    return { status: "search_failed", error, filtered, providerAmenities: split.byProvider };
  }
  const coverage = collector.coverage();
  const optionIds = new OptionIdRegistry(ctx.random);
  const options = buildOptions(collector.items(), request.nights, optionIds, langOf(request.language), roomShape(request.rooms), destination.near?.coordinates);
  if (options.length === 0) return { status: "no_stays", filtered, providerAmenities: split.byProvider, coverage };

  const { ranking } = resolveRanking(request);
  const stay = { destinationId: destination.destinationId, checkinDate: request.checkinDate, checkoutDate: request.checkoutDate };
  const [zone, cashback] = await Promise.all([catalogTimeZone(ctx, destination.destinationId), planCashback(ctx, collector, options, stay)]);
  const located = { ...destination, ...zone };
  const rankingParams = { ranking, hotelPreferences: request.hotelPreferences, guestsPerRoom: roomShape(request.rooms).guestsPerRoom, cashback };
  const candidates = () => amenityCandidates(options, publicOptions(options), request.filters, rankingParams);
  const amenityCheck = split.local.length > 0 ? await checkAmenities(ctx, split.local, candidates(), { signal: opts.signal }) : undefined;
  const state = { ...newJourneyState({ request, destination: located, ranking, collector, optionIds, options }), cashback, ...(amenityCheck ? { amenityCheck } : {}) };
  const record = await ctx.journeys.create(state);
  const view = journeyView(state, ctx.now());
  const { kept: pub, report: hardFilters } = applyFilters(publicOptions(options), ...journeyFilters(state));
  const ranked = rankOptions(publicOptions(options), rankingParams, new Set(pub.map((o) => o.optionId)));
  const hotelMatches = request.hotelName === undefined ? null : matchHotelName(request.hotelName, pub);
  return { status: "planned", journeyId: record.journeyId, filtered, providerAmenities: split.byProvider, coverage, options: pub, ranked, hardFilters, hotelMatches, destination: located, view, cashback };
}

/** The destination's filter catalogue, or null when it cannot be read (every amenity is then checked locally). */
async function filterCatalogue(ctx: Pick<HotelsContext, "provider">, destinationId: string, signal: AbortSignal): Promise<ProviderFilterDescription[] | null> {
  try {
    return (await ctx.provider.api.searchFilters(destinationId, { signal, timeoutMs: VALUE_CALL_TIMEOUT_MS })).filters;
  } catch (err) {
    if (!isProviderError(err)) throw err;
    return null;
  }
}

// The catalog is already cached by the destination lookup; a failure here only costs the offset.
async function catalogTimeZone(ctx: Pick<HotelsContext, "catalog">, destinationId: string): Promise<{ timeZone?: string }> {
  try {
    const zone = (await ctx.catalog.get()).find((l) => l.id === destinationId)?.timeZone;
    return zone ? { timeZone: zone } : {};
  } catch {
    return {};
  }
}

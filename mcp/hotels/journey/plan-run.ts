import type { HotelsContext } from "../context.js";
import type { SearchCoverage } from "./collect.js";
import { matchHotelName, type HotelNameMatch } from "./destination.js";
import { applyFilters, type FilterReport } from "./filters.js";
import type { PlanStayRequest } from "./input.js";
import { buildOptions, OptionIdRegistry, publicOptions, type PublicOption } from "./options.js";
import { rankOptions, resolveRanking, type RankingResult } from "./ranking.js";
import { toSearchBody } from "./search-request.js";
import { newJourneyState, type ResolvedDestination } from "./state.js";
import type { SearchProgress } from "./stay-search.js";

/** How a plan ended. `filtered`: the request carried a provider filter (breakfastIncluded). */
export type PlanRun =
  | { status: "search_failed"; error: unknown; filtered: boolean }
  | { status: "no_stays"; filtered: boolean; coverage: SearchCoverage }
  | {
      status: "planned";
      journeyId: string;
      filtered: boolean;
      coverage: SearchCoverage;
      options: PublicOption[];
      ranked: RankingResult;
      /** What the request's hard filters removed; `options` are what they kept. */
      hardFilters: FilterReport | null;
      /** Set when the request named a hotel: the matches, best first (may be empty). */
      hotelMatches: HotelNameMatch[] | null;
    };

/** Collects, builds and stores the journey: the part of plan_stay after input and destination. */
export async function runPlan(
  ctx: Pick<HotelsContext, "staySearch" | "journeys" | "random">,
  request: PlanStayRequest,
  destination: ResolvedDestination,
  opts: { signal: AbortSignal; progress: SearchProgress },
): Promise<PlanRun> {
  const body = toSearchBody(request, destination.destinationId);
  const filtered = body.filters !== undefined;
  let collector;
  try {
    collector = await ctx.staySearch.collect(body, { signal: opts.signal, progress: (p, total, msg) => opts.progress(p, total, msg) });
  } catch (error) {
    return { status: "search_failed", error, filtered };
  }
  const coverage = collector.coverage();
  const optionIds = new OptionIdRegistry(ctx.random);
  const options = buildOptions(collector.items(), request.nights, optionIds);
  if (options.length === 0) return { status: "no_stays", filtered, coverage };

  const { ranking } = resolveRanking(request);
  const record = ctx.journeys.create(newJourneyState({ request, destination, ranking, collector, optionIds, options }));
  const { kept: pub, report: hardFilters } = applyFilters(publicOptions(options), request.filters);
  const ranked = rankOptions(pub, { ranking, hotelPreferences: request.hotelPreferences });
  const hotelMatches = request.hotelName === undefined ? null : matchHotelName(request.hotelName, pub);
  return { status: "planned", journeyId: record.journeyId, filtered, coverage, options: pub, ranked, hardFilters, hotelMatches };
}

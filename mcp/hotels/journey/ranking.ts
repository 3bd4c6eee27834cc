import { compareDecimal } from "../../../shared/money.js";
import { bandFit, bandTier, bestValueScores, SLIGHTLY_OUTSIDE } from "./best-value.js";
import type { BandPosition, BestValueDetail } from "./best-value.js";
import type { PublicOption } from "./options.js";
import { rankByCashback, type CashbackCoverage, type CashbackPercents } from "./cashback-ranking.js";
import type { HotelPreferencesInput, PriceBand, Ranking } from "./types.js";

export const DEFAULT_RANKING: Ranking = "provider_order";
// Alternatives just outside the band must still be good hotels, not merely near the price.
export const ALTERNATIVE_MIN_RATING = 7.5;
export const ALTERNATIVES_PER_SIDE = 3;

export interface RankingParams {
  ranking: Ranking;
  hotelPreferences?: HotelPreferencesInput;
  /** The most guests one room of the search holds (default 1): what decides whether an unknown room size matters. */
  guestsPerRoom?: number;
  /** The journey's cashback (journey/value.ts): what highest_cashback ranks by. */
  cashback?: CashbackPercents | undefined;
}

export interface PreferencesApplied {
  applied: boolean;
  band?: PriceBand;
  reason?: "no_hotel_preferences" | "ranking_not_best_value" | "currency_mismatch";
}

export interface RankingResult {
  ranking: Ranking;
  orderedIds: string[];
  // The one currency whose prices were compared (null when ranking does not compare prices).
  priceCurrency: string | null;
  /** Options in other currencies, placed after the compared ones (rendered per language). */
  otherCurrencies: { currencies: string[]; count: number } | null;
  notPriceCompared: string[];
  preferencesApplied: PreferencesApplied;
  preferenceAlternatives: { below: string[]; above: string[] };
  bestValue: Record<string, BestValueDetail> | null;
  /** highest_cashback only: how much of the collection has a stated percent (see rankByCashback). */
  cashbackCoverage: CashbackCoverage | null;
}

// Top-level ranking wins over hotelPreferences.ranking. get_stay_options / compare_stay_options
// called without ranking pass the plan's stored ranking here, so they inherit it.
export function resolveRanking(request: { ranking?: Ranking | undefined; hotelPreferences?: HotelPreferencesInput | undefined }): {
  ranking: Ranking;
  source: "request" | "hotel_preferences" | "default";
} {
  if (request.ranking) return { ranking: request.ranking, source: "request" };
  if (request.hotelPreferences?.ranking) return { ranking: request.hotelPreferences.ranking, source: "hotel_preferences" };
  return { ranking: DEFAULT_RANKING, source: "default" };
}

// The requested (band) currency when any option has it; else the most frequent one, ties going
// to the currency seen first in provider order.
export function referenceCurrency(options: readonly PublicOption[], preferred?: string): string | null {
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.currency, (counts.get(o.currency) ?? 0) + 1);
  if (preferred !== undefined && counts.has(preferred)) return preferred;
  let best: string | null = null;
  let bestCount = 0;
  for (const [currency, count] of counts) {
    if (count > bestCount) [best, bestCount] = [currency, count];
  }
  return best;
}

function otherCurrencies(others: readonly PublicOption[]): RankingResult["otherCurrencies"] {
  return others.length === 0 ? null : { currencies: [...new Set(others.map((o) => o.currency))], count: others.length };
}

const ids = (options: readonly PublicOption[]) => options.map((o) => o.optionId);

// Hotels sell rooms for two as the standard: with one or two guests a room, a room of unstated size
// is no reason to rank a hotel lower (nor to say so on its card, see tools/cards.ts).
export const STANDARD_ROOM_GUESTS = 2;

// 0: holds the party as far as anyone knows; 1: may (its room size is not known yet); 2: no room
// holds the party, so its price is not one the party can book.
function fitTier(o: PublicOption, guestsPerRoom: number): number {
  if (o.roomFit === "does_not_fit") return 2;
  return o.roomFit === "unknown" && guestsPerRoom > STANDARD_ROOM_GUESTS ? 1 : 0;
}

const byTier = (options: readonly PublicOption[], tier: (o: PublicOption) => number): PublicOption[] =>
  options.map((o, i) => ({ o, i, t: tier(o) })).sort((a, b) => a.t - b.t || a.i - b.i).map((x) => x.o);

// A hotel without bookable rates, or without a room for the party, cannot be the answer to "the
// best" or "the cheapest": it follows every option that fits or may fit (those without bookable
// rates last), in its own order, and its card says why.
const usableFirst = (options: readonly PublicOption[], guestsPerRoom: number): PublicOption[] => byTier(options, (o) => (o.hasRates ? fitTier(o, guestsPerRoom) : 3));

/** Where each option's per-night price sits against the band; options in another currency have no place. */
export function bandPositions(options: readonly PublicOption[], band: PriceBand): Map<string, BandPosition> {
  const out = new Map<string, BandPosition>();
  for (const o of options) if (o.currency === band.currency) out.set(o.optionId, bandFit(Number(o.pricePerRoomNightDecimal), band).position);
  return out;
}

/**
 * Ranks the whole collection, then keeps only the ids `within` (what hard filters left, or a
 * comparison's scope). best_value scores depend on the set they are computed over, so ranking a
 * subset on its own could order two hotels differently from the full listing: one journey and one
 * ranking give one order.
 */
export function rankOptions(options: readonly PublicOption[], params: RankingParams, within?: ReadonlySet<string>): RankingResult {
  // The compared currency is the one of what is kept: a price filter in USD must sort the USD options.
  const pool = within ? options.filter((o) => within.has(o.optionId)) : options;
  const all = rankAll(options, params, referenceCurrency(pool, params.hotelPreferences?.pricePerNight.currency));
  if (!within) return all;
  const keep = (ids: readonly string[]) => ids.filter((id) => within.has(id));
  const cashbackCoverage = all.cashbackCoverage && { ...all.cashbackCoverage, unstatedListed: keep(all.cashbackCoverage.unstatedIds).length };
  const notPriceCompared = keep(all.notPriceCompared);
  const keptOthers = pool.filter((o) => notPriceCompared.includes(o.optionId));
  return {
    ...all,
    orderedIds: keep(all.orderedIds),
    notPriceCompared,
    otherCurrencies: otherCurrencies(keptOthers),
    preferenceAlternatives: { below: keep(all.preferenceAlternatives.below), above: keep(all.preferenceAlternatives.above) },
    cashbackCoverage,
  };
}

// Array.prototype.sort is stable, so ties keep the collected provider order.
function rankAll(options: readonly PublicOption[], params: RankingParams, currency: string | null): RankingResult {
  const prefs = params.hotelPreferences;
  const bandCurrency = prefs?.pricePerNight.currency;
  const result: RankingResult = {
    ranking: params.ranking,
    orderedIds: ids(options),
    priceCurrency: null,
    otherCurrencies: null,
    notPriceCompared: [],
    preferencesApplied: { applied: false, reason: prefs ? "ranking_not_best_value" : "no_hotel_preferences" },
    preferenceAlternatives: { below: [], above: [] },
    bestValue: null,
    cashbackCoverage: null,
  };
  const guests = params.guestsPerRoom ?? 1;
  // The provider's order keeps hotels without rates in place; only a room that fits moves one.
  const providerOrder = () => ids(byTier(options, (o) => fitTier(o, guests)));
  if (params.ranking === "provider_order") return { ...result, orderedIds: providerOrder() };
  if (params.ranking === "highest_cashback") {
    const { orderedIds, coverage } = rankByCashback(options, params.cashback, (part) => usableFirst(part, guests));
    // Without cashback data the order is the provider's, as provider_order gives it: still fit first.
    return { ...result, orderedIds: coverage.unavailable ? providerOrder() : orderedIds, cashbackCoverage: coverage };
  }
  if (params.ranking === "highest_rating") {
    const sorted = [...options].sort((a, b) => (b.rating ?? -Infinity) - (a.rating ?? -Infinity));
    return { ...result, orderedIds: ids(usableFirst(sorted, guests)) };
  }
  if (currency === null) return result;
  const same = options.filter((o) => o.currency === currency);
  const others = options.filter((o) => o.currency !== currency);
  result.priceCurrency = currency;
  result.otherCurrencies = otherCurrencies(others);
  result.notPriceCompared = ids(others);
  // Within each tier of usableFirst, other currencies follow the compared ones, in provider order.
  if (params.ranking === "lowest_price") {
    const sorted = [...same].sort((a, b) => compareDecimal(a.pricePerRoomNightDecimal, b.pricePerRoomNightDecimal));
    return { ...result, orderedIds: ids(usableFirst([...sorted, ...others], guests)) };
  }
  const applied = prefs !== undefined && bandCurrency === currency;
  const band = applied ? prefs.pricePerNight : undefined;
  const scores = bestValueScores(same, band);
  const score = (o: PublicOption) => scores.get(o.optionId)?.score ?? 0;
  const tier = (o: PublicOption) => bandTier(scores.get(o.optionId));
  const sorted = usableFirst([...same].sort((a, b) => tier(a) - tier(b) || score(b) - score(a)), guests);
  result.orderedIds = ids(usableFirst([...sorted, ...others], guests));
  result.bestValue = Object.fromEntries(scores);
  if (!prefs) return result;
  result.preferencesApplied = band ? { applied: true, band } : { applied: false, reason: "currency_mismatch" };
  if (band && prefs.showAlternativesOutsideBand !== false) {
    const alternatives = (side: "below" | "above") =>
      sorted
        .filter((o) => {
          const d = scores.get(o.optionId);
          return o.hasRates && o.roomFit !== "does_not_fit" && d?.bandPosition === side && (d.bandDeviation ?? Infinity) <= SLIGHTLY_OUTSIDE && (o.rating ?? 0) >= ALTERNATIVE_MIN_RATING;
        })
        .slice(0, ALTERNATIVES_PER_SIDE)
        .map((o) => o.optionId);
    result.preferenceAlternatives = { below: alternatives("below"), above: alternatives("above") };
  }
  return result;
}

import { z } from "zod";
import { compareDecimal, CURRENCY_PATTERN, decimalFromProviderNumber } from "../../../shared/money.js";
import type { Amenity } from "./amenities.js";
import type { PublicOption } from "./options.js";

// Hard filters: unlike hotelPreferences (a soft band best_value ranks by), an option that fails one
// is not listed. They are applied here, to the whole collection, never sent to the provider.

/** The order filters are applied in; each counts only what the ones before it left. */
export const FILTER_NAMES = ["maxPricePerNight", "minRating", "minStars", "maxDistanceKm", "bookableOnly", "minCashbackPercent", "amenities"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

// Raw shape: spread into plan_stay's and get_stay_options' input objects. Every keyword here is
// paid for twice in tools/list: the currency's pattern is checked but not advertised, and the
// names say the rest.
export const hardFiltersShape = {
  maxPricePerNight: z.strictObject({ amount: z.number().positive().meta({ exclusiveMinimum: undefined }), currency: z.string().regex(CURRENCY_PATTERN, "not an ISO 4217 currency code").meta({ pattern: undefined }) }).optional(),
  // Checked, not advertised: the names say the scale (rating 0..10, stars 1..5).
  minRating: z.number().min(0).max(10).meta({ minimum: undefined, maximum: undefined }).optional(),
  minStars: z.int().min(1).max(5).meta({ minimum: undefined, maximum: undefined }).optional(),
  maxDistanceKm: z.number().positive().meta({ exclusiveMinimum: undefined }).optional(),
  bookableOnly: z.boolean().optional(),
  // 0..100 is checked, not advertised: the name says it is a percent.
  minCashbackPercent: z.number().min(0).max(100).meta({ minimum: undefined, maximum: undefined }).optional(),
};

export interface HardFilters {
  maxPricePerNight?: { amount: number; currency: string };
  minRating?: number;
  minStars?: number;
  maxDistanceKm?: number;
  bookableOnly?: boolean;
  /** The provider's stated percent (journey/value.ts); an option with none fails. */
  minCashbackPercent?: number;
  /** The amenities checked on hotel cards (journey/amenity-check.ts): never a tool input, added by journeyFilters. */
  amenities?: Amenity[];
}

/** What some filters test beyond the option itself: the journey's cashback percents by optionId. */
export interface FilterFacts {
  cashback?: Readonly<Record<string, number>> | undefined;
  /** By optionId: whether its card lists every checked amenity; absent = not read. */
  amenities?: Readonly<Record<string, boolean>> | undefined;
}

/** The filters given in a tool's input, or undefined when it gave none (`bookableOnly: false` counts as given). */
export function pickFilters(input: HardFilters): HardFilters | undefined {
  const picked: HardFilters = {};
  if (input.maxPricePerNight !== undefined) picked.maxPricePerNight = input.maxPricePerNight;
  if (input.minRating !== undefined) picked.minRating = input.minRating;
  if (input.minStars !== undefined) picked.minStars = input.minStars;
  if (input.maxDistanceKm !== undefined) picked.maxDistanceKm = input.maxDistanceKm;
  if (input.bookableOnly !== undefined) picked.bookableOnly = input.bookableOnly;
  if (input.minCashbackPercent !== undefined) picked.minCashbackPercent = input.minCashbackPercent;
  return Object.keys(picked).length > 0 ? picked : undefined;
}

export interface FilterReport {
  filters: HardFilters;
  /** Per active filter, in FILTER_NAMES order: the options it removed from what the earlier ones left. */
  removed: { filter: FilterName; count: number }[];
  /** Of maxPricePerNight's removals, those priced in another currency (not comparable), per currency. */
  otherCurrency: Record<string, number>;
  /** Of maxPricePerNight's removals, those with no room for the party: no price of theirs is one it can book. */
  noRoom: number;
  kept: number;
  collected: number;
  /** With the amenities filter: of the options it tested, how many had their card read. */
  amenityCheck?: { checked: number; of: number };
}

type Test = (o: PublicOption) => boolean;

// An unknown value (no rating, no stars, no distance) fails the filter on it: the person asked for
// a guarantee the option cannot give.
function tests(f: HardFilters, facts: FilterFacts): { filter: FilterName; test: Test }[] {
  const out: { filter: FilterName; test: Test }[] = [];
  const price = f.maxPricePerNight;
  if (price) {
    const max = decimalFromProviderNumber(price.amount);
    out.push({ filter: "maxPricePerNight", test: (o) => o.roomFit !== "does_not_fit" && o.currency === price.currency && compareDecimal(o.pricePerRoomNightDecimal, max) <= 0 });
  }
  const { minRating, minStars, maxDistanceKm } = f;
  if (minRating !== undefined) out.push({ filter: "minRating", test: (o) => o.rating !== null && o.rating >= minRating });
  if (minStars !== undefined) out.push({ filter: "minStars", test: (o) => o.stars !== null && o.stars >= minStars });
  if (maxDistanceKm !== undefined) {
    // From the journey's near point when it has one (never the centre instead), else from the centre.
    const km = (o: PublicOption) => o.distanceToNearKm ?? o.distanceToCenterKm;
    out.push({ filter: "maxDistanceKm", test: (o) => Number.isFinite(km(o)) && km(o) <= maxDistanceKm });
  }
  if (f.bookableOnly === true) out.push({ filter: "bookableOnly", test: (o) => o.hasRates });
  const { minCashbackPercent } = f;
  if (minCashbackPercent !== undefined) out.push({ filter: "minCashbackPercent", test: (o) => (facts.cashback?.[o.optionId] ?? -1) >= minCashbackPercent });
  if (f.amenities && f.amenities.length > 0) out.push({ filter: "amenities", test: (o) => facts.amenities?.[o.optionId] === true });
  return out;
}

/** Keeps the options that pass every filter, in their order; the report is null when no filter is active. */
export function applyFilters<T extends PublicOption>(options: readonly T[], filters: HardFilters | undefined, facts: FilterFacts = {}): { kept: T[]; report: FilterReport | null } {
  const active = filters ? tests(filters, facts) : [];
  if (!filters || active.length === 0) return { kept: [...options], report: null };
  const counts = new Map<FilterName, number>(active.map((a) => [a.filter, 0]));
  const otherCurrency: Record<string, number> = {};
  let noRoom = 0;
  const amenityCheck = { checked: 0, of: 0 };
  const kept = options.filter((o) => {
    const failed = active.find((a) => !a.test(o));
    if (filters.amenities?.length && (!failed || failed.filter === "amenities")) {
      amenityCheck.of += 1;
      if (facts.amenities?.[o.optionId] !== undefined) amenityCheck.checked += 1;
    }
    if (!failed) return true;
    counts.set(failed.filter, (counts.get(failed.filter) ?? 0) + 1);
    if (failed.filter === "maxPricePerNight" && o.roomFit === "does_not_fit") noRoom++;
    else if (failed.filter === "maxPricePerNight" && o.currency !== filters.maxPricePerNight?.currency) otherCurrency[o.currency] = (otherCurrency[o.currency] ?? 0) + 1;
    return false;
  });
  const removed = active.map((a) => ({ filter: a.filter, count: counts.get(a.filter) ?? 0 }));
  const checked = filters.amenities?.length ? { amenityCheck } : {};
  return { kept, report: { filters, removed, otherCurrency, noRoom, kept: kept.length, collected: options.length, ...checked } };
}

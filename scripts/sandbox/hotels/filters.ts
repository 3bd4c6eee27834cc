import { z } from "zod";
import { mealMatches, type Hotel } from "../data/hotels.js";
import type { Location } from "../data/locations.js";
import type { Rate } from "../data/pricing.js";
import { providerError, type RouteRequest, type SandboxResponse } from "../http.js";
import { err, ok, type Result } from "../../../shared/result.js";

/** The four discriminator forms of the provider's search filters. */
export const FilterSchema = z.discriminatedUnion("$objectType", [
  z.strictObject({ $objectType: z.literal("array"), filterId: z.string(), values: z.array(z.string()).min(1).max(10) }),
  z.strictObject({ $objectType: z.literal("boolean"), filterId: z.string(), value: z.boolean() }),
  z.strictObject({ $objectType: z.literal("radio"), filterId: z.string(), value: z.string() }),
  z.strictObject({ $objectType: z.literal("range"), filterId: z.string(), from: z.number().min(0).optional(), to: z.number().min(0).optional() }),
]);
export type Filter = z.infer<typeof FilterSchema>;

type Kind = Filter["$objectType"];

interface Option {
  value: string;
  name: string;
  test: (hotel: Hotel) => boolean;
}

const MEAL_OPTIONS: readonly Option[] = [
  { value: "room_only", name: "Без питания", test: (h) => mealMatches(h.meal, "room_only") },
  { value: "breakfast", name: "Завтрак включён", test: (h) => mealMatches(h.meal, "breakfast") },
  { value: "half_board", name: "Полупансион", test: (h) => mealMatches(h.meal, "half_board") },
  { value: "all_inclusive", name: "Всё включено", test: (h) => mealMatches(h.meal, "all_inclusive") },
];
const STAR_OPTIONS: readonly Option[] = [1, 2, 3, 4, 5].map((s) => ({ value: String(s), name: `${s}*`, test: (h: Hotel) => h.stars === s }));
const RATING_OPTIONS: readonly Option[] = [6, 7, 8, 9].map((r) => ({ value: String(r), name: `${r}+`, test: (h: Hotel) => (h.rating ?? 0) >= r }));

/** What a boolean filter tests: the hotel, and the amenities its card lists (catalog.amenities). */
type HotelTest = (hotel: Hotel, amenities: readonly string[]) => boolean;

const hasFreeCancellation: HotelTest = (h) => h.cancellation === "free";
const lists = (amenity: string): HotelTest => (_h, amenities) => amenities.includes(amenity);

// Amenity filters offered for some amenities only, as a provider's panel does: accessibility (and
// Wi-Fi, spa, fitness) is on the hotel cards but in no filter here.
const DEFINITIONS: Record<string, { kind: Kind; name: string; options?: readonly Option[]; test?: HotelTest }> = {
  meal_types: { kind: "array", name: "Питание", options: MEAL_OPTIONS },
  stars: { kind: "array", name: "Звёздность", options: STAR_OPTIONS },
  free_cancellation: { kind: "boolean", name: "Бесплатная отмена", test: hasFreeCancellation },
  parking: { kind: "boolean", name: "Парковка", test: lists("Парковка") },
  pool: { kind: "boolean", name: "Бассейн", test: lists("Бассейн") },
  pets_allowed: { kind: "boolean", name: "Можно с питомцами", test: lists("Можно с питомцами") },
  family_rooms: { kind: "boolean", name: "Семейные номера", test: lists("Семейные номера") },
  rating: { kind: "radio", name: "Рейтинг гостей", options: RATING_OPTIONS },
  price: { kind: "range", name: "Цена за ночь" },
};

/** Every filter the sandbox knows, with its form and (for array and radio) its values. */
export function filterCatalog(): { filterId: string; kind: Kind; values: string[] }[] {
  return Object.entries(DEFINITIONS).map(([filterId, def]) => ({ filterId, kind: def.kind, values: def.options?.map((o) => o.value) ?? [] }));
}

/** Validates raw filters one by one so each failure gets its own provider code. */
export function parseFilters(req: RouteRequest, raw: readonly unknown[]): Result<Filter[], SandboxResponse> {
  const fail = (code: string, message: string) => err(providerError(400, code, message, req.requestId));
  const seen = new Set<string>();
  const out: Filter[] = [];
  for (const [i, item] of raw.entries()) {
    const filterId: unknown = typeof item === "object" && item !== null ? (item as Record<string, unknown>).filterId : undefined;
    if (typeof filterId !== "string") return fail("invalid_filter", `filters.${i}: filterId is required`);
    const def = DEFINITIONS[filterId];
    if (!def) return fail("unknown_filter", `filters.${i}: unknown filterId ${JSON.stringify(filterId.slice(0, 40))}`);
    const parsed = FilterSchema.safeParse(item);
    if (!parsed.success) return fail("invalid_filter", `filters.${i}: ${parsed.error.issues[0]?.message ?? "invalid filter"}`);
    const filter = parsed.data;
    if (filter.$objectType !== def.kind) return fail("invalid_filter", `filters.${i}: ${filterId} is a ${def.kind} filter`);
    if (seen.has(filterId)) return fail("invalid_filter", `filters.${i}: ${filterId} given twice`);
    seen.add(filterId);
    const allowed = new Set(def.options?.map((o) => o.value));
    const values = filter.$objectType === "array" ? filter.values : filter.$objectType === "radio" ? [filter.value] : [];
    const bad = values.find((v) => !allowed.has(v));
    if (bad !== undefined) return fail("invalid_filter", `filters.${i}: ${JSON.stringify(bad.slice(0, 40))} is not a value of ${filterId}`);
    if (filter.$objectType === "range" && (filter.from ?? 0) > (filter.to ?? Number.POSITIVE_INFINITY)) return fail("invalid_filter", `filters.${i}: from is greater than to`);
    if (filter.$objectType === "range" && filter.from === undefined && filter.to === undefined) return fail("invalid_filter", `filters.${i}: from or to is required`);
    out.push(filter);
  }
  return ok(out);
}

/** Whether a hotel passes every filter; `perNight` is its per-night price in its own currency. */
export function matchesFilters(hotel: Hotel, perNight: number, filters: readonly Filter[], amenities: readonly string[]): boolean {
  return filters.every((f) => {
    const options = DEFINITIONS[f.filterId]?.options ?? [];
    switch (f.$objectType) {
      case "array":
        return f.values.some((v) => options.find((o) => o.value === v)?.test(hotel) ?? false);
      case "radio":
        return options.find((o) => o.value === f.value)?.test(hotel) ?? false;
      case "boolean":
        return !f.value || (DEFINITIONS[f.filterId]?.test?.(hotel, amenities) ?? false);
      case "range":
        return perNight >= (f.from ?? 0) && perNight <= (f.to ?? Number.POSITIVE_INFINITY);
    }
  });
}

/**
 * Whether one rate satisfies the rate-level filters (meal, free cancellation): a filtered search
 * shows the cheapest rate that does, not a cheaper one the person ruled out.
 */
export function rateMatchesFilters(rate: Rate, filters: readonly Filter[]): boolean {
  return filters.every((f) => {
    if (f.filterId === "meal_types" && f.$objectType === "array") return f.values.some((v) => mealMatches(rate.meal, v));
    if (f.filterId === "free_cancellation" && f.$objectType === "boolean") return !f.value || rate.cancellationKind === "free";
    return true;
  });
}

/** The filter catalog for a destination, with facet counts over its hotels. */
export function describeFilters(location: Location, hotels: readonly Hotel[], amenitiesOf: (hotel: Hotel) => readonly string[]): unknown[] {
  const facets = (options: readonly Option[]) => options.map((o) => ({ value: o.value, name: o.name, count: hotels.filter(o.test).length }));
  const prices = hotels.filter((h) => h.currency === location.profile.currency).map((h) => h.basePrice);
  return Object.entries(DEFINITIONS).map(([filterId, def]) => {
    const head = { $objectType: def.kind, filterId, name: def.name };
    if (def.kind === "boolean") return { ...head, count: hotels.filter((h) => def.test?.(h, amenitiesOf(h)) ?? false).length };
    if (def.kind === "range") return { ...head, min: Math.floor(Math.min(...prices) * 0.8), max: Math.ceil(Math.max(...prices) * 1.3), currency: location.profile.currency, unit: "per_night" };
    return { ...head, options: facets(def.options ?? []) };
  });
}

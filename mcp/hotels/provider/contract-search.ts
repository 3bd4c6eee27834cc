import { z } from "zod";
import { ProviderCoordinatesSchema, ProviderMoneySchema, ProviderStayShape } from "./contract-common.js";

const FilterIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "expected a filter id");
const FilterValueSchema = z.string().min(1).max(64);

/**
 * The four filter forms the provider accepts; anything else is refused locally before HTTP. Only
 * `array` is confirmed by the spec in use (`meal_types: ["breakfast"]`).
 */
export const ProviderSearchFilterSchema = z.discriminatedUnion("$objectType", [
  z.strictObject({ $objectType: z.literal("array"), filterId: FilterIdSchema, values: z.array(FilterValueSchema).min(1).max(20) }),
  z.strictObject({ $objectType: z.literal("boolean"), filterId: FilterIdSchema, value: z.boolean() }),
  z.strictObject({ $objectType: z.literal("radio"), filterId: FilterIdSchema, value: FilterValueSchema }),
  z.strictObject({ $objectType: z.literal("range"), filterId: FilterIdSchema, from: z.number().optional(), to: z.number().optional() }),
]);
export type ProviderSearchFilter = z.infer<typeof ProviderSearchFilterSchema>;

/**
 * A SearchParametersListApiRequest. There is no `sort`: the provider answers
 * `sorting_is_not_allowed_yet`, so ranking is always local.
 */
export const ProviderSearchRequestSchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...ProviderStayShape,
  filters: z.array(ProviderSearchFilterSchema).max(20).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(20).optional(),
  searchId: z.string().min(1).max(256).optional(),
});
export type ProviderSearchRequest = z.infer<typeof ProviderSearchRequestSchema>;

export const ProviderLocationSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  fullName: z.string().optional(),
  type: z.string().optional(),
  region: z.string().nullish(),
  country: z.string().nullish(),
  hotelsCount: z.number().nullish(),
  /** IANA zone, e.g. "Europe/Moscow"; one this runtime does not know counts as absent. */
  timeZone: z.string().max(64).refine(isKnownTimeZone).optional().catch(undefined),
});
export type ProviderLocation = z.infer<typeof ProviderLocationSchema>;

export const ProviderLocationPageSchema = z.looseObject({
  items: z.array(ProviderLocationSchema),
  total: z.number().int().min(0),
  nextOffset: z.number().int().min(0).nullable(),
});
export type ProviderLocationPage = z.infer<typeof ProviderLocationPageSchema>;

const FilterOptionSchema = z.looseObject({ value: z.string(), name: z.string(), count: z.number().optional() });

export const ProviderFilterDescriptionSchema = z.discriminatedUnion("$objectType", [
  z.looseObject({ $objectType: z.literal("array"), filterId: z.string(), name: z.string(), options: z.array(FilterOptionSchema) }),
  z.looseObject({ $objectType: z.literal("boolean"), filterId: z.string(), name: z.string(), count: z.number().optional() }),
  z.looseObject({ $objectType: z.literal("radio"), filterId: z.string(), name: z.string(), options: z.array(FilterOptionSchema) }),
  z.looseObject({
    $objectType: z.literal("range"),
    filterId: z.string(),
    name: z.string(),
    min: z.number().optional(),
    max: z.number().optional(),
    currency: z.string().optional(),
    unit: z.string().optional(),
  }),
]);
export type ProviderFilterDescription = z.infer<typeof ProviderFilterDescriptionSchema>;

export const ProviderSearchFiltersSchema = z.looseObject({
  destinationId: z.string(),
  filters: z.array(ProviderFilterDescriptionSchema),
});
export type ProviderSearchFilters = z.infer<typeof ProviderSearchFiltersSchema>;

export const ProviderHotelItemSchema = z.looseObject({
  /** Absent for a few items: dedupe those by a hash of the whole object. */
  hotelId: z.string().optional(),
  name: z.string(),
  stars: z.number().nullable(),
  /** 0..10 */
  rating: z.number().nullable(),
  reviewsCount: z.number().int().min(0),
  address: z.string().optional(),
  distanceToCenterKm: z.number().optional(),
  /** Inferred: lets the journey measure the distance to a landmark. */
  coordinates: ProviderCoordinatesSchema.optional().catch(undefined),
  coverPhotoUrl: z.string().optional(),
  photosCount: z.number().int().min(0).optional(),
  /** Total for all nights and all guests. */
  shownPrice: ProviderMoneySchema,
  mealName: z.string().nullable(),
  /** null = no fact, not "non-refundable". */
  freeCancellationUntil: z.string().nullable(),
  /** Inferred: guests the priced room holds; fewer than one room of the party means no room fits. Absent = not known. */
  maxOccupancy: z.number().int().min(1).max(50).optional().catch(undefined),
  hasRates: z.boolean(),
});
export type ProviderHotelItem = z.infer<typeof ProviderHotelItemSchema>;

export const ProviderSearchPageSchema = z.looseObject({
  searchId: z.string().min(1),
  destinationId: z.string().optional(),
  items: z.array(ProviderHotelItemSchema),
  offset: z.number().int().min(0),
  /** null with isLoadingCompleted=false: poll the same offset again. */
  nextOffset: z.number().int().min(0).nullable(),
  isLoadingCompleted: z.boolean(),
  totalCount: z.number().int().min(0),
  loadedCount: z.number().int().min(0).optional(),
});
export type ProviderSearchPage = z.infer<typeof ProviderSearchPageSchema>;

export const ProviderHotelSchema = z.looseObject({
  hotelId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.looseObject({ id: z.string(), name: z.string(), region: z.string().optional(), country: z.string().optional() }).optional(),
  stars: z.number().nullable(),
  rating: z.number().nullable(),
  reviewsCount: z.number().int().min(0),
  description: z.string().optional(),
  amenities: z.array(z.string()).optional(),
  checkinTime: z.string().optional(),
  checkoutTime: z.string().optional(),
  coordinates: z.looseObject({ lat: z.number(), lon: z.number() }).optional(),
  distanceToCenterKm: z.number().optional(),
  /** photos[0] is the cover. */
  photos: z.array(z.string()),
});
export type ProviderHotel = z.infer<typeof ProviderHotelSchema>;

// A catalog answer names the same few zones hundreds of times, and each Intl.DateTimeFormat built
// to check one is a slow step of a parse that holds the event loop. Only a zone this runtime knows by
// that exact name is remembered: provider text of any length (zod runs this refinement even after
// max(64) failed), or another spelling Intl would accept ("EUROPE/MOSCOW"), is checked each time.
const knownZones = new Set<string>();

function isKnownTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (resolved === zone && knownZones.size < 1000) knownZones.add(zone);
  return true;
}

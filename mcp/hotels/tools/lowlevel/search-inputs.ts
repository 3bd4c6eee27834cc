import { z } from "zod";
import type { ProviderGuests, ProviderSearchFilter } from "../../provider/index.js";

/**
 * Advertised as an open object and checked by the provider client, which refuses a malformed value
 * before any HTTP call: the model then reads a status (`invalid_input`, or `requirements_unavailable`
 * for filters, as the seed asks) instead of a protocol error, and tools/list stays short.
 */
export function checkedByClient<T>(): z.ZodType<T> {
  return z.unknown().meta({ type: "object" }) as unknown as z.ZodType<T>;
}

export const StayInput = {
  checkinDate: z.string().meta({ description: "YYYY-MM-DD" }),
  checkoutDate: z.string(),
  guests: z.array(checkedByClient<ProviderGuests>()).meta({ description: "One per room: {adultsCount, childrenAges?}" }),
};

export const FiltersInput = z
  .array(checkedByClient<ProviderSearchFilter>())
  .optional()
  .meta({ description: 'Each {$objectType:"array",filterId,values} | "boolean"/"radio" with value | "range" with from/to; ids from get_search_filters' });

/** The seed's rule for lowlevel filtered reads: a refusal is `requirements_unavailable`, never an unfiltered answer. */
export const hasFilters = (args: { filters?: readonly unknown[] | undefined }): boolean => (args.filters?.length ?? 0) > 0;

export const ApiVersionInput = z.enum(["v1", "v2", "v3"]).default("v3");

import type { FilterFacts, HardFilters } from "./filters.js";
import type { JourneyState } from "./state.js";

/**
 * A journey's hard filters with what they test beyond the options: the stated cashback percents,
 * and the amenities checked on hotel cards (a filter no tool input sets: plan_stay's `amenities`
 * that the provider could not filter). Every listing, comparison and continuation applies these.
 */
export function journeyFilters(state: Pick<JourneyState, "cashback" | "amenityCheck"> & { request: Pick<JourneyState["request"], "filters"> }): [HardFilters | undefined, FilterFacts] {
  const local = state.amenityCheck?.local ?? [];
  const filters = local.length > 0 ? { ...state.request.filters, amenities: local } : state.request.filters;
  return [filters, { cashback: state.cashback?.percents, amenities: state.amenityCheck?.has }];
}

import { z } from "zod";
import { nightsOf, type Stay } from "../data/pricing.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { filterCatalog, parseFilters, type Filter } from "./filters.js";
import { checkStay, parseBody, StayShape } from "./schemas.js";
import { searchMatches } from "./search-matches.js";

const AvailabilityBodySchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...StayShape,
  filters: z.array(z.unknown()).max(20).optional(),
});

/**
 * [filter_availability] (inferred): for every filter value, how many hotels a search would find with
 * that value in place of the same filter's current choice and the request's other filters kept
 * (disjunctive facets, as a filter panel shows them); `totalCount` is the search with the filters as given.
 */
export function filterAvailabilityRoutes(ctx: HotelsContext): RouteDef[] {
  const handler = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, AvailabilityBodySchema);
    if (!body.ok) return body.error;
    const { destinationId, filters: rawFilters, ...stay } = body.value satisfies Stay & Record<string, unknown>;
    const problem = checkStay(req, stay);
    if (problem) return problem;
    const location = ctx.catalog.location(destinationId);
    if (!location) return providerError(404, "destination_not_found", "unknown destinationId", req.requestId);
    const parsed = parseFilters(req, rawFilters ?? []);
    if (!parsed.ok) return parsed.error;
    const given = parsed.value;
    const count = (filters: readonly Filter[]) => searchMatches(ctx, location, stay, filters).length;
    const filters = filterCatalog().map(({ filterId, kind, values }) => {
      const others = given.filter((f) => f.filterId !== filterId);
      const head = { $objectType: kind, filterId };
      switch (kind) {
        case "array":
          return { ...head, options: values.map((value) => ({ value, count: count([...others, { $objectType: "array", filterId, values: [value] }]) })) };
        case "radio":
          return { ...head, options: values.map((value) => ({ value, count: count([...others, { $objectType: "radio", filterId, value }]) })) };
        case "boolean":
          return { ...head, count: count([...others, { $objectType: "boolean", filterId, value: true }]) };
        case "range": {
          const nights = nightsOf(stay);
          const prices = searchMatches(ctx, location, stay, others)
            .filter((m) => m.offer.price.currency === location.profile.currency)
            .map((m) => m.offer.price.value / nights);
          return prices.length === 0 ? head : { ...head, min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)), currency: location.profile.currency, unit: "per_night" };
        }
      }
    });
    return json(200, { destinationId, totalCount: count(given), filters });
  };
  return [{ id: "filter_availability", method: "POST", path: "/api/v1/search/filters/availability", handler }];
}

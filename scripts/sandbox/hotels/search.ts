import { z } from "zod";
import { stayKey, type Stay } from "../data/pricing.js";
import { json, parseJsonBody, providerError, type RouteDef, type RouteRequest } from "../http.js";
import type { Location } from "../data/locations.js";
import type { HotelsContext } from "./context.js";
import { describeFilters, parseFilters, type Filter } from "./filters.js";
import { checkStay, parseValue, StayShape } from "./schemas.js";
import { searchItemOf, searchMatches, searchMatchOf, type SearchContext, type SearchItem } from "./search-matches.js";
import { createSearchStore, lazyResults, pageOf, type SearchResults } from "./search-store.js";

export const SEARCH_PAGE_LIMIT = 20;

const SearchBodySchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...StayShape,
  filters: z.array(z.unknown()).max(20).optional(),
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(SEARCH_PAGE_LIMIT).default(SEARCH_PAGE_LIMIT),
  searchId: z.string().min(1).max(128).optional(),
});

/** [search_filters] and [search]: the filter catalog and the progressively loading hotel search. */
export function searchRoutes(ctx: HotelsContext): RouteDef[] {
  const store = createSearchStore<SearchItem>(ctx.env.seed);

  const search = (req: RouteRequest) => {
    const raw = parseJsonBody(req);
    if (!raw.ok) return providerError(400, "invalid_json", "request body is not valid JSON", req.requestId);
    if (typeof raw.value === "object" && raw.value !== null && "sort" in raw.value) {
      return providerError(400, "sorting_is_not_allowed_yet", "sorting is not allowed yet", req.requestId);
    }
    const body = parseValue(req, SearchBodySchema, raw.value ?? {});
    if (!body.ok) return body.error;
    const { destinationId, offset, limit, searchId, ...rest } = body.value;
    const stay: Stay = { checkinDate: rest.checkinDate, checkoutDate: rest.checkoutDate, guests: rest.guests };
    const stayProblem = checkStay(req, stay);
    if (stayProblem) return stayProblem;
    const location = ctx.catalog.location(destinationId);
    if (!location) return providerError(404, "destination_not_found", "unknown destinationId", req.requestId);
    const filters = parseFilters(req, rest.filters ?? []);
    if (!filters.ok) return filters.error;
    const key = JSON.stringify([destinationId, stayKey(stay), canonicalFilters(filters.value)]);

    let session;
    if (searchId !== undefined) {
      session = store.get(searchId);
      if (!session) return providerError(404, "search_not_found", "unknown or expired searchId; start a new search", req.requestId);
      if (session.key !== key) return providerError(409, "search_mismatch", "searchId belongs to a search with other parameters", req.requestId);
      store.advance(session);
    } else {
      session = store.create(key, searchResults(ctx, location, stay, filters.value));
    }
    return json(200, { searchId: session.searchId, destinationId, ...pageOf(session, offset, limit) });
  };

  return [
    {
      id: "search_filters",
      method: "GET",
      path: "/api/v1/search/filters",
      handler: (req) => {
        const destinationId = req.url.searchParams.get("destinationId");
        if (!destinationId) return providerError(400, "invalid_request", "destinationId is required", req.requestId);
        const location = ctx.catalog.location(destinationId);
        if (!location) return providerError(404, "destination_not_found", "unknown destinationId", req.requestId);
        return json(200, { destinationId, filters: describeFilters(location, ctx.catalog.hotelsOf(location.id), (h) => ctx.catalog.amenities(h)) });
      },
    },
    { id: "search", method: "POST", path: "/api/v3/search", handler: search },
  ];
}

/** Filters decide which hotels a search finds, so they price every hotel first; without, every hotel is found. */
export function searchResults(ctx: SearchContext, location: Location, stay: Stay, filters: readonly Filter[]): SearchResults<SearchItem> {
  if (filters.length > 0) return searchMatches(ctx, location, stay, filters).map((match) => searchItemOf(ctx, match));
  const hotels = ctx.catalog.hotelsOf(location.id);
  return lazyResults(hotels.length, (i) => {
    const hotel = hotels[i];
    const match = hotel && searchMatchOf(ctx, hotel, location, stay, filters);
    if (!match) throw new Error("a search without filters finds every hotel");
    return searchItemOf(ctx, match);
  });
}

function canonicalFilters(filters: readonly Filter[]): unknown[] {
  return [...filters]
    .sort((a, b) => a.filterId.localeCompare(b.filterId))
    .map((f) => {
      switch (f.$objectType) {
        case "array":
          return [f.filterId, f.$objectType, [...f.values].sort()];
        case "range":
          return [f.filterId, f.$objectType, f.from ?? null, f.to ?? null];
        default:
          return [f.filterId, f.$objectType, f.value];
      }
    });
}

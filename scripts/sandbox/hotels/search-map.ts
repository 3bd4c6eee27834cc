import { z } from "zod";
import type { Stay } from "../data/pricing.js";
import { json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { parseFilters } from "./filters.js";
import { checkStay, parseBody, StayShape } from "./schemas.js";
import { searchItemOf, searchMatches, searchMatchOf } from "./search-matches.js";

const BoxSchema = z.strictObject({
  south: z.number().min(-90).max(90),
  west: z.number().min(-180).max(180),
  north: z.number().min(-90).max(90),
  east: z.number().min(-180).max(180),
});

const MapBodySchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  ...StayShape,
  filters: z.array(z.unknown()).max(20).optional(),
  bbox: BoxSchema.optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

const MapHotelsBodySchema = z.strictObject({
  hotelIds: z.array(z.string().min(1).max(64)).min(1).max(20),
  ...StayShape,
  filters: z.array(z.unknown()).max(20).optional(),
});

/**
 * [search_map] and [map_hotels]: the search's hotels as map points (inferred), and the search cards
 * of the points a person picked. Both read the collection the search feed pages, so ids, prices and
 * coordinates agree with it.
 */
export function mapRoutes(ctx: HotelsContext): RouteDef[] {
  const searchMap = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, MapBodySchema);
    if (!body.ok) return body.error;
    const { destinationId, bbox, limit, filters: rawFilters, ...stay } = body.value satisfies Stay & Record<string, unknown>;
    const problem = checkStay(req, stay);
    if (problem) return problem;
    if (bbox && (bbox.south > bbox.north || bbox.west > bbox.east)) return providerError(400, "invalid_request", "bbox: south must not exceed north, west must not exceed east", req.requestId);
    const location = ctx.catalog.location(destinationId);
    if (!location) return providerError(404, "destination_not_found", "unknown destinationId", req.requestId);
    const filters = parseFilters(req, rawFilters ?? []);
    if (!filters.ok) return filters.error;
    const inBox = ({ lat, lon }: { lat: number; lon: number }) => !bbox || (lat >= bbox.south && lat <= bbox.north && lon >= bbox.west && lon <= bbox.east);
    const found = searchMatches(ctx, location, stay, filters.value).filter((m) => inBox(m.hotel.coordinates));
    const [lat, lon] = location.profile.center;
    return json(200, {
      destinationId,
      center: { lat, lon },
      totalCount: found.length,
      points: found.slice(0, limit).map(({ hotel, offer }) => ({ hotelId: hotel.hotelId, coordinates: hotel.coordinates, shownPrice: offer.price })),
    });
  };

  const mapHotels = (req: RouteRequest): SandboxResponse => {
    const body = parseBody(req, MapHotelsBodySchema);
    if (!body.ok) return body.error;
    const { hotelIds, filters: rawFilters, ...stay } = body.value satisfies Stay & Record<string, unknown>;
    const problem = checkStay(req, stay);
    if (problem) return problem;
    const filters = parseFilters(req, rawFilters ?? []);
    if (!filters.ok) return filters.error;
    // Unknown ids and hotels the filters leave out are simply not in the answer, as on a map.
    const items = [...new Set(hotelIds)].flatMap((hotelId) => {
      const hotel = ctx.catalog.hotel(hotelId);
      const location = hotel && ctx.catalog.location(hotel.locationId);
      const match = hotel && location && searchMatchOf(ctx, hotel, location, stay, filters.value);
      return match ? [searchItemOf(ctx, match, true)] : [];
    });
    return json(200, { items });
  };

  return [
    { id: "search_map", method: "POST", path: "/api/v3/search/map", handler: searchMap },
    { id: "map_hotels", method: "POST", path: "/api/v3/search/map/hotels", handler: mapHotels },
  ];
}

import { z } from "zod";
import { haversineKm, landmarkMatches, landmarksOf } from "../data/landmarks.js";
import { json, providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { parseValue } from "./schemas.js";

const QuerySchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  query: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** [points_of_interest]: landmarks, streets and stations of a destination with coordinates, by text. */
export function pointOfInterestRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "points_of_interest",
      method: "GET",
      path: "/api/v1/search/points-of-interest",
      handler: (req) => {
        const parsed = parseValue(req, QuerySchema, Object.fromEntries(req.url.searchParams));
        if (!parsed.ok) return parsed.error;
        const { destinationId, query, limit } = parsed.value;
        const location = ctx.catalog.location(destinationId);
        if (!location) return providerError(404, "destination_not_found", "unknown destinationId", req.requestId);
        const [lat, lon] = location.profile.center;
        const center = { lat, lon };
        const found = landmarksOf(location).filter((l) => query === undefined || landmarkMatches(l, query));
        const items = found.slice(0, limit).map((l) => ({ poiId: l.poiId, name: `${l.name}${ctx.env.hostilePlace ?? ""}`, type: `${l.type}${ctx.env.hostilePlace ?? ""}`, coordinates: l.coordinates, distanceToCenterKm: Math.round(haversineKm(center, l.coordinates) * 10) / 10 }));
        return json(200, { destinationId, total: found.length, items });
      },
    },
  ];
}


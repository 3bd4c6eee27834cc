import { json, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { parsePaging } from "./schemas.js";

/** [locations] GET /api/v1/seo/locations: the paged location catalog. */
export function locationRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "locations",
      method: "GET",
      path: "/api/v1/seo/locations",
      handler: (req) => {
        const paging = parsePaging(req, { limit: 50, max: 100 });
        if (!paging.ok) return paging.error;
        const { offset, limit } = paging.value;
        const all = ctx.catalog.locations;
        const tail = ctx.env.hostilePlace ?? "";
        const items = all.slice(offset, offset + limit).map(({ id, name, fullName, type, region, country, hotelsCount, timeZone }) => ({ id, name, fullName, type, region: `${region}${tail}`, country, hotelsCount, timeZone }));
        return json(200, { items, total: all.length, nextOffset: offset + limit < all.length ? offset + limit : null });
      },
    },
  ];
}

import { z } from "zod";
import type { Hotel } from "../data/hotels.js";
import type { Location } from "../data/locations.js";
import type { Stay } from "../data/pricing.js";
import { digest } from "../data/prng.js";
import { json, providerError, type RouteDef, type RouteHandler, type RouteRequest } from "../http.js";
import type { HotelsContext } from "./context.js";
import { checkStay, parseBody, parseValue, StayShape } from "./schemas.js";

// SEO pages, their URLs and partner deeplinks. The seed versions SEO and URL reads (v1–v3, v3 by
// default) without saying how the versions differ, so each version answers the same shape under
// its own route id. Page paths are the public site's: a hotel's is the hotel_page route's.

const SearchQuerySchema = z.strictObject({
  query: z.string().trim().min(2).max(100),
  destinationId: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const ResourceQuerySchema = z.strictObject({ path: z.string().min(1).max(300) });
const UrlsQuerySchema = z.strictObject({
  destinationId: z.string().min(1).max(64),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
const DeeplinkBodySchema = z.strictObject({ hotelId: z.string().min(1).max(64), ...StayShape });

const VERSIONS = [
  ["v1", "_v1"],
  ["v2", "_v2"],
  ["v3", ""],
] as const;

const cityPath = (l: Location) => `/travel/hotels/new/cities/${l.id}/`;
const hotelPath = (h: Hotel) => `/travel/hotels/new/hotels/${h.hotelId}/`;
const query = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

/** [seo_search], [seo_resource], [seo_urls] (each also `_v1`, `_v2`), [deeplink_token], [partner_redirect]. */
export function seoRoutes(ctx: HotelsContext): RouteDef[] {
  const { seed } = ctx.env;
  const origin = () => ctx.env.origin();

  const search: RouteHandler = (req) => {
    const parsed = parseValue(req, SearchQuerySchema, query(req.url));
    if (!parsed.ok) return parsed.error;
    const { query: text, destinationId, limit } = parsed.value;
    if (destinationId !== undefined && !ctx.catalog.location(destinationId)) return providerError(404, "destination_not_found", "no such destination", req.requestId);
    const needle = text.toLocaleLowerCase("ru-RU");
    const hit = (name: string) => name.toLocaleLowerCase("ru-RU").includes(needle);
    // Hotels only within a destination: a catalog-wide hotel search is not what the SEO index offers.
    const cities = ctx.catalog.locations.filter((l) => hit(l.name)).map((l) => ({ type: "city", id: l.id, name: l.name, region: l.region, path: cityPath(l) }));
    const hotels = destinationId === undefined ? [] : ctx.catalog.hotelsOf(destinationId).filter((h) => hit(h.name)).map((h) => ({ type: "hotel", id: h.hotelId, name: h.name, path: hotelPath(h) }));
    const all = [...cities, ...hotels];
    return json(200, { items: all.slice(0, limit), total: all.length });
  };

  const resource: RouteHandler = (req) => {
    const parsed = parseValue(req, ResourceQuerySchema, query(req.url));
    if (!parsed.ok) return parsed.error;
    const page = pageAt(ctx, parsed.value.path);
    if (!page) return providerError(404, "resource_not_found", "no SEO page at this path", req.requestId);
    return json(200, { ...page, canonicalUrl: `${origin()}${page.path}` });
  };

  const urls: RouteHandler = (req) => {
    const parsed = parseValue(req, UrlsQuerySchema, query(req.url));
    if (!parsed.ok) return parsed.error;
    const { destinationId, offset, limit } = parsed.value;
    const location = ctx.catalog.location(destinationId);
    if (!location) return providerError(404, "destination_not_found", "no such destination", req.requestId);
    const all = [
      { type: "city", id: location.id, url: `${origin()}${cityPath(location)}` },
      ...ctx.catalog.hotelsOf(destinationId).map((h) => ({ type: "hotel", id: h.hotelId, url: `${origin()}${hotelPath(h)}` })),
    ];
    return json(200, { items: all.slice(offset, offset + limit), total: all.length, nextOffset: offset + limit < all.length ? offset + limit : null });
  };

  const token: RouteHandler = (req) => {
    const body = parseBody(req, DeeplinkBodySchema);
    if (!body.ok) return body.error;
    const { hotelId, ...stay } = body.value;
    const problem = checkStay(req, stay);
    if (problem) return problem;
    if (!ctx.catalog.hotel(hotelId)) return providerError(404, "hotel_not_found", "no such hotel", req.requestId);
    return json(200, { token: deeplinkToken(seed, hotelId, stay) });
  };

  const redirect: RouteHandler = (req: RouteRequest) => {
    const link = readDeeplink(seed, req.params.token ?? "");
    const hotel = link && ctx.catalog.hotel(link.hotelId);
    if (!link || !hotel) return providerError(404, "deeplink_not_found", "unknown or forged deeplink token", req.requestId);
    const url = new URL(`${origin()}${hotelPath(hotel)}`);
    url.searchParams.set("dateFrom", link.checkinDate);
    url.searchParams.set("dateTo", link.checkoutDate);
    url.searchParams.set("guests", String(link.adults));
    return json(200, { url: url.toString() });
  };

  return [
    ...VERSIONS.flatMap(([v, suffix]): RouteDef[] => [
      { id: `seo_search${suffix}`, method: "GET", path: `/api/${v}/seo/search`, handler: search },
      { id: `seo_resource${suffix}`, method: "GET", path: `/api/${v}/seo/resource`, handler: resource },
      { id: `seo_urls${suffix}`, method: "GET", path: `/api/${v}/seo/urls`, handler: urls },
    ]),
    { id: "deeplink_token", method: "POST", path: "/api/v1/deeplinks", handler: token },
    { id: "partner_redirect", method: "GET", path: "/api/v1/deeplinks/:token/redirect-url", handler: redirect },
  ];
}

interface SeoPage {
  path: string;
  type: "city" | "hotel";
  id: string;
  title: string;
  h1: string;
  description: string;
  breadcrumbs: { name: string; path: string }[];
}

function pageAt(ctx: HotelsContext, path: string): SeoPage | undefined {
  const city = /^\/travel\/hotels\/new\/cities\/(\d{4})\/$/.exec(path);
  const location = city && ctx.catalog.location(city[1] ?? "");
  if (location) {
    return {
      path,
      type: "city",
      id: location.id,
      title: `Отели в городе ${location.name} — Т-Путешествия`,
      h1: `Отели: ${location.name}`,
      description: `${location.hotelsCount} отелей, ${location.region}. Бронирование с кешбэком.`,
      breadcrumbs: [{ name: location.name, path }],
    };
  }
  const m = /^\/travel\/hotels\/new\/hotels\/(\d{8})\/$/.exec(path);
  const hotel = m && ctx.catalog.hotel(m[1] ?? "");
  const at = hotel && ctx.catalog.location(hotel.locationId);
  if (!hotel || !at) return undefined;
  return {
    path,
    type: "hotel",
    id: hotel.hotelId,
    title: `${hotel.name}, ${at.name} — Т-Путешествия`,
    h1: hotel.name,
    description: ctx.catalog.details(hotel).description,
    breadcrumbs: [{ name: at.name, path: cityPath(at) }, { name: hotel.name, path }],
  };
}

// A deeplink token names public parameters only (hotel, dates, adults of the first room) and is
// signed so a forged one is refused; it carries no customer and grants nothing else.
function deeplinkToken(seed: string, hotelId: string, stay: Stay): string {
  const adults = stay.guests[0]?.adultsCount ?? 2;
  const payload = Buffer.from(`${hotelId}.${stay.checkinDate}.${stay.checkoutDate}.${adults}`, "utf8").toString("base64url");
  return `${payload}.${digest(seed, "deeplink", payload).slice(0, 16)}`;
}

function readDeeplink(seed: string, token: string): { hotelId: string; checkinDate: string; checkoutDate: string; adults: number } | undefined {
  const [payload = "", mac] = token.split(".");
  if (mac !== digest(seed, "deeplink", payload).slice(0, 16)) return undefined;
  const m = /^(\d{8})\.(\d{4}-\d{2}-\d{2})\.(\d{4}-\d{2}-\d{2})\.(\d)$/.exec(Buffer.from(payload, "base64url").toString("utf8"));
  return m ? { hotelId: m[1] ?? "", checkinDate: m[2] ?? "", checkoutDate: m[3] ?? "", adults: Number(m[4]) } : undefined;
}

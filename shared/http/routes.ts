import type { WriteKind } from "../protocol/ops-hotels-writes.js";
import type { ProviderCall } from "./provider-http.js";

export interface ProviderRoute {
  method: "GET" | "POST";
  /** Relative to the configured base URL (which ends in `/api`); `:name` segments are filled per call. */
  path: string;
}

/**
 * Every provider route either process calls, by the sandbox's route ids, so a fault injected on
 * a route id hits exactly the calls named after it. These tables are the only place paths are
 * spelled. The public Hotels routes are the journey's (Hotels MCP), with its configured auth
 * profile.
 */
export const HOTELS_ROUTES = {
  locations: { method: "GET", path: "/v1/seo/locations" },
  search_filters: { method: "GET", path: "/v1/search/filters" },
  search: { method: "POST", path: "/v3/search" },
  hotel: { method: "GET", path: "/v3/hotels/:hotelId" },
  rates: { method: "POST", path: "/v3/hotels/:hotelId/rates" },
  rates_v1: { method: "POST", path: "/v1/hotels/:hotelId/rates" },
  rates_v2: { method: "POST", path: "/v2/hotels/:hotelId/rates" },
  rate: { method: "POST", path: "/v3/hotels/:hotelId/rates/:rateId" },
  rate_v1: { method: "POST", path: "/v1/hotels/:hotelId/rates/:rateId" },
  rate_v2: { method: "POST", path: "/v2/hotels/:hotelId/rates/:rateId" },
  filter_availability: { method: "POST", path: "/v1/search/filters/availability" },
  search_map: { method: "POST", path: "/v3/search/map" },
  map_hotels: { method: "POST", path: "/v3/search/map/hotels" },
  review_order_status: { method: "GET", path: "/v1/reviews/orders/:orderId/status" },
  reviews: { method: "GET", path: "/v1/hotels/:hotelId/reviews" },
  points_of_interest: { method: "GET", path: "/v1/search/points-of-interest" },
  checkout_inspect: { method: "POST", path: "/v1/checkout/inspect" },
  promo_validate: { method: "POST", path: "/v1/checkout/:checkOutId/promocode" },
  upgrade: { method: "GET", path: "/v1/checkout/:checkOutId/upgrade" },
  cashback_percent: { method: "POST", path: "/v1/cashback/percent" },
  cashback_max: { method: "GET", path: "/v1/cashback/max" },
  bnpl_offer: { method: "POST", path: "/v1/hotels/:hotelId/bnpl-offer" },
  tranche_amount: { method: "GET", path: "/v1/bnpl/tranche-amount" },
  seo_search: { method: "GET", path: "/v3/seo/search" },
  seo_search_v1: { method: "GET", path: "/v1/seo/search" },
  seo_search_v2: { method: "GET", path: "/v2/seo/search" },
  seo_resource: { method: "GET", path: "/v3/seo/resource" },
  seo_resource_v1: { method: "GET", path: "/v1/seo/resource" },
  seo_resource_v2: { method: "GET", path: "/v2/seo/resource" },
  seo_urls: { method: "GET", path: "/v3/seo/urls" },
  seo_urls_v1: { method: "GET", path: "/v1/seo/urls" },
  seo_urls_v2: { method: "GET", path: "/v2/seo/urls" },
  deeplink_token: { method: "POST", path: "/v1/deeplinks" },
  partner_redirect: { method: "GET", path: "/v1/deeplinks/:token/redirect-url" },
} as const satisfies Record<string, ProviderRoute>;
export type HotelsRouteId = keyof typeof HOTELS_ROUTES;

/** The signed-in customer's Hotels routes: only the broker, which holds the session, calls them. */
export const HOTELS_CUSTOMER_ROUTES = {
  customer: { method: "GET", path: "/v1/customer" },
  orders: { method: "GET", path: "/v1/orders" },
  voucher: { method: "GET", path: "/v1/orders/:orderId/voucher" },
} as const satisfies Record<string, ProviderRoute>;

/**
 * One order by provider id; they need customer context. The broker calls them with the session,
 * behind a bookingRef; a Hotels MCP without a broker but with a static or service profile calls
 * them with its own auth (the seed's integration contract).
 */
export const HOTELS_ORDER_ROUTES = {
  order_v1: { method: "GET", path: "/v1/orders/:orderId" },
  order_v2: { method: "GET", path: "/v2/orders/:orderId" },
  order_v3: { method: "GET", path: "/v3/orders/:orderId" },
  evo_booking: { method: "GET", path: "/v1/orders/:orderId/evo-booking" },
  booking_task: { method: "GET", path: "/v1/orders/:orderId/booking-task" },
  ls_order_check: { method: "GET", path: "/v1/ls-orders/:orderId/check" },
} as const satisfies Record<string, ProviderRoute>;
export type HotelsOrderRouteId = keyof typeof HOTELS_ORDER_ROUTES;

/**
 * Writes (issue 16): only the broker calls them, with the session, after the person approved the
 * request. Every body carries `clientRequestId` (shared/writes/hash.ts) so the provider can refuse a
 * duplicate and `write_request` can tell whether a request whose answer was lost was committed.
 * Booking and LS booking also need the trusted `x-real-ip` header.
 */
export const HOTELS_WRITE_ROUTES = {
  create_booking: { method: "POST", path: "/v1/orders" },
  create_ls_booking: { method: "POST", path: "/v1/ls-orders" },
  cancel_order: { method: "POST", path: "/v1/orders/:orderId/cancel" },
  payment_setup: { method: "POST", path: "/v1/orders/:orderId/payment/setup" },
  apply_promo: { method: "POST", path: "/v1/orders/:orderId/promocode" },
  add_extra_services: { method: "POST", path: "/v1/orders/:orderId/extra-services" },
  // Reconciliation: what became of the write sent with this clientRequestId (404: never committed).
  write_request: { method: "GET", path: "/v1/write-requests/:clientRequestId" },
} as const satisfies Record<string, ProviderRoute>;
export type HotelsWriteRouteId = keyof typeof HOTELS_WRITE_ROUTES;

/** The route each write kind is sent to (shared/protocol/ops-hotels-writes.ts WRITE_KINDS). */
export const WRITE_ROUTE_OF = {
  booking: "create_booking",
  ls_booking: "create_ls_booking",
  cancellation: "cancel_order",
  payment_setup: "payment_setup",
  promo_code: "apply_promo",
  extra_services: "add_extra_services",
} as const satisfies Record<WriteKind, HotelsWriteRouteId>;

/** Relative to TBANK_BANKING_API_BASE_URL. */
export const BANKING_ROUTES = {
  banking_travel_spending: { method: "GET", path: "/v1/travel/spending" },
} as const satisfies Record<string, ProviderRoute>;

export type Query = Record<string, string | number | undefined>;

/** Joins a configured base URL ("https://host/api") and an API path ("/v3/search"). */
export function endpoint(baseUrl: string, path: string, query: Query = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

/** A route's URL with its `:name` segments filled; each value is encoded so it stays one segment. */
export function routeUrl(baseUrl: string, route: ProviderRoute, params: Record<string, string> = {}, query: Query = {}): URL {
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`route parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
  return endpoint(baseUrl, path, query);
}

/** The addressing part of a call: route id (for errors, logs and the sandbox's faults), method, URL. */
export function routeCall<T extends Record<string, ProviderRoute>>(
  table: T,
  baseUrl: string,
  routeId: keyof T & string,
  params: Record<string, string> = {},
  query: Query = {},
): Pick<ProviderCall, "routeId" | "method" | "url"> {
  const route = table[routeId]!;
  return { routeId, method: route.method, url: routeUrl(baseUrl, route, params, query) };
}

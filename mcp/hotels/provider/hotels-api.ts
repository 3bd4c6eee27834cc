import { z } from "zod";
import { ProviderError } from "../../../shared/http/provider-error.js";
import type { ProviderHttp } from "../../../shared/http/provider-http.js";
import { HOTELS_ROUTES, routeCall, type HotelsRouteId, type Query } from "../../../shared/http/routes.js";
import {
  ProviderCheckoutInspectRequestSchema,
  ProviderCheckoutSchema,
  ProviderPromoValidationSchema,
  ProviderRatesRequestSchema,
  ProviderRatesSchema,
  ProviderUpgradeSchema,
  type ProviderCheckout,
  type ProviderCheckoutInspectRequest,
  type ProviderPromoValidation,
  type ProviderRates,
  type ProviderRatesRequest,
  type ProviderUpgrade,
} from "./contract-checkout.js";
import { ProviderIdSchema } from "./contract-common.js";
import {
  ProviderFilterAvailabilityRequestSchema,
  ProviderFilterAvailabilitySchema,
  ProviderMapHotelsRequestSchema,
  ProviderMapHotelsSchema,
  ProviderMapRequestSchema,
  ProviderMapSchema,
  ProviderRateRequestSchema,
  ProviderReviewOrderStatusSchema,
  ProviderSingleRateSchema,
  type ProviderApiVersion,
  type ProviderFilterAvailability,
  type ProviderFilterAvailabilityRequest,
  type ProviderMap,
  type ProviderMapHotels,
  type ProviderMapHotelsRequest,
  type ProviderMapRequest,
  type ProviderRateRequest,
  type ProviderReviewOrderStatus,
  type ProviderSingleRate,
} from "./contract-lowlevel.js";
import { PointsOfInterestQuerySchema, ProviderPointsOfInterestSchema, type PointsOfInterestQuery, type ProviderPointsOfInterest } from "./contract-poi.js";
import { ProviderReviewsPageSchema, ReviewsQuerySchema, type ProviderReviewsPage, type ReviewsQuery } from "./contract-reviews.js";
import {
  CashbackPercentRequestSchema,
  DeeplinkRequestSchema,
  MaxCashbackQuerySchema,
  ProviderBnplOfferRequestSchema,
  ProviderBnplOffersSchema,
  ProviderCashbackPercentsSchema,
  ProviderDeeplinkSchema,
  ProviderMaxCashbackSchema,
  ProviderRedirectUrlSchema,
  ProviderSeoResourceSchema,
  ProviderSeoSearchSchema,
  ProviderSeoUrlsSchema,
  ProviderTrancheAmountSchema,
  SeoPathSchema,
  SeoSearchQuerySchema,
  SeoUrlsQuerySchema,
  TrancheQuerySchema,
  type DeeplinkRequest,
  type MaxCashbackQuery,
  type ProviderBnplOfferRequest,
  type ProviderBnplOffers,
  type ProviderCashbackPercents,
  type ProviderDeeplink,
  type ProviderMaxCashback,
  type ProviderRedirectUrl,
  type ProviderSeoResource,
  type ProviderSeoSearch,
  type ProviderSeoUrls,
  type ProviderTrancheAmount,
  type SeoSearchQuery,
  type SeoUrlsQuery,
  type TrancheQuery,
} from "./contract-value.js";
import {
  ProviderHotelSchema,
  ProviderLocationPageSchema,
  ProviderSearchFiltersSchema,
  ProviderSearchPageSchema,
  ProviderSearchRequestSchema,
  type ProviderHotel,
  type ProviderLocationPage,
  type ProviderSearchFilters,
  type ProviderSearchPage,
  type ProviderSearchRequest,
} from "./contract-search.js";
import type { ConcurrencyLimiter } from "../../../shared/http/limiter.js";

export interface CallOptions {
  signal?: AbortSignal;
  /** Replaces the configured timeout for this call only. */
  timeoutMs?: number;
}

export const LocationsQuerySchema = z.strictObject({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(50),
});
export type LocationsQuery = z.input<typeof LocationsQuerySchema>;

export const PromoCodeSchema = z.string().trim().min(1).max(64);

/** The rate reads by contract version; the journey reads v3. */
const RATES_ROUTE = { v1: "rates_v1", v2: "rates_v2", v3: "rates" } as const satisfies Record<ProviderApiVersion, HotelsRouteId>;
const RATE_ROUTE = { v1: "rate_v1", v2: "rate_v2", v3: "rate" } as const satisfies Record<ProviderApiVersion, HotelsRouteId>;
const SEO_SEARCH_ROUTE = { v1: "seo_search_v1", v2: "seo_search_v2", v3: "seo_search" } as const satisfies Record<ProviderApiVersion, HotelsRouteId>;
const SEO_RESOURCE_ROUTE = { v1: "seo_resource_v1", v2: "seo_resource_v2", v3: "seo_resource" } as const satisfies Record<ProviderApiVersion, HotelsRouteId>;
const SEO_URLS_ROUTE = { v1: "seo_urls_v1", v2: "seo_urls_v2", v3: "seo_urls" } as const satisfies Record<ProviderApiVersion, HotelsRouteId>;

export interface HotelsApiOptions {
  http: ProviderHttp;
  baseUrl: string;
  /** Every call takes a slot first, so the provider never sees more than the configured load. */
  limiter: ConcurrencyLimiter;
  timeoutMs: number;
}

/**
 * Typed Hotels API. Arguments are checked locally (a refused argument never reaches the provider,
 * as `invalid_argument`), responses are parsed with loose schemas that check the fields in use.
 * Money stays the provider's JSON number here; the journey converts it with decimalFromProviderNumber.
 */
export class HotelsApi {
  readonly #opts: HotelsApiOptions;

  constructor(opts: HotelsApiOptions) {
    this.#opts = opts;
  }

  locations(query: LocationsQuery = {}, opts: CallOptions = {}): Promise<ProviderLocationPage> {
    return this.#call("locations", {}, ProviderLocationPageSchema, opts, () => ({ query: local("locations", LocationsQuerySchema, query) }));
  }

  searchFilters(destinationId: string, opts: CallOptions = {}): Promise<ProviderSearchFilters> {
    return this.#call("search_filters", {}, ProviderSearchFiltersSchema, opts, () => ({
      query: { destinationId: local("search_filters", ProviderIdSchema, destinationId) },
    }));
  }

  search(body: ProviderSearchRequest, opts: CallOptions = {}): Promise<ProviderSearchPage> {
    return this.#call("search", {}, ProviderSearchPageSchema, opts, () => ({ body: local("search", ProviderSearchRequestSchema, body) }));
  }

  hotel(hotelId: string, opts: CallOptions = {}): Promise<ProviderHotel> {
    return this.#call("hotel", { hotelId }, ProviderHotelSchema, opts);
  }

  rates(hotelId: string, body: ProviderRatesRequest, opts: CallOptions = {}, version: ProviderApiVersion = "v3"): Promise<ProviderRates> {
    const route = RATES_ROUTE[version];
    return this.#call(route, { hotelId }, ProviderRatesSchema, opts, () => ({ body: local(route, ProviderRatesRequestSchema, body) }));
  }

  /** One rate of a hotel for a stay, by its rateId. */
  rate(hotelId: string, rateId: string, body: ProviderRateRequest, opts: CallOptions = {}, version: ProviderApiVersion = "v3"): Promise<ProviderSingleRate> {
    const route = RATE_ROUTE[version];
    return this.#call(route, { hotelId, rateId }, ProviderSingleRateSchema, opts, () => ({ body: local(route, ProviderRateRequestSchema, body) }));
  }

  /** How many hotels each filter value would leave, given the request's other filters. */
  filterAvailability(body: ProviderFilterAvailabilityRequest, opts: CallOptions = {}): Promise<ProviderFilterAvailability> {
    return this.#call("filter_availability", {}, ProviderFilterAvailabilitySchema, opts, () => ({
      body: local("filter_availability", ProviderFilterAvailabilityRequestSchema, body),
    }));
  }

  searchMap(body: ProviderMapRequest, opts: CallOptions = {}): Promise<ProviderMap> {
    return this.#call("search_map", {}, ProviderMapSchema, opts, () => ({ body: local("search_map", ProviderMapRequestSchema, body) }));
  }

  /** The search cards of hotels picked on the map. */
  mapHotels(body: ProviderMapHotelsRequest, opts: CallOptions = {}): Promise<ProviderMapHotels> {
    return this.#call("map_hotels", {}, ProviderMapHotelsSchema, opts, () => ({ body: local("map_hotels", ProviderMapHotelsRequestSchema, body) }));
  }

  /** Whether the customer may review the stay of this order; the provider decides whose order it is. */
  reviewOrderStatus(orderId: string, opts: CallOptions = {}): Promise<ProviderReviewOrderStatus> {
    return this.#call("review_order_status", { orderId }, ProviderReviewOrderStatusSchema, opts);
  }

  /** A page of the hotel's reviews, newest first, with the average and the count. */
  reviews(hotelId: string, query: ReviewsQuery = {}, opts: CallOptions = {}): Promise<ProviderReviewsPage> {
    return this.#call("reviews", { hotelId }, ProviderReviewsPageSchema, opts, () => ({ query: local("reviews", ReviewsQuerySchema, query) }));
  }

  /** Landmarks, streets and stations of a destination matching `query` (all of them without one). */
  pointsOfInterest(query: PointsOfInterestQuery, opts: CallOptions = {}): Promise<ProviderPointsOfInterest> {
    return this.#call("points_of_interest", {}, ProviderPointsOfInterestSchema, opts, () => ({ query: local("points_of_interest", PointsOfInterestQuerySchema, query) }));
  }

  inspectCheckout(body: ProviderCheckoutInspectRequest, opts: CallOptions = {}): Promise<ProviderCheckout> {
    return this.#call("checkout_inspect", {}, ProviderCheckoutSchema, opts, () => ({
      body: local("checkout_inspect", ProviderCheckoutInspectRequestSchema, body),
    }));
  }

  /** Validation only: the provider does not apply the code. */
  validatePromo(checkOutId: string, promoCode: string, opts: CallOptions = {}): Promise<ProviderPromoValidation> {
    return this.#call("promo_validate", { checkOutId }, ProviderPromoValidationSchema, opts, () => ({
      body: { promoCode: local("promo_validate", PromoCodeSchema, promoCode) },
    }));
  }

  upgrade(checkOutId: string, opts: CallOptions = {}): Promise<ProviderUpgrade> {
    return this.#call("upgrade", { checkOutId }, ProviderUpgradeSchema, opts);
  }

  /** Cashback percents of several hotels in one call; unknown hotels are left out of the answer. */
  cashbackPercents(body: { hotelIds: readonly string[] }, opts: CallOptions = {}): Promise<ProviderCashbackPercents> {
    return this.#call("cashback_percent", {}, ProviderCashbackPercentsSchema, opts, () => ({ body: local("cashback_percent", CashbackPercentRequestSchema, body) }));
  }

  /** The highest cashback percent of a search, and the most one booking earns when the provider states it. */
  maxCashback(query: MaxCashbackQuery, opts: CallOptions = {}): Promise<ProviderMaxCashback> {
    return this.#call("cashback_max", {}, ProviderMaxCashbackSchema, opts, () => ({ query: local("cashback_max", MaxCashbackQuerySchema, query) }));
  }

  /** Instalment (BNPL) offers for the hotel's rates for a stay, by rateId. */
  bnplOffer(hotelId: string, body: ProviderBnplOfferRequest, opts: CallOptions = {}): Promise<ProviderBnplOffers> {
    return this.#call("bnpl_offer", { hotelId }, ProviderBnplOffersSchema, opts, () => ({ body: local("bnpl_offer", ProviderBnplOfferRequestSchema, body) }));
  }

  /** How much of an amount instalments can cover. */
  trancheAmount(query: TrancheQuery, opts: CallOptions = {}): Promise<ProviderTrancheAmount> {
    return this.#call("tranche_amount", {}, ProviderTrancheAmountSchema, opts, () => ({ query: local("tranche_amount", TrancheQuerySchema, query) }));
  }

  seoSearch(query: SeoSearchQuery, opts: CallOptions = {}, version: ProviderApiVersion = "v3"): Promise<ProviderSeoSearch> {
    const route = SEO_SEARCH_ROUTE[version];
    return this.#call(route, {}, ProviderSeoSearchSchema, opts, () => ({ query: local(route, SeoSearchQuerySchema, query) }));
  }

  seoResource(path: string, opts: CallOptions = {}, version: ProviderApiVersion = "v3"): Promise<ProviderSeoResource> {
    const route = SEO_RESOURCE_ROUTE[version];
    return this.#call(route, {}, ProviderSeoResourceSchema, opts, () => ({ query: { path: local(route, SeoPathSchema, path) } }));
  }

  seoUrls(query: SeoUrlsQuery, opts: CallOptions = {}, version: ProviderApiVersion = "v3"): Promise<ProviderSeoUrls> {
    const route = SEO_URLS_ROUTE[version];
    return this.#call(route, {}, ProviderSeoUrlsSchema, opts, () => ({ query: local(route, SeoUrlsQuerySchema, query) }));
  }

  deeplinkToken(body: DeeplinkRequest, opts: CallOptions = {}): Promise<ProviderDeeplink> {
    return this.#call("deeplink_token", {}, ProviderDeeplinkSchema, opts, () => ({ body: local("deeplink_token", DeeplinkRequestSchema, body) }));
  }

  /** The URL a partner sends a person to for a deeplink token: data to show, never to follow. */
  partnerRedirectUrl(token: string, opts: CallOptions = {}): Promise<ProviderRedirectUrl> {
    return this.#call("partner_redirect", { token }, ProviderRedirectUrlSchema, opts);
  }

  // Async so that a refused argument is a rejected promise like every other provider failure.
  async #call<S extends z.ZodType>(
    routeId: HotelsRouteId,
    params: Record<string, string>,
    schema: S,
    opts: CallOptions,
    build: () => { query?: Query; body?: unknown } = () => ({}),
  ): Promise<z.infer<S>> {
    const ids = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, local(routeId, ProviderIdSchema, value)]));
    const { query, body } = build();
    const { http, baseUrl, limiter, timeoutMs } = this.#opts;
    const call = { ...routeCall(HOTELS_ROUTES, baseUrl, routeId, ids, query), body, signal: opts.signal, timeoutMs: opts.timeoutMs ?? timeoutMs };
    return await limiter.run(() => http.json(call, schema), { signal: opts.signal, routeId });
  }
}

/** Parses a caller's argument; failures name paths and zod codes only, never the values. */
function local<S extends z.ZodType>(routeId: HotelsRouteId, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join(".") || "(argument)"}: ${i.code}`);
  throw new ProviderError({ kind: "invalid_argument", routeId, issues });
}

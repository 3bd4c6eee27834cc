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
import { PointsOfInterestQuerySchema, ProviderPointsOfInterestSchema, type PointsOfInterestQuery, type ProviderPointsOfInterest } from "./contract-poi.js";
import { ProviderReviewsPageSchema, ReviewsQuerySchema, type ProviderReviewsPage, type ReviewsQuery } from "./contract-reviews.js";
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

  rates(hotelId: string, body: ProviderRatesRequest, opts: CallOptions = {}): Promise<ProviderRates> {
    return this.#call("rates", { hotelId }, ProviderRatesSchema, opts, () => ({ body: local("rates", ProviderRatesRequestSchema, body) }));
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

import { z } from "zod";
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
import type { ProviderHttpClient } from "./client.js";
import { ProviderError } from "./errors.js";

/**
 * Every Hotels API route the journey uses, by the sandbox's route ids. Paths are relative to
 * TBANK_HOTELS_API_BASE_URL (which ends in `/api`). This table is the only place they are spelled.
 */
export const HOTELS_ROUTES = {
  locations: { method: "GET", path: "/v1/seo/locations" },
  search_filters: { method: "GET", path: "/v1/search/filters" },
  search: { method: "POST", path: "/v3/search" },
  hotel: { method: "GET", path: "/v3/hotels/:hotelId" },
  rates: { method: "POST", path: "/v3/hotels/:hotelId/rates" },
  checkout_inspect: { method: "POST", path: "/v1/checkout/inspect" },
  promo_validate: { method: "POST", path: "/v1/checkout/:checkOutId/promocode" },
  upgrade: { method: "GET", path: "/v1/checkout/:checkOutId/upgrade" },
} as const satisfies Record<string, { method: "GET" | "POST"; path: string }>;
export type HotelsRouteId = keyof typeof HOTELS_ROUTES;

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

/**
 * Typed Hotels API. Arguments are checked locally (a refused argument never reaches the provider,
 * as `invalid_argument`), responses are parsed with loose schemas that check the fields in use.
 * Money stays the provider's JSON number here; the journey converts it with decimalFromProviderNumber.
 */
export class HotelsApi {
  readonly #client: ProviderHttpClient;

  constructor(client: ProviderHttpClient) {
    this.#client = client;
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
    build: () => { query?: Record<string, string | number>; body?: unknown } = () => ({}),
  ): Promise<z.infer<S>> {
    const route = HOTELS_ROUTES[routeId];
    const path = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(local(routeId, ProviderIdSchema, params[name])));
    const { query, body } = build();
    return await this.#client.request({ routeId, method: route.method, path, query, body, schema, signal: opts.signal, timeoutMs: opts.timeoutMs });
  }
}

/** Parses a caller's argument; failures name paths and zod codes only, never the values. */
function local<S extends z.ZodType>(routeId: HotelsRouteId, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join(".") || "(argument)"}: ${i.code}`);
  throw new ProviderError({ kind: "invalid_argument", routeId, issues });
}

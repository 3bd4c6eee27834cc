import type { ToolkitConfig } from "../../../shared/config/types.js";
import { ProviderHttp, type FetchLike } from "../../../shared/http/provider-http.js";
import type { Logger } from "../../../shared/logger.js";
import { createAuthHeaders, type AuthDescription } from "./auth.js";
import { HotelsApi } from "./hotels-api.js";
import { HotelsOrderApi } from "./order-api.js";
import { ConcurrencyLimiter, type LimiterStats } from "../../../shared/http/limiter.js";
import { SearchCache, type SearchCacheStats } from "./search-cache.js";
import type { KeyFileSystem } from "./service-key.js";
import type { ProviderWaitMeter } from "../../../shared/http/provider-wait.js";
import type { Clock } from "../../../shared/time.js";

export type HotelsProviderConfig = Pick<ToolkitConfig["hotels"], "apiBaseUrl" | "auth" | "timeoutMs" | "maxConcurrentRequests" | "maxQueuedRequests">;

export interface HotelsProviderDeps {
  fetch?: FetchLike;
  now?: Clock;
  logger?: Logger;
  fs?: KeyFileSystem;
  providerWait?: ProviderWaitMeter;
}

/** connection_status.loadProtection: settings and current load, read locally. */
export type LoadProtection = LimiterStats & SearchCacheStats;

export interface HotelsProvider<TSearch> {
  api: HotelsApi;
  /** Order reads by provider id with this server's auth: for a static or service profile without the broker. */
  orders: HotelsOrderApi;
  limiter: { stats(): LimiterStats };
  /** For plan_stay: coalesces identical concurrent searches and reuses successes for 30 s. */
  searchCache: SearchCache<TSearch>;
  describeAuth(): AuthDescription;
  loadProtection(): LoadProtection;
}

/**
 * One per process: the limiter and the search cache are process-wide by design. `TSearch` is what
 * plan_stay stores in the search cache (its collected result), chosen by the journey layer. The
 * service key, if any, is read here, once.
 */
export function createHotelsProvider<TSearch = unknown>(config: HotelsProviderConfig, deps: HotelsProviderDeps = {}): HotelsProvider<TSearch> {
  const now = deps.now ?? Date.now;
  const auth = createAuthHeaders(config.auth, { now, fs: deps.fs });
  const limiter = new ConcurrencyLimiter(config.maxConcurrentRequests, config.maxQueuedRequests);
  // No `rejected` hook: a 401 to a configured profile is one HTTP call and terminal for the journey.
  const http = new ProviderHttp({ auth: { credentials: async () => ({ headers: await auth.headers() }) }, fetch: deps.fetch, now, logger: deps.logger, wait: deps.providerWait });
  const searchCache = new SearchCache<TSearch>({ now });
  const apiOptions = { http, baseUrl: config.apiBaseUrl, limiter, timeoutMs: config.timeoutMs };
  return {
    api: new HotelsApi(apiOptions),
    orders: new HotelsOrderApi(apiOptions),
    limiter: { stats: () => limiter.stats() },
    searchCache,
    describeAuth: () => auth.describe(),
    loadProtection: () => ({ ...limiter.stats(), ...searchCache.stats() }),
  };
}

export { createAuthHeaders, JWT_ALGORITHM, JWT_RESIGN_INTERVAL_MS, ServiceJwtSigner } from "./auth.js";
export type { AuthDescription, AuthHeaderProvider, AuthMode } from "./auth.js";
export { MAX_RESPONSE_BYTES, ProviderHttp } from "../../../shared/http/provider-http.js";
export type { FetchLike } from "../../../shared/http/provider-http.js";
export { endpoint, HOTELS_ROUTES } from "../../../shared/http/routes.js";
export type { HotelsRouteId } from "../../../shared/http/routes.js";
export * from "./contract-checkout.js";
export * from "./contract-common.js";
export * from "./contract-lowlevel.js";
export * from "./contract-poi.js";
export * from "./contract-reviews.js";
export * from "./contract-search.js";
export * from "./contract-value.js";
export { isProviderError, PROVIDER_ERROR_KINDS, ProviderError } from "../../../shared/http/provider-error.js";
export type { ProviderErrorInfo, ProviderErrorJson, ProviderErrorKind, UnavailableReason } from "../../../shared/http/provider-error.js";
export { HotelsApi, LocationsQuerySchema, PromoCodeSchema } from "./hotels-api.js";
export { HotelsOrderApi } from "./order-api.js";
export type { CallOptions, HotelsApiOptions, LocationsQuery } from "./hotels-api.js";
export { ConcurrencyLimiter, QUEUE_LIMIT } from "../../../shared/http/limiter.js";
export type { LimiterStats, RunOptions } from "../../../shared/http/limiter.js";
export { SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS, SearchCache } from "./search-cache.js";
export type { CoalescedOptions, SearchCacheOptions, SearchCacheStats } from "./search-cache.js";
export type { ServiceKeyProblem } from "./service-key.js";

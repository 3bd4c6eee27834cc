import type { ToolkitConfig } from "../../../shared/config/types.js";
import type { Logger } from "../../../shared/logger.js";
import { createAuthHeaders, type AuthDescription } from "./auth.js";
import { ProviderHttpClient, type FetchLike } from "./client.js";
import { HotelsApi } from "./hotels-api.js";
import { ConcurrencyLimiter, type LimiterStats } from "./limiter.js";
import { SearchCache, type SearchCacheStats } from "./search-cache.js";
import type { KeyFileSystem } from "./service-key.js";

export type HotelsProviderConfig = Pick<ToolkitConfig["hotels"], "apiBaseUrl" | "auth" | "timeoutMs" | "maxConcurrentRequests">;

export interface HotelsProviderDeps {
  fetch?: FetchLike;
  now?: () => number;
  logger?: Logger;
  fs?: KeyFileSystem;
}

/** connection_status.loadProtection: settings and current load, read locally. */
export type LoadProtection = LimiterStats & SearchCacheStats;

export interface HotelsProvider<TSearch> {
  api: HotelsApi;
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
  const limiter = new ConcurrencyLimiter(config.maxConcurrentRequests);
  const client = new ProviderHttpClient({ baseUrl: config.apiBaseUrl, timeoutMs: config.timeoutMs, auth, limiter, fetch: deps.fetch, now, logger: deps.logger });
  const searchCache = new SearchCache<TSearch>({ now });
  return {
    api: new HotelsApi(client),
    limiter: { stats: () => limiter.stats() },
    searchCache,
    describeAuth: () => auth.describe(),
    loadProtection: () => ({ ...limiter.stats(), ...searchCache.stats() }),
  };
}

export { createAuthHeaders, JWT_ALGORITHM, JWT_RESIGN_INTERVAL_MS, ServiceJwtSigner } from "./auth.js";
export type { AuthDescription, AuthHeaderProvider, AuthMode } from "./auth.js";
export { MAX_RESPONSE_BYTES } from "./capped-body.js";
export { endpoint, ProviderHttpClient } from "./client.js";
export type { FetchLike, ProviderRequest } from "./client.js";
export * from "./contract-checkout.js";
export * from "./contract-common.js";
export * from "./contract-search.js";
export { isProviderError, PROVIDER_ERROR_KINDS, ProviderError } from "./errors.js";
export type { ProviderErrorInfo, ProviderErrorJson, ProviderErrorKind, UnavailableReason } from "./errors.js";
export { HOTELS_ROUTES, HotelsApi, LocationsQuerySchema, PromoCodeSchema } from "./hotels-api.js";
export type { CallOptions, HotelsRouteId, LocationsQuery } from "./hotels-api.js";
export { ConcurrencyLimiter, QUEUE_LIMIT } from "./limiter.js";
export type { LimiterStats, RunOptions } from "./limiter.js";
export { SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS, SearchCache } from "./search-cache.js";
export type { CoalescedOptions, SearchCacheOptions, SearchCacheStats } from "./search-cache.js";
export type { ServiceKeyProblem } from "./service-key.js";

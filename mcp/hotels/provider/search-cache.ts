import { ProviderError } from "../../../shared/http/provider-error.js";
import { setNewest } from "../../../shared/bounded-map.js";
import type { Clock } from "../../../shared/time.js";

export const SEARCH_CACHE_TTL_MS = 30_000;
export const SEARCH_CACHE_MAX_ENTRIES = 64;

export interface SearchCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: Clock;
}

export interface SearchCacheStats {
  cachedSearches: number;
  inFlightSearches: number;
}

export interface CoalescedOptions<T> {
  /** Stops this caller's wait only; the shared search goes on for the other callers. */
  signal?: AbortSignal;
  /** A result that must not be reused (e.g. a truncated collection) is returned but not cached. */
  cacheable?: (value: T) => boolean;
}

/**
 * Process-local coalescing and 30 s reuse of successful hotel searches, for plan_stay.
 *
 * The key is the caller's (plan_stay uses `searchKey()` of journey/search-request.ts): destination,
 * dates, guests and filters. Ranking is deliberately not part of it: switching between
 * provider_order, highest_rating, lowest_price and best_value reorders the same provider results
 * locally and must not start a second HTTP search. Failures are never cached, and nothing holding
 * credentials is stored.
 */
export class SearchCache<T> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: Clock;
  // Not a TtlMap: a full cache drops the least recently used search, not the one closest to expiry.
  // Map order is insertion order; a hit re-inserts, so the first entry is the least recently used.
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();
  readonly #inFlight = new Map<string, Promise<T>>();

  constructor(opts: SearchCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? SEARCH_CACHE_TTL_MS;
    this.#maxEntries = opts.maxEntries ?? SEARCH_CACHE_MAX_ENTRIES;
    this.#now = opts.now ?? Date.now;
  }

  coalesced(key: string, fn: () => Promise<T>, opts: CoalescedOptions<T> = {}): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      if (this.#now() < hit.expiresAt) {
        this.#entries.set(key, hit);
        return Promise.resolve(hit.value);
      }
    }
    let shared = this.#inFlight.get(key);
    if (shared === undefined) {
      shared = this.#run(key, fn, opts.cacheable);
      this.#inFlight.set(key, shared);
    }
    return opts.signal === undefined ? shared : abandonable(shared, opts.signal);
  }

  /** Forgets one search, e.g. after the provider reported its searchId as gone. */
  invalidate(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  stats(): SearchCacheStats {
    this.#dropExpired();
    return { cachedSearches: this.#entries.size, inFlightSearches: this.#inFlight.size };
  }

  async #run(key: string, fn: () => Promise<T>, cacheable: ((value: T) => boolean) | undefined): Promise<T> {
    try {
      // Deferred so a synchronous throw still settles after the in-flight entry exists.
      const value = await Promise.resolve().then(fn);
      if (cacheable === undefined || cacheable(value)) this.#store(key, value);
      return value;
    } finally {
      this.#inFlight.delete(key);
    }
  }

  #store(key: string, value: T): void {
    // Expired entries make room before a live one is dropped.
    if (this.#entries.size >= this.#maxEntries) this.#dropExpired();
    setNewest(this.#entries, key, { value, expiresAt: this.#now() + this.#ttlMs }, this.#maxEntries);
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (now >= entry.expiresAt) this.#entries.delete(key);
  }
}

function abandonable<T>(shared: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ProviderError({ kind: "aborted", routeId: "search" }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ProviderError({ kind: "aborted", routeId: "search" }));
    signal.addEventListener("abort", onAbort, { once: true });
    void shared.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

import { toCatalogLocation, type CatalogLocation } from "./provider-shapes.js";
import { ProviderError, type HotelsApi } from "../provider/index.js";
import type { Clock } from "../../../shared/time.js";

export const CATALOG_TTL_MS = 60 * 60_000;
/** The whole cold-cache load, every page included: a dead provider must not cost tens of timeouts. */
export const CATALOG_BUDGET_MS = 10_000;
export const CATALOG_PAGE_SIZE = 100;
export const CATALOG_MAX_PAGES = 50;

export interface LocationCatalogOptions {
  api: Pick<HotelsApi, "locations">;
  /** The configured per-request timeout; each page gets at most what is left of the budget. */
  timeoutMs: number;
  now?: Clock;
  ttlMs?: number;
  budgetMs?: number;
}

/**
 * The provider's location catalog, read in bounded pages and kept for an hour. Loading is
 * single-flight, so fifty concurrent plan_stay calls on a cold cache make one catalog read.
 * Failures are not kept: the next call tries again.
 */
export class LocationCatalog {
  readonly #opts: Required<Omit<LocationCatalogOptions, "api">> & Pick<LocationCatalogOptions, "api">;
  #cached: { locations: CatalogLocation[]; expiresAt: number } | undefined;
  #loading: Promise<CatalogLocation[]> | undefined;

  constructor(opts: LocationCatalogOptions) {
    this.#opts = { now: Date.now, ttlMs: CATALOG_TTL_MS, budgetMs: CATALOG_BUDGET_MS, ...opts };
  }

  get(): Promise<CatalogLocation[]> {
    const now = this.#opts.now();
    if (this.#cached !== undefined && now < this.#cached.expiresAt) return Promise.resolve(this.#cached.locations);
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<CatalogLocation[]> {
    const { api, now, budgetMs, timeoutMs } = this.#opts;
    const started = now();
    const out: CatalogLocation[] = [];
    let offset: number | null = 0;
    for (let page = 0; offset !== null && page < CATALOG_MAX_PAGES; page++) {
      const remaining = budgetMs - (now() - started);
      if (remaining <= 0) throw new ProviderError({ kind: "unavailable", routeId: "locations", reason: "timeout" });
      const res = await api.locations({ offset, limit: CATALOG_PAGE_SIZE }, { timeoutMs: Math.min(timeoutMs, remaining) });
      for (const item of res.items) out.push(toCatalogLocation(item));
      offset = res.items.length === 0 ? null : res.nextOffset;
    }
    this.#cached = { locations: out, expiresAt: now() + this.#opts.ttlMs };
    return out;
  }
}

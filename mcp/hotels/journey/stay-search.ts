import { Collector, type CollectLimits } from "./collect.js";
import { searchKey, type ProviderSearchBody } from "./search-request.js";
import { toJourneyPage } from "./provider-shapes.js";
import { isProviderError, type HotelsProvider } from "../provider/index.js";
import type { Clock } from "../../../shared/time.js";

export const SEARCH_PAGE_SIZE = 20;

/** Progress of a hotel collection: hotels collected so far, the provider's reported count. */
export type SearchProgress = (collected: number, reported: number | undefined, message: string) => Promise<void>;

export interface CollectOptions {
  signal?: AbortSignal;
  progress?: SearchProgress;
  /** The collection's own limits when this call starts it (a shared or cached one keeps its own). */
  limits?: Partial<CollectLimits>;
}

export type CountedCollection = { ok: true; collector: Collector; requests: number } | { ok: false; error: unknown; requests: number };

export interface StaySearchOptions {
  timeoutMs: number;
  now: Clock;
  /** The configured API origin: its photo URLs are kept even over http (the sandbox). */
  trustedOrigin?: string;
}

/**
 * Runs plan_stay's hotel collection through the process-wide search cache: identical concurrent
 * searches share one collection (every waiter still gets progress), a complete one is reused for
 * 30 s, a truncated one is handed to its waiters but never cached. One per server, beside its provider:
 * the continuation guard below only works if every journey of the process goes through the same instance.
 */
export class StaySearch {
  readonly #provider: HotelsProvider<unknown>;
  readonly #opts: StaySearchOptions;
  readonly #listeners = new Map<string, Set<SearchProgress>>();
  // Journeys coalesced onto one collection share its Collector; their continuations must not interleave.
  readonly #continuing = new WeakMap<Collector, Promise<void>>();

  constructor(provider: HotelsProvider<unknown>, opts: StaySearchOptions) {
    this.#provider = provider;
    this.#opts = opts;
  }

  /** Rejects with the ProviderError of the first page; a later failure truncates instead. */
  async collect(body: ProviderSearchBody, opts: CollectOptions = {}): Promise<Collector> {
    const counted = await this.collectCounted(body, opts);
    if (!counted.ok) throw counted.error;
    return counted.collector;
  }

  /**
   * collect(), saying how many provider requests this call made: none when it shared a collection
   * already running or cached, so a caller with a request budget pays only for what it caused.
   */
  async collectCounted(body: ProviderSearchBody, opts: CollectOptions = {}): Promise<CountedCollection> {
    let started: Collector | undefined;
    const key = searchKey(body);
    const listeners = this.#listeners.get(key) ?? new Set<SearchProgress>();
    this.#listeners.set(key, listeners);
    if (opts.progress) listeners.add(opts.progress);
    try {
      const broadcast: SearchProgress = async (...args) => {
        for (const fn of this.#listeners.get(key) ?? []) void fn(...args).catch(() => undefined);
        return Promise.resolve();
      };
      const value = await this.#provider.searchCache.coalesced(key, () => this.#run(body, (started = new Collector(opts.limits)), broadcast), {
        signal: opts.signal,
        cacheable: (v) => v instanceof Collector && !v.coverage().truncated,
      });
      if (!(value instanceof Collector)) throw new TypeError("the search cache holds a foreign value");
      return { ok: true, collector: value, requests: started === value ? value.coverage().requestsMade : 0 };
    } catch (error) {
      // Reached only by a first page that failed (or an abort): what it cost is still spent.
      return { ok: false, error, requests: started?.coverage().requestsMade ?? 0 };
    } finally {
      if (opts.progress) listeners.delete(opts.progress);
      if (listeners.size === 0) this.#listeners.delete(key);
    }
  }

  /**
   * Resumes a truncated collection from its offset, with the continuation's own budget. Returns false
   * when there was nothing to resume; rejects when the first new request failed.
   */
  async continue(collector: Collector, body: ProviderSearchBody, progress?: SearchProgress): Promise<boolean> {
    const running = this.#continuing.get(collector);
    if (running) {
      await running;
      return true;
    }
    if (!collector.beginContinuation()) return false;
    const run = this.#run(body, collector, progress).then(() => undefined);
    this.#continuing.set(collector, run);
    try {
      await run;
    } finally {
      this.#continuing.delete(collector);
    }
    if (!collector.coverage().truncated) {
      // Completed by continuation: it may now serve identical searches like any other result.
      this.#provider.searchCache.coalesced(searchKey(body), () => Promise.resolve(collector), { cacheable: () => true }).catch(() => undefined);
    }
    return true;
  }

  // No caller signal here: the collection is shared, one caller giving up must not stop it.
  async #run(body: ProviderSearchBody, collector: Collector, progress?: SearchProgress): Promise<Collector> {
    const { now, timeoutMs } = this.#opts;
    const started = now();
    let pages = 0;
    let shown = 0;
    for (let req = collector.next(0); req !== null; req = collector.next(now() - started)) {
      try {
        const page = await this.#provider.api.search(
          { ...body, offset: req.offset, limit: SEARCH_PAGE_SIZE, ...(req.searchId === undefined ? {} : { searchId: req.searchId }) },
          { timeoutMs: Math.max(1, Math.min(timeoutMs, req.remainingMs)) },
        );
        collector.accept(toJourneyPage(page, this.#opts.trustedOrigin));
        pages += 1;
      } catch (err) {
        collector.fail();
        if (pages === 0 || !isProviderError(err)) throw err;
        break;
      }
      const { collectedCount, reportedCount } = collector.coverage();
      // MCP progress must increase; a poll that brought nothing new is not reported.
      if (progress && collectedCount > shown) {
        shown = collectedCount;
        await progress(collectedCount, reportedCount ?? undefined, `collected ${collectedCount}${reportedCount === null ? "" : ` of ${reportedCount}`} hotels`);
      }
    }
    return collector;
  }
}

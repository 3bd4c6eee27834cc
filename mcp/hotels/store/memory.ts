import type { Clock } from "../../../shared/time.js";
import { TtlMap } from "../../../shared/ttl-map.js";
import type { SharedStore, UpdateOptions, UpdateWrite } from "./types.js";

/** Entries a namespace holds unless `maxEntriesByNamespace` says otherwise. */
export const DEFAULT_MAX_ENTRIES = 10_000;

export interface MemoryStoreOptions {
  now?: Clock;
  maxEntries?: number;
  /**
   * Caps by namespace (a key's text before its first ":"): a full namespace makes room by dropping
   * its entry closest to expiry, so a flood of small counters never evicts a journey and the reverse.
   */
  maxEntriesByNamespace?: Readonly<Record<string, number>>;
}

// One process's store: expiry is read from the injected clock on every access (no timers), and each
// namespace is bounded. Every method runs synchronously inside its promise, so `update` is atomic.
export class MemorySharedStore implements SharedStore {
  readonly kind = "memory";
  private readonly namespaces = new Map<string, TtlMap<string, string>>();
  private readonly now: Clock;
  private readonly maxEntries: number;
  private readonly caps: Readonly<Record<string, number>>;
  private closed = false;

  constructor(options: MemoryStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.caps = options.maxEntriesByNamespace ?? {};
    for (const cap of [this.maxEntries, ...Object.values(this.caps)]) {
      if (!Number.isInteger(cap) || cap < 1) throw new RangeError("store entry caps must be positive integers");
    }
  }

  get(key: string): Promise<string | undefined> {
    return this.run(() => this.live(key)?.value);
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.run(() => {
      checkTtl(ttlMs);
      this.put(key, value, this.now() + ttlMs);
    });
  }

  // Read and written in one synchronous step: a caller's last read has nothing to save here.
  update(key: string, change: (current: string | undefined) => string | UpdateWrite | undefined, _options?: UpdateOptions): Promise<string | undefined> {
    return this.run(() => {
      const entry = this.live(key);
      if (!entry) return undefined;
      const next = change(entry.value);
      if (next === undefined) return entry.value;
      if (typeof next === "string") {
        this.namespace(key).set(key, next, entry.expiresAt);
        return next;
      }
      for (const w of next.alongside) checkTtl(w.ttlMs);
      const nowMs = this.now();
      for (const w of next.alongside) this.put(w.key, w.value, Math.max(nowMs + w.ttlMs, entry.expiresAt));
      // Unless an alongside write took its place in a full namespace.
      const entries = this.namespace(key);
      if (entries.has(key)) entries.set(key, next.value, entry.expiresAt);
      return next.value;
    });
  }

  del(key: string): Promise<void> {
    return this.run(() => {
      this.namespace(key).delete(key);
    });
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    return this.run(() => {
      checkTtl(windowMs);
      const nowMs = this.now();
      const entry = this.live(key);
      if (!entry) {
        this.put(key, "1", nowMs + windowMs);
        return { count: 1, resetInMs: windowMs };
      }
      const count = Number(entry.value) + 1;
      this.namespace(key).set(key, String(count), entry.expiresAt);
      return { count, resetInMs: entry.expiresAt - nowMs };
    });
  }

  ping(): Promise<void> {
    return this.run(() => undefined);
  }

  close(): Promise<void> {
    this.closed = true;
    this.namespaces.clear();
    return Promise.resolve();
  }

  /** Live entries across namespaces (tests and metrics). */
  get size(): number {
    let total = 0;
    for (const entries of this.namespaces.values()) total += entries.size;
    return total;
  }

  private run<T>(fn: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the memory store is closed"));
    try {
      return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  // A full namespace makes room by dropping its entry closest to expiry (TtlMap).
  private namespace(key: string): TtlMap<string, string> {
    const name = namespaceOf(key);
    let entries = this.namespaces.get(name);
    if (!entries) {
      entries = new TtlMap({ now: this.now, maxEntries: this.caps[name] ?? this.maxEntries });
      this.namespaces.set(name, entries);
    }
    return entries;
  }

  private live(key: string): { value: string; expiresAt: number } | undefined {
    const lookup = this.namespace(key).lookup(key);
    return lookup.status === "found" ? lookup : undefined;
  }

  private put(key: string, value: string, expiresAt: number): void {
    const entries = this.namespace(key);
    const cap = this.caps[namespaceOf(key)] ?? this.maxEntries;
    // Expired entries make room before a live one is dropped.
    if (!entries.has(key) && entries.size >= cap) entries.sweep();
    entries.set(key, value, expiresAt);
  }
}

export function namespaceOf(key: string): string {
  const colon = key.indexOf(":");
  return colon === -1 ? key : key.slice(0, colon);
}

/** Both stores take the same TTLs: a whole number of milliseconds, at least one. */
export function checkTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) throw new RangeError("a TTL must be a positive whole number of milliseconds");
}

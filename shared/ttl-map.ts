import type { Clock } from "./time.js";

export interface TtlEntry<V> {
  value: V;
  expiresAt: number;
}

export type TtlLookup<V> = { status: "found"; value: V; expiresAt: number } | { status: "expired" } | { status: "not_found" };

export interface TtlMapOptions<K, V> {
  now?: Clock;
  /** At most this many entries; a new key past it drops the entry closest to expiry. */
  maxEntries?: number;
  /** Told of each entry dropped to make room, so an owner can keep an index of its own in step. */
  onEvict?: (key: K, value: V) => void;
}

/**
 * A Map whose entries each carry an expiry time, read against an injected clock (no timers). An
 * expired entry stays until it is read, swept or evicted, so its owner can still answer "expired"
 * rather than "unknown"; it has the earliest expiry, so it is the first to make room.
 */
export class TtlMap<K, V> {
  readonly #entries = new Map<K, TtlEntry<V>>();
  readonly #now: Clock;
  readonly #max: number;
  readonly #onEvict: ((key: K, value: V) => void) | undefined;

  constructor(opts: TtlMapOptions<K, V> = {}) {
    this.#now = opts.now ?? Date.now;
    this.#max = opts.maxEntries ?? Number.POSITIVE_INFINITY;
    this.#onEvict = opts.onEvict;
    if (this.#max !== Number.POSITIVE_INFINITY && (!Number.isInteger(this.#max) || this.#max < 1)) throw new RangeError("maxEntries must be a positive integer");
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Sets `key` to expire at `expiresAt`. A key already held keeps its place; a new one makes room first. */
  set(key: K, value: V, expiresAt: number): void {
    const held = this.#entries.get(key);
    if (held) {
      held.value = value;
      held.expiresAt = expiresAt;
      return;
    }
    while (this.#entries.size >= this.#max) this.#evictEarliest();
    this.#entries.set(key, { value, expiresAt });
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The entry as held, expired or not. */
  peek(key: K): TtlEntry<V> | undefined {
    const entry = this.#entries.get(key);
    return entry && { value: entry.value, expiresAt: entry.expiresAt };
  }

  /** The live value of `key`; an expired entry is dropped and reported as such. */
  lookup(key: K): TtlLookup<V> {
    const entry = this.#entries.get(key);
    if (!entry) return { status: "not_found" };
    if (this.#now() >= entry.expiresAt) {
      this.#entries.delete(key);
      return { status: "expired" };
    }
    return { status: "found", value: entry.value, expiresAt: entry.expiresAt };
  }

  /** Removes `key` and returns the entry as held, expired or not: a read and a delete in one step. */
  take(key: K): TtlEntry<V> | undefined {
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    return entry;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  /** Drops every entry expired at `nowMs`; returns how many. */
  sweep(nowMs: number = this.#now()): number {
    let removed = 0;
    for (const [key, entry] of this.#entries) {
      if (nowMs >= entry.expiresAt) {
        this.#entries.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  /** Forgets every entry; returns how many there were. */
  clear(): number {
    const count = this.#entries.size;
    this.#entries.clear();
    return count;
  }

  // Of entries expiring together, the first set goes first.
  #evictEarliest(): void {
    let victim: [K, TtlEntry<V>] | undefined;
    for (const pair of this.#entries) if (!victim || pair[1].expiresAt < victim[1].expiresAt) victim = pair;
    if (!victim) return;
    this.#entries.delete(victim[0]);
    this.#onEvict?.(victim[0], victim[1].value);
  }
}

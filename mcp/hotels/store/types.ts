// What a later call needs from an earlier one, behind one interface (issue 17): journeys and
// rate-limit windows. In memory by default; Redis when TBANK_HOTELS_STORE_URL is set, so any
// instance answers any call. TTLs live in the store (PX / expiry timestamps), never in timers.

/** Another key an update sets in the same transaction as its own (it commits with it or not at all). */
export interface AlongsideWrite {
  key: string;
  value: string;
  /** Its lifetime from now; it never expires before the updated key (a part outlives what names it). */
  ttlMs: number;
}

/** What the caller already knows of the key: the text it read moments ago, if any. */
export interface UpdateOptions {
  /**
   * Where the first round may start instead of reading again (Redis: one round trip fewer). Only a
   * hint: a change computed from it is written only if the key still holds it, and a decision to
   * write nothing is taken again from a fresh read.
   */
  lastRead?: string;
}

/** An update's result beyond a plain new value: keys written atomically with it. */
export interface UpdateWrite {
  value: string;
  alongside: readonly AlongsideWrite[];
}

export interface SharedStore {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<string | undefined>;
  /** Sets `value` to live `ttlMs` from now. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Atomic read-modify-write of one key: `change` gets the current value and returns the new one,
   * or undefined to leave the key as it is. The key keeps its expiry; an absent or expired key has
   * none to keep, so it stays absent (`change` is not called). Concurrent updates of one key are
   * serialised (Redis: a compare-and-set script, retried on conflict), so `change` may run more than
   * once and must only compute. An UpdateWrite also sets other keys (each with its own TTL, never shorter than the key's) in the
   * same transaction. Resolves with the value now stored (undefined when absent).
   */
  update(key: string, change: (current: string | undefined) => string | UpdateWrite | undefined, options?: UpdateOptions): Promise<string | undefined>;
  del(key: string): Promise<void>;
  /**
   * A fixed-window counter: adds one to `key`, which expires `windowMs` after its first hit.
   * Returns the count in the window and the ms until it resets.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

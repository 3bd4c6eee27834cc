import { randomBytes } from "node:crypto";
import type { Role } from "../shared/protocol/common.js";
import { BrokerError } from "../shared/protocol/broker-error.js";
import { newRef, type RandomBytes } from "../shared/refs.js";
import type { Clock } from "../shared/time.js";
import { TtlMap } from "../shared/ttl-map.js";

export const BOOKING_REF_TTL_MS = 30 * 60_000;
export const MAX_BOOKING_REFS = 1000;

interface Entry {
  orderId: string;
  sessionId: string;
  role: Role;
}

export interface RefTableOptions {
  now?: Clock;
  random?: RandomBytes;
  ttlMs?: number;
  maxEntries?: number;
}

// One live ref per order, session and role. NUL cannot occur in a session id or a role name.
const liveKey = (orderId: string, sessionId: string, role: Role): string => `${sessionId}\u0000${role}\u0000${orderId}`;

/**
 * bookingRef → provider orderId, inside the broker only. A ref is bound to the session that listed
 * it and to the hotels role; anything that does not match looks exactly like an unknown ref, so a
 * caller cannot probe for refs of another session. Listing the same order again in the same
 * session gives the same ref with a fresh TTL: a model that lists twice holds one ref per booking,
 * not two that look like two bookings.
 */
export class RefTable {
  // Expired refs have the earliest expiry, so they make room first; until then they still answer
  // `ref_expired` rather than `invalid_ref`.
  readonly #entries: TtlMap<string, Entry>;
  /** liveKey → bookingRef, kept in step with #entries. */
  readonly #live = new Map<string, string>();
  readonly #now: Clock;
  readonly #random: RandomBytes;
  readonly #ttlMs: number;

  constructor(opts: RefTableOptions = {}) {
    this.#now = opts.now ?? Date.now;
    this.#random = opts.random ?? randomBytes;
    this.#ttlMs = opts.ttlMs ?? BOOKING_REF_TTL_MS;
    this.#entries = new TtlMap({ now: this.#now, maxEntries: opts.maxEntries ?? MAX_BOOKING_REFS, onEvict: (ref, entry) => this.#unlink(ref, entry) });
  }

  get size(): number {
    return this.#entries.size;
  }

  mint(orderId: string, sessionId: string, role: Role = "hotels"): { bookingRef: string; expiresAt: number } {
    const now = this.#now();
    const key = liveKey(orderId, sessionId, role);
    const liveRef = this.#live.get(key);
    const live = liveRef === undefined ? undefined : this.#entries.peek(liveRef);
    if (liveRef !== undefined && live !== undefined && now < live.expiresAt) {
      this.#entries.set(liveRef, live.value, now + this.#ttlMs);
      return { bookingRef: liveRef, expiresAt: now + this.#ttlMs };
    }
    // An expired ref is not brought back: it stays `ref_expired` until evicted, the order gets a new one.
    this.#live.delete(key);
    const bookingRef = newRef("bookingRef", this.#random);
    const expiresAt = now + this.#ttlMs;
    this.#entries.set(bookingRef, { orderId, sessionId, role }, expiresAt);
    this.#live.set(key, bookingRef);
    return { bookingRef, expiresAt };
  }

  /** The orderId behind a ref, or `invalid_ref` / `ref_expired`. */
  resolve(bookingRef: string, sessionId: string | undefined, role: Role): string {
    const held = this.#entries.peek(bookingRef);
    if (!held || held.value.sessionId !== sessionId || held.value.role !== role) throw new BrokerError("invalid_ref", "unknown bookingRef: list the bookings again");
    if (this.#now() >= held.expiresAt) {
      this.#entries.delete(bookingRef);
      this.#unlink(bookingRef, held.value);
      throw new BrokerError("ref_expired", "the bookingRef has expired: list the bookings again");
    }
    return held.value.orderId;
  }

  /** Forgets every ref (session end, logout, broker exit); returns how many there were. */
  clear(): number {
    this.#live.clear();
    return this.#entries.clear();
  }

  /** Drops the live index's pointer to a ref that is gone. */
  #unlink(bookingRef: string, entry: Entry): void {
    const key = liveKey(entry.orderId, entry.sessionId, entry.role);
    if (this.#live.get(key) === bookingRef) this.#live.delete(key);
  }
}

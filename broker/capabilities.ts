import { randomBytes } from "node:crypto";
import type { Role } from "../shared/protocol/common.js";
import { BrokerError } from "../shared/protocol/broker-error.js";
import { newRef, sha256Hex, type RandomBytes } from "../shared/refs.js";
import type { Clock } from "../shared/time.js";
import { TtlMap } from "../shared/ttl-map.js";

export const PAYMENT_HANDOFF_TTL_MS = 10 * 60_000;
export const MAX_PAYMENT_HANDOFFS = 1000;
export const MAX_CONSUMED_TOMBSTONES = 4096;
export const PAYMENT_HANDOFF_AUDIENCE: Role = "banking";

/** The payment facts observed in one booking-v1 read, bound into the capability. */
export interface PaymentFacts {
  amountDecimal: string;
  currency: string;
  paymentStatus: string;
  observedAt: number;
}

export interface MintInput extends PaymentFacts {
  sessionId: string;
  /** Internal only: the booking the facts came from. Never returned by `consume`. */
  orderId: string;
}

interface Entry extends MintInput {
  audience: Role;
}

export interface CapabilityTableOptions {
  now?: Clock;
  random?: RandomBytes;
  ttlMs?: number;
  maxEntries?: number;
  maxTombstones?: number;
}

/**
 * Single-use payment handoff capabilities. The table is keyed by SHA-256 of the ref, so a heap dump
 * or a debug snapshot holds nothing a caller could present. `consume` is synchronous on purpose:
 * lookup and delete happen in one turn of the event loop, so two concurrent consumers can never
 * both see the entry.
 */
export class CapabilityTable {
  readonly #entries: TtlMap<string, Entry>;
  // Hashes of consumed refs, so a replay is told apart from an unknown ref and can be audited.
  readonly #consumed = new Set<string>();
  readonly #now: Clock;
  readonly #random: RandomBytes;
  readonly #ttlMs: number;
  readonly #maxTombstones: number;

  constructor(opts: CapabilityTableOptions = {}) {
    this.#now = opts.now ?? Date.now;
    this.#random = opts.random ?? randomBytes;
    this.#ttlMs = opts.ttlMs ?? PAYMENT_HANDOFF_TTL_MS;
    this.#entries = new TtlMap({ now: this.#now, maxEntries: opts.maxEntries ?? MAX_PAYMENT_HANDOFFS });
    this.#maxTombstones = opts.maxTombstones ?? MAX_CONSUMED_TOMBSTONES;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What is held, for status and tests: hashes and expiry only. */
  debugSnapshot(): { hashes: string[]; consumedHashes: string[] } {
    return { hashes: [...this.#entries.keys()], consumedHashes: [...this.#consumed] };
  }

  mint(input: MintInput): { paymentHandoffRef: string; expiresAt: number } {
    const paymentHandoffRef = newRef("paymentHandoffRef", this.#random);
    const expiresAt = this.#now() + this.#ttlMs;
    this.#entries.set(sha256Hex(paymentHandoffRef), { ...input, audience: PAYMENT_HANDOFF_AUDIENCE }, expiresAt);
    return { paymentHandoffRef, expiresAt };
  }

  /**
   * Uses the capability up. A caller outside the audience gets `operation_not_allowed` before any
   * lookup, so it learns nothing about the ref and cannot burn it for the rightful consumer.
   */
  consume(ref: string, role: Role): PaymentFacts & { consumedAt: number } {
    if (role !== PAYMENT_HANDOFF_AUDIENCE) throw new BrokerError("operation_not_allowed", "payment handoffs can only be consumed by the banking client");
    const hash = sha256Hex(ref);
    // Taken (read and deleted) in one step, expired or not.
    const held = this.#entries.take(hash);
    if (!held) {
      if (this.#consumed.has(hash)) throw new BrokerError("capability_consumed", "this payment handoff was already used: create a new one");
      throw new BrokerError("invalid_ref", "unknown paymentHandoffRef");
    }
    const entry = held.value;
    const now = this.#now();
    if (now >= held.expiresAt) throw new BrokerError("ref_expired", "the payment handoff has expired: create a new one");
    this.#remember(hash);
    return { amountDecimal: entry.amountDecimal, currency: entry.currency, paymentStatus: entry.paymentStatus, observedAt: entry.observedAt, consumedAt: now };
  }

  /** Kills every live capability (session end, logout, broker exit); returns how many there were. */
  clear(): number {
    return this.#entries.clear();
  }

  #remember(hash: string): void {
    this.#consumed.add(hash);
    // Sets iterate in insertion order: the first value is the oldest tombstone.
    while (this.#consumed.size > this.#maxTombstones) {
      const oldest = this.#consumed.values().next();
      if (oldest.done) break;
      this.#consumed.delete(oldest.value);
    }
  }
}

import { randomBytes } from "node:crypto";
import { newRef } from "../../../shared/refs.js";
import type { RandomBytes, RefKind } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import { TtlMap } from "../../../shared/ttl-map.js";
import type { JourneyState } from "./state.js";

export const JOURNEY_TTL_MS = 60 * 60_000;
export const MAX_JOURNEYS = 200;

export interface JourneyRecord<T> {
  journeyId: string;
  createdAtMs: number;
  expiresAtMs: number;
  state: T;
}

export type JourneyLookup<T> = { status: "found"; journey: JourneyRecord<T> } | { status: "expired" } | { status: "not_found" };

export interface JourneyStoreOptions {
  ttlMs?: number;
  maxJourneys?: number;
  now?: Clock;
  random?: RandomBytes;
  /** The kind of ref the store hands out; booking drafts reuse this store under their own prefix. */
  refKind?: RefKind;
}

// Bounded in-memory journeys: a fixed lifetime from creation (not sliding), and when full the
// journey closest to expiry makes room. Nothing survives a restart, by design.
export class JourneyStore<T = JourneyState> {
  private readonly journeys: TtlMap<string, JourneyRecord<T>>;
  private readonly ttlMs: number;
  private readonly now: Clock;
  private readonly random: RandomBytes;
  private readonly refKind: RefKind;

  constructor(options: JourneyStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? JOURNEY_TTL_MS;
    const maxJourneys = options.maxJourneys ?? MAX_JOURNEYS;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? randomBytes;
    this.refKind = options.refKind ?? "journeyId";
    if (!Number.isInteger(maxJourneys) || maxJourneys < 1) throw new RangeError("maxJourneys must be a positive integer");
    this.journeys = new TtlMap({ now: this.now, maxEntries: maxJourneys });
  }

  create(state: T): JourneyRecord<T> {
    const nowMs = this.now();
    this.sweep(nowMs);
    const record: JourneyRecord<T> = { journeyId: newRef(this.refKind, this.random), createdAtMs: nowMs, expiresAtMs: nowMs + this.ttlMs, state };
    this.journeys.set(record.journeyId, record, record.expiresAtMs);
    return record;
  }

  get(journeyId: string): JourneyLookup<T> {
    const lookup = this.journeys.lookup(journeyId);
    return lookup.status === "found" ? { status: "found", journey: lookup.value } : lookup;
  }

  // Replaces the state of a live journey; its lifetime stays what it was.
  update(journeyId: string, change: (state: T) => T): JourneyLookup<T> {
    const lookup = this.get(journeyId);
    if (lookup.status !== "found") return lookup;
    lookup.journey.state = change(lookup.journey.state);
    return lookup;
  }

  delete(journeyId: string): boolean {
    return this.journeys.delete(journeyId);
  }

  get size(): number {
    return this.journeys.size;
  }

  sweep(nowMs: number = this.now()): number {
    return this.journeys.sweep(nowMs);
  }
}

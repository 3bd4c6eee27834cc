import { randomBytes } from "node:crypto";
import { newRef, type RandomBytes } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import type { SharedStore } from "../store/types.js";
import { decodeJourneyValue, encodeJourneyValue } from "./codec.js";
import type { JourneyState } from "./state.js";
import { JOURNEY_TTL_MS, JourneyStore, MAX_JOURNEYS, type JourneyLookup, type JourneyRecord } from "./store.js";

export const JOURNEY_NAMESPACE = "journey";
export const JOURNEY_SEEN_NAMESPACE = "journey-seen";
/**
 * How long after its expiry a journey still answers journey_expired rather than journey_not_found.
 * The journey itself is gone from the store at its TTL; only a tombstone (its expiry time) stays.
 */
export const EXPIRED_MEMORY_MS = 24 * 60 * 60_000;
/** The memory store's caps, for journeys kept in it encoded (StoredJourneyRepo over a memory store). */
export const JOURNEY_STORE_CAPS: Readonly<Record<string, number>> = { [JOURNEY_NAMESPACE]: MAX_JOURNEYS };
/** Bumped when the stored shape changes: an instance never misreads another version's journey. */
const FORMAT = 1;

interface StoredJourney {
  v: typeof FORMAT;
  createdAtMs: number;
  expiresAtMs: number;
  state: JourneyState;
}

export interface JourneyRepoOptions {
  ttlMs?: number;
  /** In-process journeys only (a memory store); Redis is bounded by its own maxmemory. */
  maxJourneys?: number;
  now?: Clock;
  random?: RandomBytes;
}

/** Journeys as the tools see them: async, because they may live in another process (Redis). */
export interface JourneyRepo {
  create(state: JourneyState): Promise<JourneyRecord<JourneyState>>;
  get(journeyId: string): Promise<JourneyLookup<JourneyState>>;
  /**
   * Replaces the state of a live journey; its lifetime stays what it was. `change` may run more than
   * once (Redis retries a lost race), so it must only compute. Returning the same state writes nothing.
   */
  update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>>;
}

// The memory store's journeys, by store: servers given one memory store share them, as they would Redis.
const inProcess = new WeakMap<SharedStore, JourneyStore<JourneyState>>();

/**
 * Redis: journeys encoded in the store (StoredJourneyRepo). Memory: journeys kept as objects beside
 * the store, never serialized (a Kazan journey is ~170 KB of JSON, ~6 ms to decode and re-encode per
 * call), bounded to MAX_JOURNEYS with the earliest expiry making room.
 */
export function createJourneyRepo(store: SharedStore, options: JourneyRepoOptions = {}): JourneyRepo {
  if (store.kind === "redis") return new StoredJourneyRepo(store, options);
  let journeys = inProcess.get(store);
  if (!journeys) {
    journeys = new JourneyStore<JourneyState>(options);
    inProcess.set(store, journeys);
  }
  return new InProcessJourneyRepo(journeys);
}

class InProcessJourneyRepo implements JourneyRepo {
  constructor(private readonly journeys: JourneyStore<JourneyState>) {}

  create(state: JourneyState): Promise<JourneyRecord<JourneyState>> {
    return Promise.resolve(this.journeys.create(state));
  }

  get(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    return Promise.resolve(this.journeys.get(journeyId));
  }

  update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>> {
    return Promise.resolve(this.journeys.update(journeyId, change));
  }
}

// Journeys in the shared store, so any instance answers any call. Two keys per journey:
//   journey:<id>       the encoded journey, PX = its lifetime (60 minutes from creation, not sliding);
//   journey-seen:<id>  its expiry time, kept EXPIRED_MEMORY_MS longer.
// A missing journey with a tombstone past its time is `expired`; without one (or evicted early, when
// the memory store or Redis' maxmemory made room) it is `not_found`. Changes are read-modify-write
// through SharedStore.update, so instances updating one journey never lose each other's change.
export class StoredJourneyRepo implements JourneyRepo {
  private readonly store: SharedStore;
  private readonly ttlMs: number;
  private readonly now: Clock;
  private readonly random: RandomBytes;

  constructor(store: SharedStore, options: JourneyRepoOptions = {}) {
    this.store = store;
    this.ttlMs = options.ttlMs ?? JOURNEY_TTL_MS;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? randomBytes;
  }

  async create(state: JourneyState): Promise<JourneyRecord<JourneyState>> {
    const createdAtMs = this.now();
    const record: JourneyRecord<JourneyState> = { journeyId: newRef("journeyId", this.random), createdAtMs, expiresAtMs: createdAtMs + this.ttlMs, state };
    const stored: StoredJourney = { v: FORMAT, createdAtMs, expiresAtMs: record.expiresAtMs, state };
    await Promise.all([
      this.store.set(seenKey(record.journeyId), String(record.expiresAtMs), this.ttlMs + EXPIRED_MEMORY_MS),
      this.store.set(journeyKey(record.journeyId), encodeJourneyValue(stored), this.ttlMs),
    ]);
    return record;
  }

  async get(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    const text = await this.store.get(journeyKey(journeyId));
    const record = text === undefined ? undefined : this.decode(journeyId, text);
    if (!record) return this.gone(journeyId);
    return this.now() < record.expiresAtMs ? { status: "found", journey: record } : { status: "expired" };
  }

  async update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>> {
    // Set by the last run of `change`: the one whose answer the store kept.
    const seen: { lookup?: JourneyLookup<JourneyState> } = {};
    await this.store.update(journeyKey(journeyId), (text) => {
      seen.lookup = undefined;
      const record = text === undefined ? undefined : this.decode(journeyId, text);
      if (!record) return undefined;
      if (this.now() >= record.expiresAtMs) {
        seen.lookup = { status: "expired" };
        return undefined;
      }
      const state = change(record.state);
      seen.lookup = { status: "found", journey: { ...record, state } };
      if (state === record.state) return undefined;
      const stored: StoredJourney = { v: FORMAT, createdAtMs: record.createdAtMs, expiresAtMs: record.expiresAtMs, state };
      return encodeJourneyValue(stored);
    });
    return seen.lookup ?? this.gone(journeyId);
  }

  private async gone(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    const expiresAt = await this.store.get(seenKey(journeyId));
    return expiresAt !== undefined && this.now() >= Number(expiresAt) ? { status: "expired" } : { status: "not_found" };
  }

  private decode(journeyId: string, text: string): JourneyRecord<JourneyState> | undefined {
    const stored = decodeJourneyValue(text, this.random) as Partial<StoredJourney> | null;
    // Another version's journey is not this one's to read: the person plans again.
    if (stored?.v !== FORMAT || typeof stored.expiresAtMs !== "number" || typeof stored.createdAtMs !== "number" || !stored.state) return undefined;
    return { journeyId, createdAtMs: stored.createdAtMs, expiresAtMs: stored.expiresAtMs, state: stored.state };
  }
}

const journeyKey = (journeyId: string): string => `${JOURNEY_NAMESPACE}:${journeyId}`;
const seenKey = (journeyId: string): string => `${JOURNEY_SEEN_NAMESPACE}:${journeyId}`;

import { randomBytes } from "node:crypto";
import { setNewest, take, useNewest } from "../../../shared/bounded-map.js";
import { isRef, newRef, type RandomBytes } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import type { SharedStore } from "../store/types.js";
import { decodeJourneyValue, encodeJourneyValue, freezeJourneyValue } from "./codec.js";
import type { JourneyState } from "./state.js";
import { JOURNEY_TTL_MS, JourneyStore, MAX_JOURNEYS, type JourneyLookup, type JourneyRecord } from "./store.js";

export const JOURNEY_NAMESPACE = "journey";
export const JOURNEY_SEEN_NAMESPACE = "journey-seen";
export const JOURNEY_PART_NAMESPACE = "journey-part";
/**
 * How long after its expiry a journey still answers journey_expired rather than journey_not_found.
 * The journey itself is gone from the store at its TTL; only a tombstone (its expiry time) stays.
 */
export const EXPIRED_MEMORY_MS = 24 * 60 * 60_000;
/** The memory store's caps, for journeys kept in it encoded (StoredJourneyRepo over a memory store). */
// A continuation leaves its earlier collection to expire: room for two per journey.
export const JOURNEY_STORE_CAPS: Readonly<Record<string, number>> = { [JOURNEY_NAMESPACE]: MAX_JOURNEYS, [JOURNEY_PART_NAMESPACE]: 2 * MAX_JOURNEYS };
/** Bumped when the stored shape changes: an instance never misreads another version's journey. */
const FORMAT = 3;

interface StoredJourney {
  v: typeof FORMAT;
  createdAtMs: number;
  expiresAtMs: number;
  /** The version of its collection (journey-part:<id>:<part>). */
  part: string;
  state: StoredLight;
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
  /**
   * A call about this journey is on its way (the remote mode knows before the tool runs): start
   * reading it now, beside the rate-limit check, so the tool's get() finds the read under way. Only
   * where the read is a round trip (Redis); never throws, and a read nobody takes is dropped.
   */
  prefetch?(journeyId: string): void;
}

// The memory store's journeys, by store: servers given one memory store share them, as they would Redis.
const inProcess = new WeakMap<SharedStore, JourneyStore<JourneyState>>();

/**
 * Redis: journeys encoded in the store (StoredJourneyRepo). Memory: journeys kept as objects beside
 * the store, never serialized (a Kazan journey is ~170 KB of JSON, ~6 ms to decode and re-encode per
 * call), bounded to `maxJourneys` (MAX_JOURNEYS, or TBANK_HOTELS_HTTP_MAX_JOURNEYS in the remote mode)
 * with the earliest expiry making room.
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

// Journeys in the shared store, so any instance answers any call. Three keys per journey:
//   journey:<id>                the journey without its collection: selection, rates, inspection,
//                               request (~10 KB); PX = its lifetime (60 minutes from creation, not sliding);
//   journey-part:<id>:<version> its collection (collector, optionIds, options: ~170 KB in Kazan), named
//                               by the first key and never changed: a new collection (a continuation)
//                               is a new version, written in the same transaction as the key naming it;
//   journey-seen:<id>           its expiry time, kept EXPIRED_MEMORY_MS longer.
// Every call reads and most rewrite the first key, while the collection changes at most on a
// continuation; each instance decodes a version once (or keeps the one it wrote) and keeps it,
// frozen, for the calls after.
// Decoding and re-encoding the whole journey on every call was 17 ms of CPU per call (bench:http).
// A missing journey with a tombstone past its time is `expired`; without one (or evicted early, when
// the memory store or Redis' maxmemory made room) it is `not_found`. Changes are read-modify-write
// through SharedStore.update, so instances updating one journey never lose each other's change.
export class StoredJourneyRepo implements JourneyRepo {
  private readonly store: SharedStore;
  private readonly ttlMs: number;
  private readonly now: Clock;
  private readonly random: RandomBytes;
  // Collections by `<journeyId>:<version>`, least recently used first.
  private readonly parts = new Map<string, CollectionPart>();
  // What get() last read of each journey (the text, decoded), oldest first: where its update may start.
  private readonly lastReads = new Map<string, LastRead>();
  // Reads started by prefetch(), oldest first, until get() takes them.
  private readonly prefetched = new Map<string, { read: Promise<string | undefined>; atMs: number }>();

  constructor(store: SharedStore, options: JourneyRepoOptions = {}) {
    this.store = store;
    this.ttlMs = options.ttlMs ?? JOURNEY_TTL_MS;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? randomBytes;
  }

  async create(state: JourneyState): Promise<JourneyRecord<JourneyState>> {
    const createdAtMs = this.now();
    const record: JourneyRecord<JourneyState> = { journeyId: newRef("journeyId", this.random), createdAtMs, expiresAtMs: createdAtMs + this.ttlMs, state };
    const part = this.newPartVersion();
    const { light, collection } = split(state);
    // The collection first: a reader never finds the journey naming a part that is not there yet.
    await this.store.set(partKey(record.journeyId, part), encodeJourneyValue(collection), this.ttlMs);
    const stored: StoredJourney = { v: FORMAT, createdAtMs, expiresAtMs: record.expiresAtMs, part, state: light };
    await Promise.all([
      this.store.set(seenKey(record.journeyId), String(record.expiresAtMs), this.ttlMs + EXPIRED_MEMORY_MS),
      this.store.set(journeyKey(record.journeyId), encodeJourneyValue(stored), this.ttlMs),
    ]);
    // This instance built the collection: it keeps it rather than read back and decode ~170 KB on
    // its next call. Frozen like a decoded one, so the caller's later reads see what others read.
    this.remember(record.journeyId, part, freezeJourneyValue(collection));
    return record;
  }

  prefetch(journeyId: string): void {
    // Model input not yet checked by the tool's schema: only a well-formed id becomes a read.
    if (!isRef("journeyId", journeyId)) return;
    const read = this.store.get(journeyKey(journeyId));
    // A failed read is the tool's get() to repeat and report, never an unhandled rejection.
    read.catch(() => undefined);
    setNewest(this.prefetched, journeyId, { read, atMs: this.now() }, PREFETCHES);
  }

  async get(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    const text = await this.read(journeyId);
    const stored = text === undefined ? undefined : this.decode(text);
    if (text === undefined || !stored) {
      this.lastReads.delete(journeyId);
      return this.gone(journeyId);
    }
    // Frozen: update() may start from this very object, so nothing may change it in place meanwhile.
    setNewest(this.lastReads, journeyId, { text, stored: freezeJourneyValue(stored), atMs: this.now() }, LAST_READS);
    if (this.now() >= stored.expiresAtMs) return { status: "expired" };
    const collection = await this.collection(journeyId, stored.part);
    if (!collection) return this.gone(journeyId);
    return { status: "found", journey: recordOf(journeyId, stored, collection) };
  }

  async update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>> {
    // `change` runs inside the store's synchronous read-modify-write, so the collection it needs must
    // already be decoded here; when another instance has just written a new one, fetch it and go again.
    // A call reads its journey, then changes it: the store may start from that read (a hint only).
    // A read started before this write must not answer a get() after it.
    this.prefetched.delete(journeyId);
    const taken = take(this.lastReads, journeyId);
    const read = taken !== undefined && this.now() - taken.atMs <= LAST_READ_MS ? taken : undefined;
    for (let round = 0; round < MAX_PART_FETCHES; round += 1) {
      // Set by the last run of `change`: the one whose answer the store kept.
      const seen: { lookup?: JourneyLookup<JourneyState>; missingPart?: string } = {};
      const write = (text: string | undefined) => {
        seen.lookup = undefined;
        seen.missingPart = undefined;
        // The text get() read and decoded moments ago is not decoded twice (~14 KB once rates are in).
        const stored = read !== undefined && text === read.text ? read.stored : this.decode(text ?? "");
        if (!stored) return undefined;
        if (this.now() >= stored.expiresAtMs) {
          seen.lookup = { status: "expired" };
          return undefined;
        }
        const collection = this.cachedPart(journeyId, stored.part);
        if (!collection) {
          seen.missingPart = stored.part;
          return undefined;
        }
        const before = recordOf(journeyId, stored, collection);
        const state = change(before.state);
        seen.lookup = { status: "found", journey: { ...before, state } };
        if (state === before.state) return undefined;
        const { light, collection: after } = split(state);
        if (after.collector === collection.collector && after.optionIds === collection.optionIds && after.options === collection.options) {
          return encodeJourneyValue({ ...stored, state: light } satisfies StoredJourney);
        }
        const part = this.newPartVersion();
        return {
          value: encodeJourneyValue({ ...stored, part, state: light } satisfies StoredJourney),
          alongside: [{ key: partKey(journeyId, part), value: encodeJourneyValue(after), ttlMs: Math.max(1, stored.expiresAtMs - this.now()) }],
        };
      };
      await this.store.update(journeyKey(journeyId), write, round === 0 && read !== undefined ? { lastRead: read.text } : {});
      if (seen.missingPart === undefined) return seen.lookup ?? this.gone(journeyId);
      if (!(await this.collection(journeyId, seen.missingPart))) return this.gone(journeyId);
    }
    throw new Error(`journey ${journeyId}: its collection kept changing under the update`);
  }

  /** The journey's text: the read prefetch() started moments ago if there is one, else a new read. */
  private async read(journeyId: string): Promise<string | undefined> {
    const started = take(this.prefetched, journeyId);
    if (started !== undefined && this.now() - started.atMs <= PREFETCH_MS) {
      try {
        return await started.read;
      } catch {
        // Read again below: the error the tool reports is its own read's.
      }
    }
    return this.store.get(journeyKey(journeyId));
  }

  private async gone(journeyId: string): Promise<JourneyLookup<JourneyState>> {
    const expiresAt = await this.store.get(seenKey(journeyId));
    return expiresAt !== undefined && this.now() >= Number(expiresAt) ? { status: "expired" } : { status: "not_found" };
  }

  private decode(text: string): StoredJourney | undefined {
    if (text === "") return undefined;
    const stored = decodeJourneyValue(text, { random: this.random }) as Partial<StoredJourney> | null;
    // Another version's journey is not this one's to read: the person plans again.
    if (stored?.v !== FORMAT || typeof stored.expiresAtMs !== "number" || typeof stored.createdAtMs !== "number" || typeof stored.part !== "string" || !stored.state) return undefined;
    return stored as StoredJourney;
  }

  /** The collection `part` of a journey: decoded once per instance, then from memory. */
  private async collection(journeyId: string, part: string): Promise<CollectionPart | undefined> {
    const cached = this.cachedPart(journeyId, part);
    if (cached) return cached;
    const text = await this.store.get(partKey(journeyId, part));
    if (text === undefined) return undefined;
    const decoded = decodeJourneyValue(text, { random: this.random, freeze: true }) as Partial<CollectionPart> | null;
    if (!decoded?.collector || !decoded.optionIds || !Array.isArray(decoded.options)) return undefined;
    return this.remember(journeyId, part, decoded as CollectionPart);
  }

  private remember(journeyId: string, part: string, collection: CollectionPart): CollectionPart {
    setNewest(this.parts, `${journeyId}:${part}`, collection, DECODED_PARTS);
    return collection;
  }

  private cachedPart(journeyId: string, part: string): CollectionPart | undefined {
    return useNewest(this.parts, `${journeyId}:${part}`);
  }

  private newPartVersion(): string {
    return Buffer.from(this.random(9)).toString("base64url");
  }
}

interface LastRead {
  text: string;
  stored: StoredJourney;
  atMs: number;
}

/** What changes at most on a continuation, kept apart from what changes on every call. */
type CollectionPart = Pick<JourneyState, "collector" | "optionIds" | "options">;
type LightState = Omit<JourneyState, keyof CollectionPart>;
/**
 * The light state as stored. Its `rates` are almost always the selected option's entry of
 * `loadedRates` itself (withRates puts the one object in both): stored once, that is half of the
 * ~14 KB every later call reads, decodes and writes back.
 */
type StoredLight = Omit<LightState, "rates"> & { rates: LightState["rates"] | typeof RATES_OF_SELECTED };
const RATES_OF_SELECTED = "loadedRates[selectedOptionId]";

/**
 * Collections an instance keeps, decoded or its own (about 0.35 MB each). A miss costs one read and decode of
 * ~170 KB, so this only needs to hold the journeys in use at once.
 */
const DECODED_PARTS = 256;
/**
 * A journey read this recently is worth offering as the update's starting point (a call reads it,
 * waits on the provider, then changes it); older, another instance has likely changed it. At most
 * LAST_READS are kept (~10 KB each).
 */
const LAST_READ_MS = 5_000;
const LAST_READS = 256;
/**
 * A prefetched read older than this is not taken (read again): it was started for a call that is
 * reading it now, beside a rate-limit check. At most PREFETCHES wait, for calls that never read.
 */
const PREFETCH_MS = 1_000;
const PREFETCHES = 256;
/** Rounds of an update that each found a newer collection than the one it had: continuations racing. */
const MAX_PART_FETCHES = 5;

function split(state: JourneyState): { light: StoredLight; collection: CollectionPart } {
  const { collector, optionIds, options, ...light } = state;
  const rates = light.rates !== null && light.rates === selectedRates(light) ? RATES_OF_SELECTED : light.rates;
  return { light: { ...light, rates }, collection: { collector, optionIds, options } };
}

function recordOf(journeyId: string, stored: StoredJourney, collection: CollectionPart): JourneyRecord<JourneyState> {
  const { rates, ...light } = stored.state;
  const state: JourneyState = { ...light, rates: rates === RATES_OF_SELECTED ? (selectedRates(light) ?? null) : rates, ...collection };
  return { journeyId, createdAtMs: stored.createdAtMs, expiresAtMs: stored.expiresAtMs, state };
}

function selectedRates(light: Pick<LightState, "selectedOptionId" | "loadedRates">): LightState["rates"] | undefined {
  return light.selectedOptionId === null ? undefined : light.loadedRates[light.selectedOptionId];
}

const journeyKey = (journeyId: string): string => `${JOURNEY_NAMESPACE}:${journeyId}`;
const partKey = (journeyId: string, part: string): string => `${JOURNEY_PART_NAMESPACE}:${journeyId}:${part}`;
const seenKey = (journeyId: string): string => `${JOURNEY_SEEN_NAMESPACE}:${journeyId}`;

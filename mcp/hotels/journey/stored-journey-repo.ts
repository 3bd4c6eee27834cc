import { randomBytes } from "node:crypto";
import { setNewest, take, useNewest } from "../../../shared/bounded-map.js";
import { isRef, newRef, type RandomBytes } from "../../../shared/refs.js";
import type { Clock } from "../../../shared/time.js";
import type { SharedStore } from "../store/types.js";
import { decodeJourneyValue, encodeJourneyValue, freezeJourneyValue } from "./codec.js";
import type { JourneyRepo, JourneyRepoOptions } from "./journey-repo.js";
import type { LoadedRates } from "./rates.js";
import type { JourneyState } from "./state.js";
import { JOURNEY_TTL_MS, MAX_JOURNEYS, type JourneyLookup, type JourneyRecord } from "./store.js";
import type { JourneyCashback } from "./value.js";

export const JOURNEY_NAMESPACE = "journey";
export const JOURNEY_SEEN_NAMESPACE = "journey-seen";
export const JOURNEY_PART_NAMESPACE = "journey-part";
export const JOURNEY_SIDE_NAMESPACE = "journey-side";
/**
 * How long after its expiry a journey still answers journey_expired rather than journey_not_found.
 * The journey itself is gone from the store at its TTL; only a tombstone (its expiry time) stays.
 */
export const EXPIRED_MEMORY_MS = 24 * 60 * 60_000;
/**
 * The memory store's caps, for journeys kept in it encoded (StoredJourneyRepo over a memory store).
 * A continuation leaves its earlier collection to expire: room for two per journey. Side parts are
 * a few KB each: room for a journey's rates for several hotels and its cashback twice.
 */
export const JOURNEY_STORE_CAPS: Readonly<Record<string, number>> = {
  [JOURNEY_NAMESPACE]: MAX_JOURNEYS,
  [JOURNEY_PART_NAMESPACE]: 2 * MAX_JOURNEYS,
  [JOURNEY_SIDE_NAMESPACE]: 16 * MAX_JOURNEYS,
};
/** Bumped when the stored shape changes: an instance never misreads another version's journey. */
const FORMAT = 4;

// Journeys in the shared store, so any instance answers any call. Per journey:
//   journey:<id>                 what changes call by call (small): selection, inspection, request,
//                                and the versions of its parts; PX = its lifetime (60 minutes from
//                                creation, not sliding);
//   journey-part:<id>:<version>  its collection (collector, optionIds, options: the large part);
//   journey-side:<id>:<version>  each hotel's loaded rates and the plan's cashback;
//   journey-seen:<id>            its expiry time, kept EXPIRED_MEMORY_MS longer.
// A part is never changed: a new value (a continuation's collection, another hotel's rates) is a new
// version, written before (create, with the same TTL) or in the same transaction as (update, living
// at least as long as it) the journey key naming it. Every call reads and most
// rewrite the first key, while a part is written once; each instance decodes a version once (or
// keeps the one it wrote) and keeps it, frozen, for the calls after: each call then reads, decodes
// and writes only the small first key (figures: docs/performance.md).
// A missing journey with a tombstone past its time is `expired`; without one (or evicted early, when
// the memory store or Redis' maxmemory made room, or a part of it was) it is `not_found`. Changes
// are read-modify-write through SharedStore.update, so instances updating one journey never lose
// each other's change.
export class StoredJourneyRepo implements JourneyRepo {
  private readonly store: SharedStore;
  private readonly ttlMs: number;
  private readonly now: Clock;
  private readonly random: RandomBytes;
  // Parts by `<journeyId>:<version>`, least recently used first: collections apart from the small
  // side parts, so many rates never push out the collections they go with.
  private readonly collections = new Map<string, CollectionPart>();
  private readonly sides = new Map<string, SidePart>();
  // Which side part value is which `<journeyId>:<version>`: an unchanged one is named, never rewritten.
  // (A collection is three fields of the state: split() compares them with the one it was read with.)
  private readonly versions = new WeakMap<object, string>();
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
    const { light, parts, fresh } = this.split(record.journeyId, state, undefined);
    // The parts first: a reader never finds the journey naming a part that is not there yet.
    await Promise.all(fresh.map((f) => this.store.set(f.write.key, f.write.value, this.ttlMs)));
    const stored: StoredJourney = { v: FORMAT, createdAtMs, expiresAtMs: record.expiresAtMs, parts, state: light };
    await Promise.all([
      this.store.set(seenKey(record.journeyId), String(record.expiresAtMs), this.ttlMs + EXPIRED_MEMORY_MS),
      this.store.set(journeyKey(record.journeyId), encodeJourneyValue(stored), this.ttlMs),
    ]);
    this.keep(record.journeyId, fresh);
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
    // Frozen (decoded so): update() may start from this very object, so nothing may change it meanwhile.
    setNewest(this.lastReads, journeyId, { text, stored, atMs: this.now() }, LAST_READS);
    if (this.now() >= stored.expiresAtMs) return { status: "expired" };
    const assembled = this.assemble(journeyId, stored);
    if (!("missing" in assembled)) return { status: "found", journey: assembled };
    if (!(await this.fetchParts(journeyId, assembled.missing))) return this.gone(journeyId);
    const again = this.assemble(journeyId, stored);
    return "missing" in again ? this.gone(journeyId) : { status: "found", journey: again };
  }

  async update(journeyId: string, change: (state: JourneyState) => JourneyState): Promise<JourneyLookup<JourneyState>> {
    // `change` runs inside the store's synchronous read-modify-write, so the parts it needs must
    // already be decoded here; when another instance has just written new ones, fetch them and go again.
    // A call reads its journey, then changes it: the store may start from that read (a hint only).
    // A read started before this write must not answer a get() after it.
    this.prefetched.delete(journeyId);
    const taken = take(this.lastReads, journeyId);
    const read = taken !== undefined && this.now() - taken.atMs <= LAST_READ_MS ? taken : undefined;
    for (let round = 0; round < MAX_PART_FETCHES; round += 1) {
      // Set by the last run of `change`, the only one whose answer the store may have kept.
      const seen: { lookup?: JourneyLookup<JourneyState>; missing?: PartRef[]; written?: { value: string; fresh: FreshPart[] } } = {};
      const write = (text: string | undefined) => {
        seen.lookup = undefined;
        seen.missing = undefined;
        seen.written = undefined;
        // The text get() read and decoded moments ago is not decoded twice.
        const stored = read !== undefined && text === read.text ? read.stored : this.decode(text ?? "");
        if (!stored) return undefined;
        if (this.now() >= stored.expiresAtMs) {
          seen.lookup = { status: "expired" };
          return undefined;
        }
        const before = this.assemble(journeyId, stored);
        if ("missing" in before) {
          seen.missing = before.missing;
          return undefined;
        }
        const state = change(before.state);
        seen.lookup = { status: "found", journey: { ...before, state } };
        if (state === before.state) return undefined;
        const { light, parts, fresh } = this.split(journeyId, state, stored.parts);
        const value = encodeJourneyValue({ ...stored, parts, state: light } satisfies StoredJourney);
        seen.written = { value, fresh };
        if (fresh.length === 0) return value;
        const ttlMs = Math.max(1, stored.expiresAtMs - this.now());
        return { value, alongside: fresh.map((f) => ({ ...f.write, ttlMs })) };
      };
      const held = await this.store.update(journeyKey(journeyId), write, round === 0 && read !== undefined ? { lastRead: read.text } : {});
      // No key (gone from the start, or expired or evicted after a run that meant to write): nothing was written.
      if (held === undefined) return this.gone(journeyId);
      // Only the run whose value the store now holds wrote its parts (an earlier one lost its compare-and-set).
      if (seen.written !== undefined && held === seen.written.value) this.keep(journeyId, seen.written.fresh);
      if (seen.missing === undefined) return seen.lookup ?? this.gone(journeyId);
      if (!(await this.fetchParts(journeyId, seen.missing))) return this.gone(journeyId);
    }
    throw new Error(`journey ${journeyId}: its parts kept changing under the update`);
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
    const stored = decodeJourneyValue(text, { random: this.random, freeze: true }) as Partial<StoredJourney> | null;
    // Another version's journey is not this one's to read: the person plans again.
    if (stored?.v !== FORMAT || typeof stored.expiresAtMs !== "number" || typeof stored.createdAtMs !== "number" || !isPartRefs(stored.parts) || !stored.state) return undefined;
    return stored as StoredJourney;
  }

  /** The journey from its stored text and the parts this instance holds, or the parts it lacks. */
  private assemble(journeyId: string, stored: StoredJourney): JourneyRecord<JourneyState> | { missing: PartRef[] } {
    const missing: PartRef[] = [];
    const collection = useNewest(this.collections, `${journeyId}:${stored.parts.collection}`);
    if (!collection) missing.push({ kind: "collection", version: stored.parts.collection });
    const side = (version: string): SidePart | undefined => {
      const value = useNewest(this.sides, `${journeyId}:${version}`);
      if (value === undefined) missing.push({ kind: "side", version });
      return value;
    };
    const cashback = stored.parts.cashback === undefined ? undefined : side(stored.parts.cashback);
    const loadedRates: Record<string, LoadedRates> = {};
    for (const [optionId, version] of Object.entries(stored.parts.rates)) loadedRates[optionId] = side(version) as LoadedRates;
    if (missing.length > 0 || !collection) return { missing };
    const { rates, ...light } = stored.state;
    const selected = light.selectedOptionId === null ? undefined : loadedRates[light.selectedOptionId];
    const state: JourneyState = {
      ...light,
      rates: rates === RATES_OF_SELECTED ? (selected ?? null) : rates,
      loadedRates: Object.freeze(loadedRates),
      ...(cashback === undefined ? {} : { cashback: cashback as JourneyCashback }),
      ...collection,
    };
    return { journeyId, createdAtMs: stored.createdAtMs, expiresAtMs: stored.expiresAtMs, state };
  }

  /** Reads and decodes the parts named (in one round trip on Redis); false when one is gone. */
  private async fetchParts(journeyId: string, refs: readonly PartRef[]): Promise<boolean> {
    const texts = await Promise.all(refs.map((ref) => this.store.get(ref.kind === "collection" ? partKey(journeyId, ref.version) : sideKey(journeyId, ref.version))));
    for (const [i, ref] of refs.entries()) {
      const text = texts[i];
      if (text === undefined) return false;
      const decoded = decodeJourneyValue(text, { random: this.random, freeze: true });
      if (ref.kind === "side") {
        if (typeof decoded !== "object" || decoded === null) return false;
        this.remember(journeyId, ref, decoded as SidePart);
        continue;
      }
      const collection = decoded as Partial<CollectionPart> | null;
      if (!collection?.collector || !collection.optionIds || !Array.isArray(collection.options)) return false;
      this.remember(journeyId, ref, collection as CollectionPart);
    }
    return true;
  }

  private remember(journeyId: string, ref: PartRef, value: CollectionPart | SidePart): void {
    const key = `${journeyId}:${ref.version}`;
    if (ref.kind === "collection") {
      setNewest(this.collections, key, value as CollectionPart, DECODED_COLLECTIONS);
      return;
    }
    setNewest(this.sides, key, value as SidePart, DECODED_SIDES);
    this.versions.set(value, key);
  }

  /**
   * The parts a write committed, frozen and kept like decoded ones: this instance's later calls
   * see what others read, and never re-read or rewrite them.
   */
  private keep(journeyId: string, fresh: readonly FreshPart[]): void {
    for (const f of fresh) this.remember(journeyId, f.ref, freezeJourneyValue(f.value));
  }

  /**
   * The state as stored: the light part, the versions of its parts, and the new parts to write.
   * A part this instance holds for this journey keeps its version. Only computes: `write` may run
   * more than once, and a part counts as stored only once its write commits (keep()).
   */
  private split(journeyId: string, state: JourneyState, before: PartRefs | undefined): { light: StoredLight; parts: PartRefs; fresh: FreshPart[] } {
    const { collector, optionIds, options, loadedRates, cashback, ...rest } = state;
    const fresh: FreshPart[] = [];
    const versionOf = (kind: PartRef["kind"], value: CollectionPart | SidePart): string => {
      const key = this.versions.get(value);
      if (key?.startsWith(`${journeyId}:`) === true) return key.slice(journeyId.length + 1);
      const version = this.newPartVersion();
      fresh.push({ ref: { kind, version }, value, write: { key: kind === "collection" ? partKey(journeyId, version) : sideKey(journeyId, version), value: encodeJourneyValue(value) } });
      return version;
    };
    const kept = before === undefined ? undefined : useNewest(this.collections, `${journeyId}:${before.collection}`);
    const same = kept !== undefined && kept.collector === collector && kept.optionIds === optionIds && kept.options === options;
    const parts: PartRefs = {
      collection: same && before !== undefined ? before.collection : versionOf("collection", { collector, optionIds, options }),
      rates: Object.fromEntries(Object.entries(loadedRates).map(([optionId, rates]) => [optionId, versionOf("side", rates)])),
      ...(cashback === undefined ? {} : { cashback: versionOf("side", cashback) }),
    };
    const selected = rest.selectedOptionId === null ? undefined : loadedRates[rest.selectedOptionId];
    const rates = rest.rates !== null && rest.rates === selected ? RATES_OF_SELECTED : rest.rates;
    return { light: { ...rest, rates }, parts, fresh };
  }

  private newPartVersion(): string {
    return Buffer.from(this.random(9)).toString("base64url");
  }
}

interface StoredJourney {
  v: typeof FORMAT;
  createdAtMs: number;
  expiresAtMs: number;
  parts: PartRefs;
  state: StoredLight;
}

/** The versions of a journey's parts. */
interface PartRefs {
  collection: string;
  /** By optionId: the rates loaded for that hotel (JourneyState.loadedRates). */
  rates: Record<string, string>;
  cashback?: string;
}

interface PartRef {
  kind: "collection" | "side";
  version: string;
}

/** A part a write brings: kept once the write commits. */
interface FreshPart {
  ref: PartRef;
  value: CollectionPart | SidePart;
  write: { key: string; value: string };
}

function isPartRefs(value: unknown): value is PartRefs {
  if (typeof value !== "object" || value === null) return false;
  const refs = value as Partial<PartRefs>;
  return (
    typeof refs.collection === "string" &&
    typeof refs.rates === "object" &&
    refs.rates !== null &&
    Object.values(refs.rates).every((v) => typeof v === "string") &&
    (refs.cashback === undefined || typeof refs.cashback === "string")
  );
}

interface LastRead {
  text: string;
  stored: StoredJourney;
  atMs: number;
}

/** What changes at most on a continuation. */
type CollectionPart = Pick<JourneyState, "collector" | "optionIds" | "options">;
type SidePart = LoadedRates | JourneyCashback;
type LightState = Omit<JourneyState, keyof CollectionPart | "loadedRates" | "cashback">;
/** The light state as stored: its `rates` are almost always the selected option's loaded rates (withRates puts the one object in both). */
type StoredLight = Omit<LightState, "rates"> & { rates: LightState["rates"] | typeof RATES_OF_SELECTED };
const RATES_OF_SELECTED = "loadedRates[selectedOptionId]";

/**
 * Collections an instance keeps, decoded or its own. A miss costs one read and decode of a
 * collection, so this only needs to hold the journeys in use at once.
 */
const DECODED_COLLECTIONS = 256;
/** Side parts an instance keeps (a few KB each): rates for a few hotels and a cashback per journey in use. */
const DECODED_SIDES = 2048;
/**
 * A journey read this recently is worth offering as the update's starting point (a call reads it,
 * waits on the provider, then changes it); older, another instance has likely changed it. At most
 * LAST_READS are kept (~2 KB each).
 */
const LAST_READ_MS = 5_000;
const LAST_READS = 256;
/**
 * A prefetched read older than this is not taken (read again): it was started for a call that is
 * reading it now, beside a rate-limit check. At most PREFETCHES wait, for calls that never read.
 */
const PREFETCH_MS = 1_000;
const PREFETCHES = 256;
/** Rounds of an update that each found newer parts than the ones it had: changes racing. */
const MAX_PART_FETCHES = 5;

const journeyKey = (journeyId: string): string => `${JOURNEY_NAMESPACE}:${journeyId}`;
const partKey = (journeyId: string, version: string): string => `${JOURNEY_PART_NAMESPACE}:${journeyId}:${version}`;
const sideKey = (journeyId: string, version: string): string => `${JOURNEY_SIDE_NAMESPACE}:${journeyId}:${version}`;
const seenKey = (journeyId: string): string => `${JOURNEY_SEEN_NAMESPACE}:${journeyId}`;

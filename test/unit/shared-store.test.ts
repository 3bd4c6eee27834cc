import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Collector, type SearchRequest } from "../../mcp/hotels/journey/collect.js";
import { decodeJourneyValue, encodeJourneyValue, freezeJourneyValue, JourneyCodecError } from "../../mcp/hotels/journey/codec.js";
import { parsePlanStayInput } from "../../mcp/hotels/journey/input.js";
import { createJourneyRepo } from "../../mcp/hotels/journey/journey-repo.js";
import { EXPIRED_MEMORY_MS, JOURNEY_STORE_CAPS, StoredJourneyRepo } from "../../mcp/hotels/journey/stored-journey-repo.js";
import { buildOptions, OptionIdRegistry } from "../../mcp/hotels/journey/options.js";
import type { JourneySearchPage } from "../../mcp/hotels/journey/provider-shapes.js";
import { normalizeRates } from "../../mcp/hotels/journey/rates.js";
import { newJourneyState, withRates, withSelectedOption, type JourneyState } from "../../mcp/hotels/journey/state.js";
import { JOURNEY_TTL_MS, MAX_JOURNEYS } from "../../mcp/hotels/journey/store.js";
import { createSharedStore } from "../../mcp/hotels/store/index.js";
import { MemorySharedStore } from "../../mcp/hotels/store/memory.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";
import { journeyHotel } from "../fixtures/journey-items.js";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("memory store on an injected clock", () => {
  it("a value lives exactly its TTL", async () => {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now });
    await store.set("k", "v", 1000);
    c.advance(999);
    expect(await store.get("k")).toBe("v");
    c.advance(1);
    expect(await store.get("k")).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("a fixed window resets at its first hit's time plus the window", async () => {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now });
    expect(await store.hit("rl:x", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    c.advance(59_000);
    expect(await store.hit("rl:x", 60_000)).toEqual({ count: 2, resetInMs: 1000 });
    c.advance(1000);
    expect(await store.hit("rl:x", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(await store.hit("rl:y", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it("concurrent updates of one key are applied one after another", async () => {
    const store = new MemorySharedStore({ now: clock().now });
    await store.set("n", "0", 60_000);
    await Promise.all(Array.from({ length: 100 }, () => store.update("n", (c) => String(Number(c) + 1))));
    expect(await store.get("n")).toBe("100");
  });

  it("a full namespace drops its entry closest to expiry, and only its own", async () => {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now, maxEntries: 100, maxEntriesByNamespace: { journey: 2 } });
    await store.set("rl:a", "1", 10);
    await store.set("journey:late", "L", 3000);
    await store.set("journey:early", "E", 1000);
    await store.set("journey:new", "N", 2000);
    expect(await store.get("journey:early")).toBeUndefined();
    expect(await store.get("journey:late")).toBe("L");
    expect(await store.get("journey:new")).toBe("N");
    expect(await store.get("rl:a")).toBe("1");
    // Rewriting a key already there makes no room.
    await store.set("journey:new", "N2", 2000);
    expect(await store.get("journey:late")).toBe("L");
  });

  it("expired entries make room before a live one is dropped", async () => {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now, maxEntriesByNamespace: { journey: 2 } });
    await store.set("journey:old", "O", 10);
    await store.set("journey:live", "L", 10_000);
    c.advance(10);
    await store.set("journey:next", "N", 5000);
    expect(await store.get("journey:live")).toBe("L");
  });

  it("refuses caps that bound nothing, and every call once closed", async () => {
    expect(() => new MemorySharedStore({ maxEntries: 0 })).toThrow(RangeError);
    expect(() => new MemorySharedStore({ maxEntriesByNamespace: { journey: 1.5 } })).toThrow(RangeError);
    const store = new MemorySharedStore();
    await store.close();
    await expect(store.ping()).rejects.toThrow("closed");
    await expect(store.get("k")).rejects.toThrow("closed");
  });

  it("createSharedStore's memory store bounds encoded journeys like the in-process ones", () => {
    expect(JOURNEY_STORE_CAPS).toEqual({ journey: MAX_JOURNEYS, "journey-part": 2 * MAX_JOURNEYS, "journey-side": 16 * MAX_JOURNEYS });
    expect(createSharedStore(undefined)).toBeInstanceOf(MemorySharedStore);
  });
});

// No distance from the provider unless given: the journey then holds NaN, as production does.
const hotel = (id: string, extra: Partial<ProviderHotelItem> = {}) => journeyHotel(id, { distanceToCenterKm: undefined, ...extra });

const page = (from: number, nextOffset: number | null): JourneySearchPage => ({
  searchId: "s1",
  // No distance from the provider: the journey holds NaN, as production does.
  items: [hotel(`h${from}`), hotel(`h${from + 1}`, { distanceToCenterKm: 2.5 })],
  nextOffset,
  isLoadingCompleted: nextOffset === null,
  totalCount: 6,
});

function collected(pages: number): Collector {
  const c = new Collector({ plan: { maxRequests: pages, budgetMs: 10_000 } });
  for (let req: SearchRequest | null; (req = c.next(0)); ) c.accept(page(req.offset, req.offset + 2 < 6 ? req.offset + 2 : null));
  return c;
}

function journeyState(random = randomBytes): JourneyState {
  const parsed = parsePlanStayInput({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", rooms: [{ adults: 2, childrenAges: [] }] }, "2027-03-01");
  if (!parsed.ok) throw new Error("fixture request");
  const collector = collected(2);
  const optionIds = new OptionIdRegistry(random);
  const options = buildOptions(collector.items(), parsed.value.nights, optionIds);
  const destination = { destinationId: "kzn", name: "Казань", region: "Татарстан", country: "Россия" };
  return newJourneyState({ request: parsed.value, destination, ranking: "provider_order", collector, optionIds, options });
}

describe("journey codec", () => {
  it("brings back NaN, infinities and undefined, in objects and arrays", () => {
    const value = { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, ninf: Number.NEGATIVE_INFINITY, missing: undefined, list: [1, undefined, Number.NaN, null], nested: { text: "$t" } };
    const back = decodeJourneyValue(encodeJourneyValue(value));
    expect(back).toStrictEqual(value);
    expect(Object.hasOwn(back as object, "missing")).toBe(true);
  });

  it("a journey comes back equal, classes and all, and its collector resumes where it stopped", () => {
    const random = randomBytes;
    const state = journeyState(random);
    expect(Number.isNaN(state.options[0]!.public.distanceToCenterKm)).toBe(true);
    const back = decodeJourneyValue(encodeJourneyValue(state), { random }) as JourneyState;
    expect(back).toStrictEqual(state);
    expect(back.collector).toBeInstanceOf(Collector);
    expect(back.collector.coverage()).toEqual(state.collector.coverage());
    // Both continue identically: same next request, same ids for the same hotels.
    expect(back.collector.beginContinuation()).toBe(state.collector.beginContinuation());
    expect(back.collector.next(0)).toEqual(state.collector.next(0));
    expect(back.optionIds.idFor(state.options[1]!.dedupeKey)).toBe(state.options[1]!.public.optionId);
    expect(back.optionIds.size).toBe(state.optionIds.size);
  });

  it("encodes a frozen value without touching it, tags at any depth included", () => {
    const value = freezeJourneyValue({ list: [{ d: Number.NaN, keep: "x" }, [undefined, 1]], clean: { a: [1, "b"], c: null }, top: Number.NEGATIVE_INFINITY });
    const text = encodeJourneyValue(value);
    expect(decodeJourneyValue(text)).toStrictEqual(value);
    expect(Number.isNaN((value.list[0] as { d: number }).d)).toBe(true);
    expect(JSON.parse(text)).toEqual({ list: [{ d: { $t: "NaN" }, keep: "x" }, [{ $t: "undefined" }, 1]], clean: { a: [1, "b"], c: null }, top: { $t: "-Infinity" } });
  });

  it("refuses what it cannot bring back instead of writing {}", () => {
    expect(() => encodeJourneyValue({ m: new Map([["a", 1]]) })).toThrow(JourneyCodecError);
    expect(() => encodeJourneyValue({ f: () => 1 })).toThrow(JourneyCodecError);
    expect(() => encodeJourneyValue({ $t: "NaN" })).toThrow(JourneyCodecError);
  });
});

describe("journeys kept encoded in a store (StoredJourneyRepo)", () => {
  function setup() {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now, maxEntriesByNamespace: JOURNEY_STORE_CAPS });
    return { c, store, repo: new StoredJourneyRepo(store, { now: c.now }) };
  }

  it("lives 60 minutes from creation, not from its last use", async () => {
    const { c, repo } = setup();
    const { journeyId, createdAtMs, expiresAtMs } = await repo.create(journeyState());
    expect(journeyId).toMatch(/^jrn_/);
    expect(expiresAtMs - createdAtMs).toBe(JOURNEY_TTL_MS);
    c.advance(JOURNEY_TTL_MS - 1);
    expect((await repo.update(journeyId, (s) => withSelectedOption(s, s.options[0]!.public.optionId))).status).toBe("found");
    c.advance(1);
    expect(await repo.get(journeyId)).toEqual({ status: "expired" });
  });

  it("an expired journey answers expired for a day after, then not_found; an unknown one not_found", async () => {
    const { c, repo, store } = setup();
    const { journeyId } = await repo.create(journeyState());
    c.advance(JOURNEY_TTL_MS);
    // The store dropped the journey itself at its TTL: only the tombstone says it existed.
    expect(await store.get(`journey:${journeyId}`)).toBeUndefined();
    expect(await repo.get(journeyId)).toEqual({ status: "expired" });
    expect(await repo.update(journeyId, (s) => s)).toEqual({ status: "expired" });
    c.advance(EXPIRED_MEMORY_MS - 1);
    expect(await repo.get(journeyId)).toEqual({ status: "expired" });
    c.advance(1);
    expect(await repo.get(journeyId)).toEqual({ status: "not_found" });
    expect(await repo.get("jrn_AAAAAAAAAAAAAAAAAAAAAA")).toEqual({ status: "not_found" });
  });

  it("a journey evicted before its time is not_found, not expired", async () => {
    const { repo, store } = setup();
    const { journeyId } = await repo.create(journeyState());
    await store.del(`journey:${journeyId}`);
    expect(await repo.get(journeyId)).toEqual({ status: "not_found" });
  });

  it("updates read the latest state, so concurrent changes all land", async () => {
    const { repo } = setup();
    const { journeyId } = await repo.create(journeyState());
    await Promise.all(Array.from({ length: 20 }, (_, i) => repo.update(journeyId, (s) => ({ ...s, lastComparisonGroup: [...(s.lastComparisonGroup ?? []), `opt_${i}`] }))));
    const found = await repo.get(journeyId);
    expect(found.status === "found" && found.journey.state.lastComparisonGroup?.length).toBe(20);
  });

  it("an unchanged state writes nothing", async () => {
    const { repo, store } = setup();
    const { journeyId } = await repo.create(journeyState());
    const before = await store.get(`journey:${journeyId}`);
    const same = await repo.update(journeyId, (s) => s);
    expect(same.status).toBe("found");
    expect(await store.get(`journey:${journeyId}`)).toBe(before);
  });

  it("a journey written in another format is not read", async () => {
    const { repo, store } = setup();
    const { journeyId } = await repo.create(journeyState());
    await store.update(`journey:${journeyId}`, (text) => text?.replace(/"v":\d+/, '"v":0'));
    expect(await repo.get(journeyId)).toEqual({ status: "not_found" });
  });

  it("a journey whose collection was evicted is not_found", async () => {
    const { c, repo, store } = setup();
    const { journeyId } = await repo.create(journeyState());
    const part = partKeyOf(await store.get(`journey:${journeyId}`), journeyId);
    await store.del(part);
    // Another instance, which has not decoded it yet.
    expect(await new StoredJourneyRepo(store, { now: c.now }).get(journeyId)).toEqual({ status: "not_found" });
  });
});

/** The key of the collection a stored journey names. */
function partKeyOf(text: string | undefined, journeyId: string): string {
  const part = (JSON.parse(text ?? "{}") as { parts?: { collection?: unknown } }).parts?.collection;
  if (typeof part !== "string") throw new Error("no part in the stored journey");
  return `journey-part:${journeyId}:${part}`;
}

/** The keys of the side parts (rates by hotel, cashback) a stored journey names. */
function sideKeysOf(text: string | undefined, journeyId: string): { rates: Record<string, string>; cashback?: string } {
  const parts = (JSON.parse(text ?? "{}") as { parts?: { rates?: Record<string, string>; cashback?: string } }).parts;
  if (!parts?.rates) throw new Error("no parts in the stored journey");
  const key = (version: string) => `journey-side:${journeyId}:${version}`;
  return { rates: Object.fromEntries(Object.entries(parts.rates).map(([o, v]) => [o, key(v)])), ...(parts.cashback === undefined ? {} : { cashback: key(parts.cashback) }) };
}

// The collection (collector, optionIds, options: ~180 KB in Kazan) is stored apart from what every
// call changes, and each instance decodes a version of it once (bench:http: decoding and re-encoding
// the whole journey on every call cost 17 ms of CPU per call).
describe("a journey's collection in a shared store", () => {
  function counting() {
    const c = clock();
    const store = new MemorySharedStore({ now: c.now, maxEntriesByNamespace: JOURNEY_STORE_CAPS });
    const reads: string[] = [];
    const get = store.get.bind(store);
    store.get = (key: string) => {
      reads.push(key);
      return get(key);
    };
    return { c, store, reads };
  }

  it("is read once per other instance however many calls follow, and calls that change the selection do not rewrite it", async () => {
    const { store, reads } = counting();
    const a = new StoredJourneyRepo(store);
    const b = new StoredJourneyRepo(store);
    const { journeyId, state } = await a.create(journeyState());
    const part = partKeyOf(await store.get(`journey:${journeyId}`), journeyId);
    const written = await store.get(part);
    for (const [i, repo] of [a, b, a, b, a, b].entries()) {
      const optionId = state.options[i % state.options.length]!.public.optionId;
      expect((await repo.update(journeyId, (s) => withSelectedOption(s, optionId))).status).toBe("found");
      const found = await repo.get(journeyId);
      expect(found.status === "found" && found.journey.state.selectedOptionId).toBe(optionId);
      expect(found.status === "found" && found.journey.state.options.map((o) => o.public.optionId)).toEqual(state.options.map((o) => o.public.optionId));
    }
    // b once, and the test's own read above: a keeps the collection it wrote.
    expect(reads.filter((k) => k === part)).toHaveLength(2);
    expect(await store.get(part)).toBe(written);
  });

  const loaded = (n: number) =>
    normalizeRates(
      Array.from({ length: 6 }, (_, i) => ({ rateId: `r${n}-${i}`, bookHash: `bh${n}-${i}`, roomName: `Номер ${n}-${i}`, mealName: null, price: { value: 10_000 + i, currency: "RUB" }, cancellation: { freeCancellationUntil: null, penaltyAfter: null }, paymentType: "prepay" })),
      2,
    );
  const cashbackOf = (state: JourneyState, percent: number) => ({ percents: Object.fromEntries(state.options.map((o) => [o.public.optionId, percent])), max: null, unavailable: false });

  it("keeps each hotel's rates and the cashback in parts of their own, written once: the journey every call reads holds none of them, and every instance reads them back", async () => {
    const { store } = counting();
    const written: string[] = [];
    const update = store.update.bind(store);
    store.update = async (key, change, options) =>
      update(
        key,
        (current) => {
          const next = change(current);
          written.splice(0, written.length, ...(typeof next === "object" ? next.alongside.map((w) => w.key) : []));
          return next;
        },
        options,
      );
    const a = new StoredJourneyRepo(store);
    const b = new StoredJourneyRepo(store);
    const base = journeyState();
    const { journeyId, state } = await a.create({ ...base, cashback: cashbackOf(base, 7) });
    const [first, second] = state.options.map((o) => o.public.optionId) as [string, string];
    await a.update(journeyId, (s) => withRates(withSelectedOption(s, first), loaded(1)));
    expect(written).toHaveLength(1);
    await b.update(journeyId, (s) => withRates(withSelectedOption(s, second), loaded(2)));
    // Only the new hotel's rates: the first hotel's and the cashback keep their versions.
    expect(written).toHaveLength(1);
    const text = (await store.get(`journey:${journeyId}`)) ?? "";
    expect(text).not.toContain('"r1-0"');
    expect(text).not.toContain('"r2-0"');
    expect(text).not.toContain('"percents"');
    const sides = sideKeysOf(text, journeyId);
    expect(Object.keys(sides.rates).sort()).toEqual([first, second].sort());
    expect(await store.get(sides.rates[first]!)).toContain('"r1-0"');
    expect(await store.get(sides.cashback!)).toContain('"percents"');
    for (const repo of [a, b, new StoredJourneyRepo(store)]) {
      const found = await repo.get(journeyId);
      if (found.status !== "found") throw new Error(found.status);
      expect(found.journey.state.rates).toEqual(loaded(2));
      expect(found.journey.state.rates).toBe(found.journey.state.loadedRates[second]);
      expect(found.journey.state.loadedRates[first]).toEqual(loaded(1));
      expect(found.journey.state.cashback).toEqual(cashbackOf(base, 7));
    }
    // A call that changes only the selection writes no part.
    await b.update(journeyId, (s) => withSelectedOption(s, first));
    expect(written).toEqual([]);
    const back = await a.get(journeyId);
    // Selecting the first option again clears rates (withSelectedOption): stored as null, read as null.
    expect(back.status === "found" && back.journey.state.rates).toBeNull();
    expect(back.status === "found" && back.journey.state.loadedRates[first]).toEqual(loaded(1));
    // A new cashback (a continuation's) is a new part.
    await a.update(journeyId, (s) => ({ ...s, cashback: cashbackOf(s, 3) }));
    expect(written).toHaveLength(1);
    const again = await new StoredJourneyRepo(store).get(journeyId);
    expect(again.status === "found" && again.journey.state.cashback).toEqual(cashbackOf(base, 3));
  });

  it("a part whose write lost the compare-and-set is written again by the round that wins, never named unwritten", async () => {
    const { store } = counting();
    const update = store.update.bind(store);
    // Redis runs `change` again when another instance wrote in between: the first run's answer is dropped.
    store.update = async (key, change, options) => {
      change(await store.get(key));
      return update(key, change, options);
    };
    const repo = new StoredJourneyRepo(store);
    const { journeyId, state } = await repo.create(journeyState());
    const [optionId, other] = state.options.map((o) => o.public.optionId) as [string, string];
    const rates = loaded(1);
    await repo.update(journeyId, (s) => withRates(withSelectedOption(s, optionId), rates));
    // The same instance's next change names the rates the winning round wrote.
    await repo.update(journeyId, (s) => withSelectedOption(s, other));
    const text = await store.get(`journey:${journeyId}`);
    expect(await store.get(sideKeysOf(text, journeyId).rates[optionId]!)).toContain('"r1-0"');
    const elsewhere = await new StoredJourneyRepo(store).get(journeyId);
    expect(elsewhere.status === "found" && elsewhere.journey.state.loadedRates[optionId]).toEqual(rates);
    // What the writer keeps is frozen like what others decode.
    expect(() => Object.assign(rates, { status: "changed" })).toThrow(TypeError);
  });

  it("a change whose journey vanished before it could be written is reported gone, not found", async () => {
    const { store } = counting();
    const repo = new StoredJourneyRepo(store);
    const { journeyId, state } = await repo.create(journeyState());
    const update = store.update.bind(store);
    // The compare-and-set of a run that meant to write fails because the key expired meanwhile.
    store.update = async (key, change, options) => {
      change(await store.get(key));
      await store.del(key);
      return update(key, change, options);
    };
    const lookup = await repo.update(journeyId, (s) => withRates(withSelectedOption(s, state.options[0]!.public.optionId), loaded(1)));
    expect(lookup.status).toBe("not_found");
  });

  it("parts live as long as the journey naming them, even written by an instance whose clock runs ahead", async () => {
    const { c, store } = counting();
    const { journeyId, state } = await new StoredJourneyRepo(store, { now: c.now }).create(journeyState());
    c.advance(30 * 60_000);
    const ahead = new StoredJourneyRepo(store, { now: () => c.now() + 60_000 });
    await ahead.update(journeyId, (s) => withRates(withSelectedOption(s, state.options[0]!.public.optionId), loaded(1)));
    c.advance(30 * 60_000 - 1);
    expect((await new StoredJourneyRepo(store, { now: c.now }).get(journeyId)).status).toBe("found");
    c.advance(1);
    expect(await new StoredJourneyRepo(store, { now: c.now }).get(journeyId)).toEqual({ status: "expired" });
  });

  it("a journey whose rates part was evicted is not_found on an instance that never read it", async () => {
    const { store } = counting();
    const repo = new StoredJourneyRepo(store);
    const { journeyId, state } = await repo.create(journeyState());
    const optionId = state.options[0]!.public.optionId;
    await repo.update(journeyId, (s) => withRates(withSelectedOption(s, optionId), loaded(1)));
    await store.del(sideKeysOf(await store.get(`journey:${journeyId}`), journeyId).rates[optionId]!);
    expect((await repo.get(journeyId)).status).toBe("found");
    expect(await new StoredJourneyRepo(store).get(journeyId)).toEqual({ status: "not_found" });
  });

  it("an update offers the store the text the call read moments before, once, and not an old one", async () => {
    const { c, store } = counting();
    const offered: (string | undefined)[] = [];
    const update = store.update.bind(store);
    store.update = (key, change, options) => {
      offered.push(options?.lastRead);
      return update(key, change, options);
    };
    const repo = new StoredJourneyRepo(store, { now: c.now });
    const { journeyId, state } = await repo.create(journeyState());
    const optionId = state.options[0]!.public.optionId;
    await repo.get(journeyId);
    const read = await store.get(`journey:${journeyId}`);
    await repo.update(journeyId, (s) => withSelectedOption(s, optionId));
    // Taken once: the next update without a get of its own reads afresh.
    await repo.update(journeyId, (s) => withSelectedOption(s, state.options[1]!.public.optionId));
    await repo.get(journeyId);
    c.advance(60_000);
    await repo.update(journeyId, (s) => withSelectedOption(s, optionId));
    expect(offered).toEqual([read, undefined, undefined]);
  });

  it("a read prefetched for a coming call is the one its get() uses: one read, taken once; an old or failed one is read again", async () => {
    const { c, store, reads } = counting();
    const writer = new StoredJourneyRepo(store, { now: c.now });
    const repo = new StoredJourneyRepo(store, { now: c.now });
    const { journeyId, state } = await writer.create(journeyState());
    const key = `journey:${journeyId}`;
    const journeyReads = () => reads.filter((k) => k === key).length;

    repo.prefetch(journeyId);
    expect(journeyReads()).toBe(1);
    // Another instance's change lands after the prefetch was answered, before the tool reads: the
    // tool sees the prefetched text (as it would have read it a moment earlier), and the next call
    // reads afresh and sees the change.
    await Promise.resolve();
    await writer.update(journeyId, (s) => withSelectedOption(s, state.options[0]!.public.optionId));
    const first = await repo.get(journeyId);
    expect(journeyReads()).toBe(1);
    expect(first.status === "found" && first.journey.state.selectedOptionId).toBeNull();
    const second = await repo.get(journeyId);
    expect(journeyReads()).toBe(2);
    expect(second.status === "found" && second.journey.state.selectedOptionId).toBe(state.options[0]!.public.optionId);

    // An update after a get that another instance's write has since made stale starts from that write.
    await repo.get(journeyId);
    await writer.update(journeyId, (s) => ({ ...s, lastComparisonGroup: ["opt_writer"] }));
    const updated = await repo.update(journeyId, (s) => ({ ...s, lastComparisonGroup: [...(s.lastComparisonGroup ?? []), "opt_reader"] }));
    expect(updated.status === "found" && updated.journey.state.lastComparisonGroup).toEqual(["opt_writer", "opt_reader"]);
    expect(updated.status === "found" && updated.journey.state.selectedOptionId).toBe(state.options[0]!.public.optionId);
    const reread = await new StoredJourneyRepo(store, { now: c.now }).get(journeyId);
    expect(reread.status === "found" && reread.journey.state.lastComparisonGroup).toEqual(["opt_writer", "opt_reader"]);
    const readsSoFar = journeyReads();

    // Too old to trust: read again.
    repo.prefetch(journeyId);
    c.advance(1_001);
    await repo.get(journeyId);
    expect(journeyReads()).toBe(readsSoFar + 2);

    // A malformed id never becomes a read.
    repo.prefetch("jrn_../../etc");
    repo.prefetch(`${journeyId}x`);
    expect(journeyReads()).toBe(readsSoFar + 2);

    // A failed prefetch is not an unhandled rejection; the tool's own read answers.
    const get = store.get.bind(store);
    let failNext = true;
    store.get = (k: string) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error("connection reset"));
      }
      return get(k);
    };
    repo.prefetch(journeyId);
    expect((await repo.get(journeyId)).status).toBe("found");
  });

  it("is frozen where it is shared, read back or kept by its writer: changing it in place throws instead of changing it for later calls", async () => {
    const { store } = counting();
    const writer = new StoredJourneyRepo(store);
    const { journeyId } = await writer.create(journeyState());
    for (const repo of [writer, new StoredJourneyRepo(store)]) {
      const found = await repo.get(journeyId);
      if (found.status !== "found") throw new Error("journey not found");
      const { options, collector, optionIds } = found.journey.state;
      expect(() => options.push(options[0]!)).toThrow(TypeError);
      // Known hotels keep their ids; a new one needs a copy of the registry.
      expect(optionIds.idFor(options[0]!.dedupeKey)).toBe(options[0]!.public.optionId);
      expect(() => optionIds.idFor("a hotel not seen before")).toThrow(TypeError);
      expect(optionIds.copy().idFor("a hotel not seen before")).toMatch(/^opt_/);
      expect(() => Object.assign(options[0]!.public, { name: "changed" })).toThrow(TypeError);
      expect(() => Object.assign(collector.items()[0]!, { dedupeKey: "changed" })).toThrow(TypeError);
      expect(() => collector.beginContinuation()).toThrow(TypeError);
      // A copy resumes as the original would.
      expect(collector.copy().beginContinuation()).toBe(collector.coverage().continuationAvailable);
    }
  });

  it("a new collection written by one instance is what the other reads and updates next, in one transaction with the journey", async () => {
    const { store } = counting();
    const a = new StoredJourneyRepo(store);
    const b = new StoredJourneyRepo(store);
    const { journeyId } = await a.create(journeyState());
    expect((await b.get(journeyId)).status).toBe("found"); // b now holds the first collection
    const before = await store.get(`journey:${journeyId}`);
    await a.update(journeyId, (s) => {
      const collector = s.collector.copy();
      const optionIds = s.optionIds.copy();
      return { ...s, collector, optionIds, options: buildOptions(collector.items(), s.request.nights, optionIds).slice(0, 1) };
    });
    const after = await store.get(`journey:${journeyId}`);
    expect(partKeyOf(after, journeyId)).not.toBe(partKeyOf(before, journeyId));
    expect(await store.get(partKeyOf(after, journeyId))).toBeDefined();
    const seen = await b.update(journeyId, (s) => ({ ...s, lastComparisonGroup: s.options.map((o) => o.public.optionId) }));
    expect(seen.status === "found" && seen.journey.state.options).toHaveLength(1);
    const read = await b.get(journeyId);
    expect(read.status === "found" && read.journey.state.lastComparisonGroup).toHaveLength(1);
  });
});

describe("journeys on the memory store (createJourneyRepo)", () => {
  it("keeps the state object itself, shared by every repo on the same store", async () => {
    const store = createSharedStore(undefined);
    const a = createJourneyRepo(store);
    const b = createJourneyRepo(store);
    const state = journeyState();
    const { journeyId } = await a.create(state);
    const found = await b.get(journeyId);
    expect(found.status === "found" && found.journey.state).toBe(state);
    expect((await createJourneyRepo(createSharedStore(undefined)).get(journeyId)).status).toBe("not_found");
  });

  it("keeps MAX_JOURNEYS, the earliest expiry making room", async () => {
    const c = clock();
    const repo = createJourneyRepo(createSharedStore(undefined), { now: c.now });
    const first = await repo.create(journeyState());
    c.advance(1);
    for (let i = 0; i < MAX_JOURNEYS; i += 1) await repo.create(journeyState());
    expect((await repo.get(first.journeyId)).status).toBe("not_found");
  });
});

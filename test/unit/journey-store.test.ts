import { describe, expect, it } from "vitest";
import { isRef } from "../../shared/refs.js";
import { Collector, dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { normalizeRates } from "../../mcp/hotels/journey/rates.js";
import { buildOptions, OptionIdRegistry } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { newJourneyState, withInspection, withOptions, withRates, withSelectedOption, withSelectedRate } from "../../mcp/hotels/journey/state.js";
import { JOURNEY_TTL_MS, JourneyStore } from "../../mcp/hotels/journey/store.js";
import type { NormalizedCheckout } from "../../mcp/hotels/journey/checkout.js";

function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function counterRandom() {
  let n = 0;
  return (size: number) => new Uint8Array(size).fill(++n % 256);
}

describe("journey store", () => {
  it("mints opaque journey ids and keeps a journey for 60 minutes from creation", () => {
    const clock = fakeClock();
    const store = new JourneyStore<string>({ now: clock.now, random: counterRandom() });
    const { journeyId, expiresAtMs, createdAtMs } = store.create("state");
    expect(isRef("journeyId", journeyId)).toBe(true);
    expect(expiresAtMs - createdAtMs).toBe(JOURNEY_TTL_MS);
    clock.advance(JOURNEY_TTL_MS - 1);
    expect(store.get(journeyId)).toMatchObject({ status: "found", journey: { state: "state" } });
    clock.advance(1);
    expect(store.get(journeyId)).toEqual({ status: "expired" });
    expect(store.get(journeyId)).toEqual({ status: "not_found" });
    expect(store.size).toBe(0);
  });

  it("updates state without extending the lifetime", () => {
    const clock = fakeClock();
    const store = new JourneyStore<number>({ now: clock.now, random: counterRandom() });
    const { journeyId, expiresAtMs } = store.create(1);
    clock.advance(10_000);
    expect(store.update(journeyId, (n) => n + 1)).toMatchObject({ status: "found", journey: { state: 2, expiresAtMs } });
    expect(store.update("jrn_missing", (n) => n)).toEqual({ status: "not_found" });
  });

  it("evicts the journey with the earliest expiry when full, after dropping expired ones", () => {
    const clock = fakeClock();
    const store = new JourneyStore<string>({ now: clock.now, random: counterRandom(), maxJourneys: 3, ttlMs: 1000 });
    const a = store.create("a");
    clock.advance(10);
    const b = store.create("b");
    clock.advance(10);
    const c = store.create("c");
    clock.advance(10);
    const d = store.create("d");
    expect(store.size).toBe(3);
    expect(store.get(a.journeyId).status).toBe("not_found");
    expect([b, c, d].map((j) => store.get(j.journeyId).status)).toEqual(["found", "found", "found"]);

    clock.advance(990); // now 1020: b and c have expired, d (until 1030) has not
    store.create("e");
    expect(store.size).toBe(2);
    expect(store.get(d.journeyId).status).toBe("found");
    expect(store.sweep(clock.now() + 10_000)).toBe(2);
    expect(() => new JourneyStore({ maxJourneys: 0 })).toThrow(RangeError);
  });
});

describe("journey state transitions", () => {
  // Options as a collection builds them; one registry keeps each hotel's optionId across rebuilds.
  const optionIds = new OptionIdRegistry(counterRandom());
  const options = (...hotelIds: string[]) => {
    const items = hotelIds.map((hotelId) => toJourneyItem({ hotelId, name: hotelId, stars: null, rating: null, reviewsCount: 0, shownPrice: { value: 1000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }));
    return buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, optionIds);
  };
  const [a, b] = options("a", "b").map((o) => o.public.optionId) as [string, string];
  const base = newJourneyState({
    request: { destination: "Казань", checkinDate: "2026-09-15", checkoutDate: "2026-09-17", nights: 2, rooms: [{ adults: 2, childrenAges: [] }], maxOptions: 10 },
    destination: { destinationId: "1004", name: "Казань", region: "Татарстан", country: "Россия" },
    ranking: "provider_order",
    collector: new Collector(),
    optionIds,
    options: options("a", "b"),
  });
  const rates = normalizeRates([], 2);
  const inspection = {} as NormalizedCheckout;

  it("clears rates, rate and inspection when another hotel is selected", () => {
    const full = withInspection(withSelectedRate(withRates(withSelectedOption(base, a), rates), 1), inspection);
    expect(full).toMatchObject({ selectedOptionId: a, rates, selectedRateNumber: 1, inspection });
    expect(withSelectedOption(full, a)).toBe(full);
    expect(withSelectedOption(full, b)).toMatchObject({ selectedOptionId: b, rates: null, selectedRateNumber: null, inspection: null });
    expect(withSelectedRate(full, 2).inspection).toBeNull();
  });

  it("resets the selection when a continuation drops the selected hotel, and marks continuation used", () => {
    const selected = withRates(withSelectedOption(base, a), rates);
    const kept = withOptions(selected, options("a", "c"), true);
    expect(kept).toMatchObject({ selectionReset: false, state: { selectedOptionId: a, continuationUsed: true } });
    const dropped = withOptions(selected, options("b", "c"), true);
    expect(dropped).toMatchObject({ selectionReset: true, state: { selectedOptionId: null, rates: null, continuationUsed: true } });
  });
});

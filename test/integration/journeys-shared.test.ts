import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_TTL_MS } from "../../mcp/hotels/journey/store.js";
import { createSharedStore, type SharedStore } from "../../mcp/hotels/store/index.js";
import { DEFAULT_KEY_PREFIX } from "../../mcp/hotels/store/redis.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { testClock, type TestClock } from "../fixtures/clock.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

type Row = Record<string, unknown>;

// Two Hotels servers, as two instances of the HTTP mode would be: each with its own Redis client,
// one redis-server between them, one sandbox behind them. Every call of the golden journey goes to
// the other server than the call before.
describe("journeys shared by two servers through one Redis", () => {
  let redis: RedisServer;
  let raw: ReturnType<typeof createClient>;
  let clock: TestClock;
  let sandbox: Sandbox;
  const stores: SharedStore[] = [];
  let a: HotelsHarness;
  let b: HotelsHarness;

  const server = async (): Promise<HotelsHarness> => {
    const store = createSharedStore(redis.url);
    stores.push(store);
    return startHotelsHarness({ sharedSandbox: sandbox, deps: { store } });
  };
  const plan = (on: HotelsHarness) =>
    on.call("tbank_hotels_plan_stay", {
      destination: "Казань",
      checkinDate: "2027-03-12",
      checkoutDate: "2027-03-14",
      rooms: [{ adults: 2, childrenAges: [] }],
      ranking: "best_value",
      hotelPreferences: { pricePerNight: { min: 0, max: 10000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true },
    });

  beforeAll(async () => {
    redis = await startRedisServer();
    raw = createClient({ url: redis.url });
    await raw.connect();
    clock = testClock();
    sandbox = await startSandbox({ seed: "hotels-mcp", now: clock.now });
    a = await server();
    b = await server();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await Promise.all(stores.map((s) => s.close()));
    await sandbox.close();
    raw.destroy();
    await redis.close();
  });

  it("plays the golden journey alternating every call between the two servers", async () => {
    const planned = await plan(a);
    expect(planned.data.status).toBe("ok");
    const journeyId = String(planned.data.journeyId);
    expect(journeyId).toMatch(/^jrn_/);
    // Neither server keeps it to itself: the journey is in Redis.
    expect(await raw.exists(`${DEFAULT_KEY_PREFIX}journey:${journeyId}`)).toBe(1);

    const listed = await b.call("tbank_hotels_get_stay_options", { journeyId, limit: 5 });
    expect(listed.data).toMatchObject({ status: "ok", journeyId });
    expect((listed.data.options as Row[]).map((o) => o.optionId)).toEqual((planned.data.options as Row[]).slice(0, 5).map((o) => o.optionId));

    const compared = await a.call("tbank_hotels_compare_stay_options", { journeyId });
    expect(compared.data.status).toBe("ok");
    const rows = compared.data.comparisonRows as Row[];
    let chosen: string | undefined;
    for (const row of rows) {
      const selected = await b.call("tbank_hotels_select_stay_option", { journeyId, optionId: row.optionId });
      expect(selected.data).toMatchObject({ status: "ok", selected: { optionId: row.optionId } });
      const rates = await a.call("tbank_hotels_get_selected_stay_rates", { journeyId });
      if (rates.data.status === "ready") {
        chosen = String(row.optionId);
        break;
      }
    }
    expect(chosen, "a compared option with bookable rates").toBeDefined();

    const rate = await b.call("tbank_hotels_select_stay_rate", { journeyId, rateNumber: 1 });
    expect(rate.data).toMatchObject({ status: "rate_selected", selectedRate: { rateNumber: 1 } });
    const inspected = await a.call("tbank_hotels_inspect_checkout", { journeyId });
    expect(inspected.data.status).toBe("checkout_ready");
    const preview = await b.call("tbank_hotels_create_booking_preview", { journeyId });
    expect(preview.data.status).toBe("preview_ready");
    const handoff = await a.call("tbank_hotels_create_checkout_handoff", { journeyId });
    expect(handoff.data.status).toBe("handoff_ready");

    // Both servers read one state: the selection made through B is what A inspected and handed off.
    const [seenByA, seenByB] = await Promise.all([a.ctx.journeys.get(journeyId), b.ctx.journeys.get(journeyId)]);
    if (seenByA.status !== "found" || seenByB.status !== "found") throw new Error("journey gone");
    expect(seenByA.journey.state).toStrictEqual(seenByB.journey.state);
    expect(seenByA.journey.state).toMatchObject({ selectedOptionId: chosen, selectedRateNumber: 1 });
    expect(seenByA.journey.state.inspection).not.toBeNull();
    // What every call reads and writes back stays small: the collection, rates and cashback are parts.
    expect(await raw.strLen(`${DEFAULT_KEY_PREFIX}journey:${journeyId}`)).toBeLessThan(3_000);
  });

  it("changes made at once on both servers both land", async () => {
    const journeyId = String((await plan(b)).data.journeyId);
    const optionId = (await a.call("tbank_hotels_get_stay_options", { journeyId, limit: 3 })).data.options as Row[];
    const [selected, compared] = await Promise.all([
      a.call("tbank_hotels_select_stay_option", { journeyId, optionId: optionId[2]!.optionId }),
      b.call("tbank_hotels_compare_stay_options", { journeyId, optionIds: optionId.map((o) => o.optionId) }),
    ]);
    expect([selected.data.status, compared.data.status]).toEqual(["ok", "ok"]);
    const found = await a.ctx.journeys.get(journeyId);
    if (found.status !== "found") throw new Error("journey gone");
    expect(found.journey.state.selectedOptionId).toBe(optionId[2]!.optionId);
    expect(found.journey.state.lastComparisonGroup?.toSorted()).toEqual(optionId.map((o) => String(o.optionId)).toSorted());
  });

  it("journeys expire by the store's TTL: 60 minutes from creation, then journey_expired on either server", async () => {
    const planned = await plan(a);
    const journeyId = String(planned.data.journeyId);
    const optionId = String((planned.data.options as Row[])[0]?.optionId);
    const key = `${DEFAULT_KEY_PREFIX}journey:${journeyId}`;
    const pttl = await raw.pTTL(key);
    expect(pttl).toBeGreaterThan(JOURNEY_TTL_MS - 60_000);
    expect(pttl).toBeLessThanOrEqual(JOURNEY_TTL_MS);
    // A use that writes the journey does not extend it.
    clock.advance(30 * 60_000);
    expect((await b.call("tbank_hotels_select_stay_option", { journeyId, optionId })).data.status).toBe("ok");
    const after = await raw.pTTL(key);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(pttl);
    // Redis drops the key when its TTL runs out; here the hour passes for the clock and for Redis at once.
    clock.advance(30 * 60_000);
    await raw.pExpire(key, 1);
    await expect.poll(() => raw.exists(key)).toBe(0);
    for (const on of [a, b]) {
      const { data } = await on.call("tbank_hotels_get_stay_options", { journeyId });
      expect(data).toMatchObject({ status: "journey_expired", retryAllowed: false });
      // A shared store outlives any one process: the next step does not blame a restart.
      expect(data.nextStep).not.toContain("restart");
    }
  });

  it("a collection truncated on one server is continued on the other, once, keeping its optionIds", async () => {
    // Its third search request fails, so its plan stops early with a continuation to offer.
    const store = createSharedStore(redis.url);
    stores.push(store);
    let searches = 0;
    const flaky = await startHotelsHarness({
      sharedSandbox: sandbox,
      deps: { store, fetch: (url, init) => (url.pathname.endsWith("/v3/search") && ++searches === 3 ? Promise.reject(new TypeError("fetch failed")) : fetch(url, init)) },
    });
    try {
      const planned = await flaky.call("tbank_hotels_plan_stay", { destination: "Казань", checkinDate: "2027-03-20", checkoutDate: "2027-03-22", rooms: [{ adults: 2 }] });
      expect(planned.data.searchCoverage).toMatchObject({ truncated: true, continuationAvailable: true });
      const journeyId = String(planned.data.journeyId);
      const before = (planned.data.searchCoverage as { collectedCount: number }).collectedCount;
      const more = await a.call("tbank_hotels_continue_stay_search", { journeyId });
      expect(more.data.status).toBe("ok");
      const after = more.data.searchCoverage as { collectedCount: number };
      expect(after.collectedCount).toBeGreaterThan(before);
      const listed = await b.call("tbank_hotels_get_stay_options", { journeyId, limit: 20 });
      expect(listed.data.total).toBe(after.collectedCount);
      expect((listed.data.options as Row[]).map((o) => o.optionId)).toEqual(expect.arrayContaining((planned.data.options as Row[]).map((o) => o.optionId)));
      // Nothing left to continue: the journey's collection is not written again.
      const partOf = async () => (JSON.parse((await raw.get(`${DEFAULT_KEY_PREFIX}journey:${journeyId}`)) ?? "{}") as { parts?: { collection?: string } }).parts?.collection;
      const part = await partOf();
      expect(part).toEqual(expect.any(String));
      expect((await flaky.call("tbank_hotels_continue_stay_search", { journeyId })).data.status).toBe("continuation_unavailable");
      expect(await partOf()).toBe(part);
    } finally {
      await flaky.close();
    }
  });

  it("an unknown journey id is journey_not_found on both servers", async () => {
    for (const on of [a, b]) {
      const { data } = await on.call("tbank_hotels_compare_stay_options", { journeyId: "jrn_AAAAAAAAAAAAAAAAAAAAAA" });
      expect(data).toMatchObject({ status: "journey_not_found", retryAllowed: false });
    }
  });
});

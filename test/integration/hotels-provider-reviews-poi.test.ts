import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHotelsProvider, ProviderError } from "../../mcp/hotels/provider/index.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { testClock } from "../fixtures/clock.js";

const SEED = "reviews-poi-test";
const KAZAN = "1003";
const STAY = { checkinDate: "2027-03-15", checkoutDate: "2027-03-17", guests: [{ adultsCount: 2 }] };

let sandbox: Sandbox;
const api = () => createHotelsProvider({ apiBaseUrl: sandbox.urls.hotelsApiBaseUrl, auth: { kind: "anonymous" }, timeoutMs: 5000, maxConcurrentRequests: 2 }).api;

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED, now: testClock().now });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.control.clearFaults();
  sandbox.control.resetCounters();
});

describe("reviews and points of interest against the sandbox", () => {
  it("reviews agree with the search feed: average = rating, count = reviewsCount, newest first and recent", async () => {
    const page = await api().search({ destinationId: KAZAN, ...STAY });
    const item = page.items.find((i) => i.hotelId !== undefined && i.reviewsCount > 12)!;
    expect(typeof item.coordinates?.lat).toBe("number");
    const reviews = await api().reviews(item.hotelId!, { limit: 5 });
    expect(reviews).toMatchObject({ rating: item.rating, reviewsCount: item.reviewsCount, offset: 0, nextOffset: 5 });
    expect(reviews.items).toHaveLength(5);
    const dates = reviews.items.map((r) => r.createdAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates[0]! < "2027-03-01").toBe(true);
    expect(dates[4]! > "2026-01-01").toBe(true);
    const last = await api().reviews(item.hotelId!, { offset: item.reviewsCount - 2, limit: 5 });
    expect(last.items).toHaveLength(2);
    expect(last.nextOffset).toBeNull();
  });

  it("landmarks: one for «Кремль» in Kazan, several for «вокзал», none for an unknown name", async () => {
    const kremlin = await api().pointsOfInterest({ destinationId: KAZAN, query: "Кремль" });
    expect(kremlin.items.map((p) => p.name)).toEqual(["Казанский Кремль"]);
    expect(kremlin.items[0]!.coordinates).toEqual({ lat: 55.7989, lon: 49.1054 });
    const stations = await api().pointsOfInterest({ destinationId: KAZAN, query: "вокзал" });
    expect(stations.items.length).toBeGreaterThan(1);
    expect((await api().pointsOfInterest({ destinationId: KAZAN, query: "Колизей" })).items).toEqual([]);
    expect((await api().pointsOfInterest({ destinationId: "1001", query: "Красной площади" })).items.map((p) => p.name)).toEqual(["Красная площадь"]);
  });

  it("refuses a bad argument before HTTP and reduces a provider fault", async () => {
    expect(await failure(api().reviews("../x"))).toMatchObject({ kind: "invalid_argument", routeId: "reviews" });
    expect(await failure(api().reviews("10030001", { limit: 500 }))).toMatchObject({ kind: "invalid_argument" });
    expect(await failure(api().pointsOfInterest({ destinationId: KAZAN, query: "  " }))).toMatchObject({ kind: "invalid_argument", routeId: "points_of_interest" });
    expect(sandbox.control.requestCount("reviews") + sandbox.control.requestCount("points_of_interest")).toBe(0);
    sandbox.control.setFault("reviews", { kind: "status", status: 503 });
    expect(await failure(api().reviews("10030001"))).toMatchObject({ kind: "unavailable", routeId: "reviews" });
    expect(await failure(api().pointsOfInterest({ destinationId: "9999", query: "x" }))).toMatchObject({ kind: "not_found", code: "destination_not_found" });
  });
});

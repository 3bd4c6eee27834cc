import { describe, expect, it } from "vitest";
import { COLLECT_LIMITS, Collector, dedupeKey } from "../../mcp/hotels/journey/collect.js";
import type { SearchRequest } from "../../mcp/hotels/journey/collect.js";
import type { JourneyHotelItem, JourneySearchPage } from "../../mcp/hotels/journey/provider-shapes.js";
import { journeyHotel } from "../fixtures/journey-items.js";

const hotel = journeyHotel;

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => hotel(`h${from + i}`));

function page(items: JourneyHotelItem[], nextOffset: number | null, isLoadingCompleted: boolean, totalCount: number): JourneySearchPage {
  return { searchId: "s1", items, nextOffset, isLoadingCompleted, totalCount };
}

// Drives the collector against a scripted provider; every request costs `costMs` of elapsed time.
function drive(c: Collector, respond: (req: SearchRequest, n: number) => JourneySearchPage | "fail", costMs = 100, startMs = 0) {
  const requests: SearchRequest[] = [];
  let elapsed = startMs;
  let req: SearchRequest | null;
  while ((req = c.next(elapsed))) {
    requests.push(req);
    const res = respond(req, requests.length);
    elapsed += costMs;
    if (res === "fail") c.fail();
    else c.accept(res);
  }
  return requests;
}

describe("Collector: paging", () => {
  it("follows nextOffset, passes the searchId on, stops when loading is complete", () => {
    const c = new Collector();
    const pages = [page(ids(0, 20), 20, false, 45), page(ids(20, 20), 40, true, 45), page(ids(40, 5), null, true, 45)];
    const requests = drive(c, (_req, n) => pages[n - 1]!);
    expect(requests.map((r) => [r.offset, r.searchId])).toEqual([[0, undefined], [20, "s1"], [40, "s1"]]);
    expect(c.stopReason).toBe("completed");
    expect(c.coverage()).toEqual({
      collectedCount: 45,
      requestsMade: 3,
      reportedCount: 45,
      loadingCompleted: true,
      providerSort: null,
      truncated: false,
      notYetSeen: null,
      coverageLevel: "complete",
      coverageRatio: 1,
      continuationAvailable: false,
      continuationRecommended: false,
    });
  });

  it("polls a loading page at most 3 extra times, then stops with continuation available", () => {
    const c = new Collector();
    const requests = drive(c, (req) => (req.offset === 0 ? page(ids(0, 20), 20, false, 100) : page(ids(20, 5), null, false, 100)));
    expect(requests.map((r) => r.offset)).toEqual([0, 20, 20, 20, 20]);
    expect(c.stopReason).toBe("poll_limit");
    expect(c.coverage()).toMatchObject({ collectedCount: 25, truncated: true, notYetSeen: 75, coverageLevel: "partial", coverageRatio: 0.25, continuationAvailable: true, continuationRecommended: true });
  });

  it("resets the poll count when the loading page moves on", () => {
    const c = new Collector();
    let polls = 0;
    const requests = drive(c, (req) => {
      if (req.offset === 0) return page(ids(0, 20), 20, false, 40);
      polls += 1;
      return polls < 3 ? page(ids(20, 10), null, false, 40) : page(ids(20, 20), null, true, 40);
    });
    expect(requests).toHaveLength(4);
    expect(c.coverage()).toMatchObject({ coverageLevel: "complete", collectedCount: 40 });
  });

  it("stops the plan at its 20 requests and still offers a continuation, which has its own budget", () => {
    const c = new Collector();
    const requests = drive(c, (req) => page(ids(req.offset, 20), req.offset + 20, false, 1000), 10);
    expect(requests).toHaveLength(20);
    expect(c.stopReason).toBe("request_cap");
    expect(c.coverage()).toMatchObject({ requestsMade: 20, collectedCount: 400, notYetSeen: 600, coverageLevel: "partial", continuationAvailable: true, continuationRecommended: true });
  });

  it("stops at the 11 s budget and gives each request the remaining time", () => {
    const c = new Collector();
    const requests = drive(c, (req) => page(ids(req.offset, 20), req.offset + 20, false, 100), 3_000);
    expect(requests.map((r) => r.remainingMs)).toEqual([11_000, 8_000, 5_000, 2_000]);
    expect(c.stopReason).toBe("budget");
    expect(c.coverage()).toMatchObject({ collectedCount: 80, coverageLevel: "substantial", coverageRatio: 0.8, continuationAvailable: true, continuationRecommended: false });
  });

  it("keeps what was collected when a request fails", () => {
    const c = new Collector();
    drive(c, (_req, n) => (n === 1 ? page(ids(0, 20), 20, false, 200) : "fail"));
    expect(c.stopReason).toBe("request_failed");
    expect(c.coverage()).toMatchObject({ collectedCount: 20, requestsMade: 2, truncated: true, continuationAvailable: true });
  });

  it("offers nothing to continue when the very first request fails", () => {
    const c = new Collector();
    drive(c, () => "fail");
    expect(c.pagesReceived).toBe(false);
    expect(c.coverage()).toMatchObject({ collectedCount: 0, reportedCount: null, continuationAvailable: false });
  });

  it("treats an empty completed search as complete", () => {
    const c = new Collector();
    drive(c, () => page([], null, true, 0));
    expect(c.coverage()).toMatchObject({ coverageLevel: "complete", coverageRatio: 1, truncated: false, collectedCount: 0 });
  });

  it("returns the same pending request until it is answered, and refuses a stray accept", () => {
    const c = new Collector();
    const first = c.next(0);
    expect(c.next(50)).toBe(first);
    expect(c.coverage().requestsMade).toBe(1);
    c.accept(page([], null, true, 0));
    expect(() => c.accept(page([], null, true, 0))).toThrow();
    expect(() => c.fail()).toThrow();
  });
});

describe("Collector: dedupe", () => {
  it("dedupes by hotelId, keeping the first occurrence and its position", () => {
    const c = new Collector();
    const pages = [page([hotel("a"), hotel("b")], 2, true, 3), page([hotel("b", { name: "B again" }), hotel("c")], null, true, 3)];
    drive(c, (_r, n) => pages[n - 1]!);
    expect(c.items().map((i) => [i.dedupeKey, i.item.name])).toEqual([["id:a", "Hotel a"], ["id:b", "Hotel b"], ["id:c", "Hotel c"]]);
  });

  it("dedupes id-less items by a hash of the whole object, independent of key order", () => {
    const one = hotel(undefined, { name: "No id" });
    const reordered = Object.fromEntries(Object.entries(one).reverse()) as unknown as JourneyHotelItem;
    const other = hotel(undefined, { name: "No id", shownPrice: { value: 10_001, currency: "RUB" } });
    expect(dedupeKey(one)).toMatch(/^hash:[0-9a-f]{64}$/);
    expect(dedupeKey(reordered)).toBe(dedupeKey(one));
    expect(dedupeKey(other)).not.toBe(dedupeKey(one));
    const c = new Collector();
    drive(c, () => page([one, reordered, other], null, true, 2));
    expect(c.items()).toHaveLength(2);
  });
});

// The sandbox's progressive search (docs/provider-contract.md): 40 hotels loaded by the first call,
// 15 more by each further call; a page beyond what is loaded returns the loaded part to poll again.
function progressiveProvider(total: number) {
  let calls = 0;
  return (req: SearchRequest): JourneySearchPage => {
    calls += 1;
    const loaded = Math.min(total, 40 + 15 * (calls - 1));
    const end = Math.min(req.offset + 20, total);
    const complete = loaded >= total;
    if (loaded >= end) return page(ids(req.offset, end - req.offset), end < total ? end : null, complete, total);
    return page(ids(req.offset, Math.max(0, loaded - req.offset)), null, complete, total);
  };
}

describe("Collector: continuation", () => {
  it("gives each run its own request budget: a 400-hotel city completes in the plan plus one continuation", () => {
    const c = new Collector();
    const provider = progressiveProvider(400);
    drive(c, provider, 10);
    expect(c.stopReason).toBe("request_cap");
    const afterPlan = c.coverage();
    expect(afterPlan).toMatchObject({ requestsMade: 20, truncated: true, continuationAvailable: true });
    expect(afterPlan.notYetSeen).toBe(400 - afterPlan.collectedCount);

    expect(c.beginContinuation()).toBe(true);
    const more = drive(c, provider, 10);
    expect(more[0]?.offset).toBe(afterPlan.collectedCount);
    expect(more.length).toBeLessThanOrEqual(COLLECT_LIMITS.continuation.maxRequests);
    expect(c.coverage()).toMatchObject({ coverageLevel: "complete", collectedCount: 400, notYetSeen: null, continuationAvailable: false });
  });

  it("gives the continuation its own time budget, measured from its start", () => {
    const c = new Collector();
    const respond = (req: SearchRequest) => page(ids(req.offset, 25), req.offset + 25, false, 1000);
    drive(c, respond, 3_000);
    expect(c.stopReason).toBe("budget");
    expect(c.beginContinuation()).toBe(true);
    const more = drive(c, respond, 3_000);
    expect(more.map((r) => r.remainingMs)).toEqual([11_000, 8_000, 5_000, 2_000]);
  });

  it("resumes at the current offset, recommends only the first continuation, and allows two at most", () => {
    const c = new Collector();
    // 4 requests of 3 s exhaust the plan's time budget at 100 of 1000 hotels: partial, recommended.
    const respond = (req: SearchRequest) => page(ids(req.offset, 25), req.offset + 25, false, 1000);
    drive(c, respond, 3_000);
    expect(c.coverage()).toMatchObject({ requestsMade: 4, continuationAvailable: true, continuationRecommended: true });

    expect(c.beginContinuation()).toBe(true);
    const more = drive(c, respond, 3_000);
    expect(more[0]?.offset).toBe(100);
    expect(c.continuationsUsed).toBe(1);
    expect(c.coverage()).toMatchObject({ requestsMade: 8, collectedCount: 200, notYetSeen: 800, coverageLevel: "partial", continuationAvailable: true, continuationRecommended: false });

    // An explicit second continuation is possible, with a budget of its own; a third is not.
    expect(c.beginContinuation()).toBe(true);
    expect(drive(c, respond, 100)).toHaveLength(20);
    expect(c.coverage()).toMatchObject({ requestsMade: 28, collectedCount: 700, notYetSeen: 300, continuationAvailable: false, continuationRecommended: false });
    expect(c.beginContinuation()).toBe(false);
  });

  it("refuses to continue a complete collection", () => {
    const c = new Collector();
    drive(c, () => page(ids(0, 3), null, true, 3));
    expect(c.beginContinuation()).toBe(false);
  });
});

describe("Collector: restoring a snapshot from a shared store", () => {
  it("takes only the snapshot's own fields: keys another version wrote cannot replace methods or the index", () => {
    const c = new Collector();
    drive(c, () => page(ids(0, 5), 5, false, 20));
    const snap = c.snapshot();
    const written = { ...snap, next: "not a method", byKey: "not a map", extra: 1 } as unknown as typeof snap;
    const restored = Collector.fromSnapshot(written);
    expect(typeof restored.next).toBe("function");
    expect(restored.snapshot()).toEqual(snap);
    expect(restored).not.toHaveProperty("extra");
  });
});

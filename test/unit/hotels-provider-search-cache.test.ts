import { describe, expect, it } from "vitest";
import { SearchCache } from "../../mcp/hotels/provider/index.js";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("SearchCache", () => {
  it("shares one call among identical concurrent callers and reuses the result for 30 s", async () => {
    const c = clock();
    const cache = new SearchCache<string>({ now: c.now });
    let calls = 0;
    let release!: (v: string) => void;
    const fn = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const all = Array.from({ length: 50 }, () => cache.coalesced("k", fn));
    expect(cache.stats()).toEqual({ cachedSearches: 0, inFlightSearches: 1 });
    await Promise.resolve();
    release("result");
    expect(new Set(await Promise.all(all))).toEqual(new Set(["result"]));
    expect(calls).toBe(1);
    expect(cache.stats()).toEqual({ cachedSearches: 1, inFlightSearches: 0 });

    c.advance(29_999);
    expect(await cache.coalesced("k", () => Promise.resolve("fresh"))).toBe("result");
    c.advance(1);
    expect(await cache.coalesced("k", () => Promise.resolve("fresh"))).toBe("fresh");
  });

  it("does not cache failures, and shares a failure only with callers that were waiting", async () => {
    const cache = new SearchCache<string>();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("down"));
    };
    const results = await Promise.allSettled([cache.coalesced("k", failing), cache.coalesced("k", failing)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    expect(cache.stats()).toEqual({ cachedSearches: 0, inFlightSearches: 0 });
    expect(await cache.coalesced("k", () => Promise.resolve("ok"))).toBe("ok");
  });

  it("a synchronous throw is a rejection and leaves nothing in flight", async () => {
    const cache = new SearchCache<string>();
    await expect(cache.coalesced("k", () => { throw new Error("sync"); })).rejects.toThrow("sync");
    expect(cache.stats().inFlightSearches).toBe(0);
  });

  it("keeps results a caller marks as not cacheable out of the cache", async () => {
    const cache = new SearchCache<{ truncated: boolean }>();
    await cache.coalesced("k", () => Promise.resolve({ truncated: true }), { cacheable: (v) => !v.truncated });
    expect(cache.stats().cachedSearches).toBe(0);
  });

  it("is bounded: the least recently used entry goes first, expired ones are not counted", async () => {
    const c = clock();
    const cache = new SearchCache<number>({ now: c.now, maxEntries: 3 });
    for (const n of [1, 2, 3]) await cache.coalesced(`k${n}`, () => Promise.resolve(n));
    await cache.coalesced("k1", () => Promise.resolve(-1)); // a hit makes k1 recent
    await cache.coalesced("k4", () => Promise.resolve(4));
    expect(cache.stats().cachedSearches).toBe(3);
    expect(await cache.coalesced("k2", () => Promise.resolve(22))).toBe(22); // k2 was evicted
    expect(await cache.coalesced("k1", () => Promise.resolve(-1))).toBe(1);
    c.advance(30_000);
    expect(cache.stats().cachedSearches).toBe(0);
  });

  it("a caller's abort ends only its own wait", async () => {
    const cache = new SearchCache<string>();
    let release!: (v: string) => void;
    const fn = () => new Promise<string>((resolve) => (release = resolve));
    const controller = new AbortController();
    const leaving = cache.coalesced("k", fn, { signal: controller.signal });
    const staying = cache.coalesced("k", fn);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ kind: "aborted" });
    await Promise.resolve();
    release("done");
    expect(await staying).toBe("done");
    expect(cache.stats().cachedSearches).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { createSandboxClock } from "../../scripts/sandbox/clock.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { makeSecretFactory, type SandboxEnv } from "../../scripts/sandbox/env.js";
import { parseFilters } from "../../scripts/sandbox/hotels/filters.js";
import { searchItemOf, searchMatches, type SearchContext } from "../../scripts/sandbox/hotels/search-matches.js";
import { lazyResults } from "../../scripts/sandbox/hotels/search-store.js";
import { searchResults } from "../../scripts/sandbox/hotels/search.js";
import type { RouteRequest } from "../../scripts/sandbox/http.js";

// The sandbox's search prices an unfiltered search's hotels page by page, not all on its first
// request. What each page shows is what pricing every hotel at once gives (and the route's answers
// are what they were before: sandbox-search-pages.test.ts).

const SEED = "search-results";
const STAY = { checkinDate: "2027-03-15", checkoutDate: "2027-03-17", guests: [{ adultsCount: 2, childrenAges: [3] }] };

function context(hostileText: boolean): SearchContext {
  const env: SandboxEnv = { clock: createSandboxClock(), seed: SEED, canary: undefined, accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 600, deviceCodeTtlSeconds: 60, deviceIntervalSeconds: 0, origin: () => "http://sandbox.invalid", secret: makeSecretFactory(undefined), hostileText };
  return { env, catalog: createCatalog(SEED, () => "http://sandbox.invalid", { hostileText }) };
}

describe("sandbox search results", () => {
  it("builds an item only when a page first shows it, and once", () => {
    const built: number[] = [];
    const results = lazyResults(100, (i) => {
      built.push(i);
      return `item ${i}`;
    });
    expect(results.length).toBe(100);
    expect(built).toEqual([]);
    expect(results.slice(19, 40)).toEqual(Array.from({ length: 21 }, (_, k) => `item ${19 + k}`));
    expect(results.slice(0, 20)).toHaveLength(20);
    expect(results.slice(95, 120)).toHaveLength(5);
    expect(results.slice(100, 120)).toEqual([]);
    expect([...built].sort((a, b) => a - b)).toEqual([...Array.from({ length: 40 }, (_, i) => i), 95, 96, 97, 98, 99]);
  });

  it.each([false, true])("shows, without filters, what pricing every hotel at once shows (hostile text %s)", (hostileText) => {
    const ctx = context(hostileText);
    for (const name of ["Казань", "Ереван", "Москва"]) {
      const location = ctx.catalog.locations.find((l) => l.name === name);
      if (!location) throw new Error(`${name} is not in the catalog`);
      const eager = searchMatches(ctx, location, STAY, []).map((m) => searchItemOf(ctx, m));
      const lazy = searchResults(ctx, location, STAY, []);
      expect(lazy.length).toBe(eager.length);
      // Pages of 20, the last first, each twice: items built out of order, then read from what was kept.
      const pages: [number, number][] = [];
      for (let start = 0; start < eager.length; start += 20) pages.push([start, start + 20]);
      for (const [start, end] of [...pages.reverse(), ...pages]) expect(lazy.slice(start, end)).toEqual(eager.slice(start, end));
    }
  });

  it("prices every hotel at once when filters decide which it finds", () => {
    const ctx = context(false);
    const location = ctx.catalog.locations.find((l) => l.name === "Казань");
    if (!location) throw new Error("Казань is not in the catalog");
    const filters = parseFilters({ requestId: "req_test" } as RouteRequest, [{ filterId: "meal_types", $objectType: "array", values: ["breakfast"] }]);
    if (!filters.ok) throw new Error("the filter was refused");
    const found = searchResults(ctx, location, STAY, filters.value);
    expect(Array.isArray(found)).toBe(true);
    const all = searchMatches(ctx, location, STAY, []).length;
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all);
  });
});

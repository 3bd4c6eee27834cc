import { describe, expect, it } from "vitest";
import { CATALOG_BUDGET_MS, CATALOG_TTL_MS, LocationCatalog } from "../../mcp/hotels/journey/catalog.js";
import { isProviderError, ProviderError, type CallOptions, type LocationsQuery, type ProviderLocationPage } from "../../mcp/hotels/provider/index.js";

// A fake catalog of `total` cities served in pages; every call costs `costMs` of fake time.
function fakeApi(total: number, costMs: number, clock: { t: number }, fail?: () => ProviderError | undefined) {
  const calls: { offset: number; timeoutMs: number | undefined }[] = [];
  const api = {
    locations(query: LocationsQuery = {}, opts: CallOptions = {}): Promise<ProviderLocationPage> {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 50;
      calls.push({ offset, timeoutMs: opts.timeoutMs });
      clock.t += costMs;
      const error = fail?.();
      if (error) return Promise.reject(error);
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ id: String(1000 + offset + i), name: `Город ${offset + i}` }));
      return Promise.resolve({ items, total, nextOffset: offset + limit < total ? offset + limit : null });
    },
  };
  return { api, calls };
}

describe("LocationCatalog", () => {
  it("reads every page once, normalizes missing fields and keeps the catalog for an hour", async () => {
    const clock = { t: 0 };
    const { api, calls } = fakeApi(250, 10, clock);
    const catalog = new LocationCatalog({ api, timeoutMs: 15_000, now: () => clock.t });
    const [a, b] = await Promise.all([catalog.get(), catalog.get()]);
    expect(a).toBe(b);
    expect(a).toHaveLength(250);
    expect(a[0]).toEqual({ id: "1000", name: "Город 0", fullName: "Город 0", type: "city", region: "", country: "", hotelsCount: 0 });
    expect(calls.map((c) => c.offset)).toEqual([0, 100, 200]);
    await catalog.get();
    expect(calls).toHaveLength(3);
    clock.t += CATALOG_TTL_MS;
    await catalog.get();
    expect(calls).toHaveLength(6);
  });

  it("gives each page only what is left of the 10 s budget and stops when it is spent", async () => {
    const clock = { t: 0 };
    const { api, calls } = fakeApi(1_000, 4_000, clock);
    const catalog = new LocationCatalog({ api, timeoutMs: 15_000, now: () => clock.t });
    const error = await catalog.get().then(() => undefined, (e: unknown) => e);
    expect(isProviderError(error, "unavailable")).toBe(true);
    expect(calls.map((c) => c.timeoutMs)).toEqual([CATALOG_BUDGET_MS, CATALOG_BUDGET_MS - 4_000, CATALOG_BUDGET_MS - 8_000]);
  });

  it("does not keep a failure: the next lookup tries again", async () => {
    const clock = { t: 0 };
    let failing = true;
    const { api, calls } = fakeApi(20, 1, clock, () => (failing ? new ProviderError({ kind: "auth_rejected", routeId: "locations", status: 401 }) : undefined));
    const catalog = new LocationCatalog({ api, timeoutMs: 15_000, now: () => clock.t });
    await expect(catalog.get()).rejects.toMatchObject({ kind: "auth_rejected" });
    failing = false;
    expect(await catalog.get()).toHaveLength(20);
    expect(calls).toHaveLength(2);
  });
});

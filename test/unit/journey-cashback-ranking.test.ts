import { describe, expect, it } from "vitest";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { applyFilters } from "../../mcp/hotels/journey/filters.js";
import { buildOptions, OptionIdRegistry, publicOptions, type PublicOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { rankOptions } from "../../mcp/hotels/journey/ranking.js";
import { CASHBACK_MAX_BATCHES, CollectionCashback, planCashback } from "../../mcp/hotels/journey/value.js";
import { CASHBACK_BATCH_MAX, ProviderError, type HotelsApi } from "../../mcp/hotels/provider/index.js";
import type { HotelsContext } from "../../mcp/hotels/context.js";
import { cashbackCoverageDisplay } from "../../mcp/hotels/tools/criteria-view.js";
import { filtersLine } from "../../mcp/hotels/tools/filters-view.js";

// Options named by hotel id, so orders read as ["a", "b", ...].
function options(specs: { id: string; hasRates?: boolean }[]): PublicOption[] {
  const items = specs.map((s) =>
    toJourneyItem({ hotelId: s.id, name: s.id, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: s.hasRates ?? true }),
  );
  return publicOptions(buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry()));
}

const byName = (list: readonly PublicOption[], percents: Record<string, number>) =>
  Object.fromEntries(Object.entries(percents).map(([name, p]) => [list.find((o) => o.name === name)?.optionId ?? "?", p]));
const names = (list: readonly PublicOption[], ids: readonly string[]) => ids.map((id) => list.find((o) => o.optionId === id)?.name);

describe("highest_cashback", () => {
  const list = options([{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e", hasRates: false }, { id: "f" }]);
  const cashback = { percents: byName(list, { a: 3, b: 10, c: 0, e: 10, f: 10 }), unavailable: false };

  it("orders by the stated percent, ties in provider order, unbookable after bookable, no stated percent last", () => {
    const r = rankOptions(list, { ranking: "highest_cashback", cashback });
    expect(names(list, r.orderedIds)).toEqual(["b", "f", "a", "c", "e", "d"]);
    expect(r.cashbackCoverage).toMatchObject({ stated: 5, of: 6, unstatedListed: 1, unavailable: false });
  });

  it("covers the whole collection when a filter keeps a part, and counts only the unstated options still listed", () => {
    const within = new Set(list.filter((o) => o.name !== "d").map((o) => o.optionId));
    const r = rankOptions(list, { ranking: "highest_cashback", cashback }, within);
    expect(names(list, r.orderedIds)).toEqual(["b", "f", "a", "c", "e"]);
    expect(r.cashbackCoverage).toMatchObject({ stated: 5, of: 6, unstatedListed: 0 });
    expect(cashbackCoverageDisplay(r.cashbackCoverage!, "en")).toBe("cashback stated for 5 of 6 options");
  });

  it("without cashback data keeps the provider's order and says so", () => {
    const r = rankOptions(list, { ranking: "highest_cashback", cashback: { percents: {}, unavailable: true } });
    expect(names(list, r.orderedIds)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(cashbackCoverageDisplay(r.cashbackCoverage!, "ru")).toBe("кешбэк: нет данных, порядок поставщика");
    expect(cashbackCoverageDisplay(rankOptions(list, { ranking: "highest_cashback", cashback }).cashbackCoverage!, "ru")).toBe(
      "кешбэк указан у 5 из 6 вариантов; 1 без указанного кешбэка — в конце списка",
    );
  });

  it("without cashback data a room too small for the party still goes after those that fit, as in provider_order", () => {
    const items = ["a", "b", "c"].map((id) =>
      toJourneyItem({ hotelId: id, name: id, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true, maxOccupancy: id === "a" ? 2 : 3 }),
    );
    const family = publicOptions(buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry(), "ru", { rooms: 1, guestsPerRoom: 3 }));
    const unavailable = { percents: {}, unavailable: true };
    const r = rankOptions(family, { ranking: "highest_cashback", cashback: unavailable, guestsPerRoom: 3 });
    expect(names(family, r.orderedIds)).toEqual(["b", "c", "a"]);
    expect(r.orderedIds).toEqual(rankOptions(family, { ranking: "provider_order", guestsPerRoom: 3 }).orderedIds);
  });

  it("other rankings carry no cashback coverage", () => {
    expect(rankOptions(list, { ranking: "lowest_price", cashback }).cashbackCoverage).toBeNull();
  });
});

describe("minCashbackPercent", () => {
  const list = options([{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }]);
  const percents = byName(list, { a: 3, b: 7, c: 10 });

  it("keeps the options whose stated percent reaches the floor; no stated percent fails", () => {
    const { kept, report } = applyFilters(list, { minCashbackPercent: 7 }, { cashback: percents });
    expect(kept.map((o) => o.name)).toEqual(["b", "c"]);
    expect(filtersLine(report, "ru")).toBe("filters: minCashbackPercent ≥ 7 removed 2; 2 of 4 remain");
  });

  it("a floor of 0 keeps every option with a stated percent, and none when the journey has no cashback", () => {
    expect(applyFilters(list, { minCashbackPercent: 0 }, { cashback: percents }).kept.map((o) => o.name)).toEqual(["a", "b", "c"]);
    expect(applyFilters(list, { minCashbackPercent: 0 }).kept).toEqual([]);
  });
});

describe("cashback for a whole collection", () => {
  it("asks in batches of the provider's maximum, at most CASHBACK_MAX_BATCHES of them", async () => {
    const count = CASHBACK_BATCH_MAX * (CASHBACK_MAX_BATCHES + 1);
    const ids = Array.from({ length: count }, (_, i) => String(10_000_000 + i));
    const items = ids.map((hotelId) =>
      toJourneyItem({ hotelId, name: hotelId, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }),
    );
    const opts = buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry());
    const sizes: number[] = [];
    const api = {
      cashbackPercents: (body: { hotelIds: string[] }) => {
        sizes.push(body.hotelIds.length);
        return Promise.resolve({ items: body.hotelIds.map((hotelId) => ({ hotelId, percent: 5 })) });
      },
      maxCashback: () => Promise.resolve({ maxPercent: 5 }),
    };
    const ctx = { provider: { api: api as unknown as HotelsApi } as HotelsContext["provider"], collectionCashback: new CollectionCashback() };
    const c = await planCashback(ctx, {}, opts, { destinationId: "1004", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" });
    expect(sizes).toEqual(Array(CASHBACK_MAX_BATCHES).fill(CASHBACK_BATCH_MAX));
    expect(Object.keys(c.percents)).toHaveLength(CASHBACK_BATCH_MAX * CASHBACK_MAX_BATCHES);
  });

  it("keeps the batches that answered when one fails; only all failing is no data", async () => {
    const ids = Array.from({ length: CASHBACK_BATCH_MAX * 2 }, (_, i) => String(10_000_000 + i));
    const items = ids.map((hotelId) =>
      toJourneyItem({ hotelId, name: hotelId, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }),
    );
    const opts = buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry());
    const search = { destinationId: "1004", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" };
    const ctxFailing = (fails: (n: number) => boolean) => {
      let n = 0;
      const api = {
        cashbackPercents: (body: { hotelIds: string[] }) =>
          fails(n++) ? Promise.reject(new ProviderError({ kind: "unavailable", routeId: "cashback_percent", status: 503 })) : Promise.resolve({ items: body.hotelIds.map((hotelId) => ({ hotelId, percent: 5 })) }),
        maxCashback: () => Promise.resolve({ maxPercent: 5 }),
      };
      return { provider: { api: api as unknown as HotelsApi } as HotelsContext["provider"], collectionCashback: new CollectionCashback() };
    };
    const partial = await planCashback(ctxFailing((n) => n === 1), {}, opts, search);
    expect(partial.unavailable).toBe(false);
    expect(Object.keys(partial.percents)).toHaveLength(CASHBACK_BATCH_MAX);
    const none = await planCashback(ctxFailing(() => true), {}, opts, search);
    expect(none).toMatchObject({ unavailable: true, percents: {} });
  });
});

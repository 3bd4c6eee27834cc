import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { applyFilters, pickFilters, type HardFilters } from "../../mcp/hotels/journey/filters.js";
import { parsePlanStayInput } from "../../mcp/hotels/journey/input.js";
import { buildOptions, OptionIdRegistry, publicOptions, type PublicOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";
import { filtersFields, filtersLine } from "../../mcp/hotels/tools/filters-view.js";

const NIGHTS = 2;

function item(hotelId: string, extra: Partial<ProviderHotelItem> = {}): ProviderHotelItem {
  return {
    hotelId,
    name: `Hotel ${hotelId}`,
    stars: 4,
    rating: 8.5,
    reviewsCount: 120,
    address: "Москва, Тверская, 1",
    distanceToCenterKm: 1.5,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 27,
    // The provider's price is the total for the stay: 16 000 ₽ is 8 000 ₽ a night.
    shownPrice: { value: 16_000, currency: "RUB" },
    mealName: null,
    freeCancellationUntil: null,
    hasRates: true,
    ...extra,
  };
}

// Options built the way plan_stay builds them, from provider items.
function options(items: ProviderHotelItem[]): PublicOption[] {
  const collected = items.map(toJourneyItem).map((i) => ({ dedupeKey: dedupeKey(i), item: i }));
  return publicOptions(buildOptions(collected, NIGHTS, new OptionIdRegistry()));
}

const names = (list: readonly PublicOption[]) => list.map((o) => o.name);

describe("applyFilters", () => {
  it("without an active filter keeps everything and reports nothing", () => {
    const all = options([item("a"), item("b", { hasRates: false })]);
    expect(applyFilters(all, undefined)).toEqual({ kept: all, report: null });
    expect(applyFilters(all, { bookableOnly: false })).toEqual({ kept: all, report: null });
  });

  it("compares the per-night price in the filter's currency, the limit itself included", () => {
    const all = options([item("at", { shownPrice: { value: 16_000, currency: "RUB" } }), item("over", { shownPrice: { value: 16_000.02, currency: "RUB" } }), item("usd", { shownPrice: { value: 100, currency: "USD" } })]);
    const { kept, report } = applyFilters(all, { maxPricePerNight: { amount: 8000, currency: "RUB" } });
    expect(names(kept)).toEqual(["Hotel at"]);
    // The dollar option is not comparable with a rouble cap: removed, and counted as such.
    expect(report).toMatchObject({ removed: [{ filter: "maxPricePerNight", count: 2 }], otherCurrency: { USD: 1 }, kept: 1, collected: 3 });
  });

  it("removes options whose filtered value is unknown: no rating, no stars, no distance", () => {
    const all = options([item("ok"), item("norating", { rating: null }), item("nostars", { stars: null }), item("nodistance", { distanceToCenterKm: undefined })]);
    const { kept, report } = applyFilters(all, { minRating: 0, minStars: 1, maxDistanceKm: 50 });
    expect(names(kept)).toEqual(["Hotel ok"]);
    expect(report?.removed).toEqual([
      { filter: "minRating", count: 1 },
      { filter: "minStars", count: 1 },
      { filter: "maxDistanceKm", count: 1 },
    ]);
  });

  it("applies the filters in a fixed order, each counting what the earlier ones left, and keeps the collected order", () => {
    const all = options([
      item("cheap-good-near"),
      item("pricey", { shownPrice: { value: 30_000, currency: "RUB" }, rating: 6 }),
      item("low-rated", { rating: 7.9 }),
      item("two-stars", { stars: 2, rating: 9 }),
      item("far", { distanceToCenterKm: 3.1 }),
      item("unbookable", { hasRates: false }),
      item("also-good", { shownPrice: { value: 12_000, currency: "RUB" }, stars: 5 }),
    ]);
    const filters: HardFilters = { bookableOnly: true, maxDistanceKm: 3, minStars: 3, minRating: 8, maxPricePerNight: { amount: 8000, currency: "RUB" } };
    const { kept, report } = applyFilters(all, filters);
    expect(names(kept)).toEqual(["Hotel cheap-good-near", "Hotel also-good"]);
    // "pricey" fails price and rating: only the price filter, which comes first, counts it.
    expect(report?.removed).toEqual([
      { filter: "maxPricePerNight", count: 1 },
      { filter: "minRating", count: 1 },
      { filter: "minStars", count: 1 },
      { filter: "maxDistanceKm", count: 1 },
      { filter: "bookableOnly", count: 1 },
    ]);
    expect(report).toMatchObject({ kept: 2, collected: 7, otherCurrency: {} });
  });

  it("reports an empty result when the filters remove everything", () => {
    const { kept, report } = applyFilters(options([item("a"), item("b")]), { minStars: 5 });
    expect(kept).toEqual([]);
    expect(report).toMatchObject({ removed: [{ filter: "minStars", count: 2 }], kept: 0, collected: 2 });
  });
});

describe("pickFilters", () => {
  it("takes only the filter fields that were given", () => {
    expect(pickFilters({})).toBeUndefined();
    expect(pickFilters({ minRating: 8, bookableOnly: false })).toEqual({ minRating: 8, bookableOnly: false });
  });
});

describe("filters in plan_stay input", () => {
  const base = { destination: "Москва", checkinDate: "2027-04-09", checkoutDate: "2027-04-11", guests: 2 };

  it("stores the given filters in the request", () => {
    const r = parsePlanStayInput({ ...base, maxPricePerNight: { amount: 8000, currency: "RUB" }, minRating: 8, maxDistanceKm: 3, bookableOnly: true }, "2027-03-01");
    expect(r).toMatchObject({ ok: true, value: { filters: { maxPricePerNight: { amount: 8000, currency: "RUB" }, minRating: 8, maxDistanceKm: 3, bookableOnly: true } } });
    const plain = parsePlanStayInput(base, "2027-03-01");
    expect(plain.ok && plain.value.filters).toBeUndefined();
  });

  it("refuses out-of-range values and unknown fields, every one at once", () => {
    const r = parsePlanStayInput({ ...base, minRating: 11, minStars: 6, maxDistanceKm: 0, maxPricePerNight: { amount: 8000, currency: "rub", perNight: true } }, "2027-03-01");
    expect(r.ok).toBe(false);
    const fields = r.ok ? [] : r.error.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["minRating", "minStars", "maxDistanceKm", "maxPricePerNight.currency", "maxPricePerNight.perNight"]));
  });
});

describe("filters report", () => {
  const all = options([item("a"), item("b", { rating: 7 }), item("c", { shownPrice: { value: 20_000, currency: "RUB" } }), item("d", { shownPrice: { value: 150, currency: "EUR" } })]);

  it("says per filter what it removed, and how many of the collection remain, in both channels", () => {
    const { report } = applyFilters(all, { maxPricePerNight: { amount: 8000, currency: "RUB" }, minRating: 8 });
    expect(filtersLine(report)).toBe(`filters: maxPricePerNight ≤ 8${NBSP}000${NBSP}₽ removed 2 (1 in EUR), minRating ≥ 8 removed 1; 1 of 4 remain`);
    expect(filtersFields(report)).toEqual({
      filtersApplied: { maxPricePerNight: { limit: `8${NBSP}000${NBSP}₽`, removed: 2, otherCurrency: { EUR: 1 } }, minRating: { limit: 8, removed: 1 }, remain: 1, of: 4 },
    });
  });

  it("says nothing when no filter was active", () => {
    expect(filtersLine(null)).toBeUndefined();
    expect(filtersFields(null)).toEqual({});
  });
});

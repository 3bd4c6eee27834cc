import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { bandFit, bandPriceUtility, inversePriceUtility } from "../../mcp/hotels/journey/best-value.js";
import { buildOptions, OptionIdRegistry } from "../../mcp/hotels/journey/options.js";
import type { PublicOption } from "../../mcp/hotels/journey/options.js";
import { rankOptions, referenceCurrency, resolveRanking } from "../../mcp/hotels/journey/ranking.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import type { HotelPreferencesInput } from "../../mcp/hotels/journey/types.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";

interface Spec {
  id: string;
  rating?: number | null;
  reviews?: number;
  perNight?: number;
  currency?: string;
}

const NIGHTS = 2;

// Options named by their spec id, so orders read as ["a", "b", ...].
function options(specs: Spec[]): PublicOption[] {
  let n = 0;
  const ids = new OptionIdRegistry((size) => new Uint8Array(size).fill(++n));
  const items: ProviderHotelItem[] = specs.map((s) => ({
    hotelId: s.id,
    name: s.id,
    stars: 4,
    rating: s.rating === undefined ? 8 : s.rating,
    reviewsCount: s.reviews ?? 100,
    address: "addr",
    distanceToCenterKm: 1,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 1,
    shownPrice: { value: (s.perNight ?? 10_000) * NIGHTS, currency: s.currency ?? "RUB" },
    mealName: null,
    freeCancellationUntil: null,
    hasRates: true,
  }));
  return buildOptions(items.map(toJourneyItem).map((item) => ({ dedupeKey: dedupeKey(item), item })), NIGHTS, ids).map((o) => o.public);
}

function names(list: PublicOption[], orderedIds: string[]): string[] {
  const byId = new Map(list.map((o) => [o.optionId, o.name]));
  return orderedIds.map((id) => byId.get(id) ?? "?");
}

const prefs = (extra: Partial<HotelPreferencesInput> = {}): HotelPreferencesInput => ({
  pricePerNight: { min: 6000, max: 13000, currency: "RUB" },
  ranking: "best_value",
  showAlternativesOutsideBand: true,
  ...extra,
});

describe("resolveRanking", () => {
  it("lets the top-level ranking win over hotelPreferences.ranking, else defaults to provider_order", () => {
    expect(resolveRanking({ ranking: "lowest_price", hotelPreferences: prefs() })).toEqual({ ranking: "lowest_price", source: "request" });
    expect(resolveRanking({ hotelPreferences: prefs() })).toEqual({ ranking: "best_value", source: "hotel_preferences" });
    expect(resolveRanking({})).toEqual({ ranking: "provider_order", source: "default" });
  });
});

describe("provider_order and highest_rating", () => {
  it("keeps the collected order", () => {
    const list = options([{ id: "b" }, { id: "a" }, { id: "c" }]);
    expect(names(list, rankOptions(list, { ranking: "provider_order" }).orderedIds)).toEqual(["b", "a", "c"]);
  });

  it("sorts by numeric rating only: ties stay in provider order whatever the review counts, nulls last", () => {
    const list = options([
      { id: "none", rating: null, reviews: 5000 },
      { id: "tie-few", rating: 9, reviews: 3 },
      { id: "low", rating: 7.1 },
      { id: "tie-many", rating: 9, reviews: 9000 },
      { id: "top", rating: 9.6 },
      { id: "none2", rating: null },
    ]);
    const r = rankOptions(list, { ranking: "highest_rating" });
    expect(names(list, r.orderedIds)).toEqual(["top", "tie-few", "tie-many", "low", "none", "none2"]);
    expect(r.priceCurrency).toBeNull();
  });

  it("is a stable rating sort for any input (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }), { maxLength: 12 }), (ratings) => {
        const list = options(ratings.map((rating, i) => ({ id: `h${i}`, rating })));
        const ordered = rankOptions(list, { ranking: "highest_rating" }).orderedIds.map((id) => list.findIndex((o) => o.optionId === id));
        for (let i = 1; i < ordered.length; i++) {
          const [a, b] = [ratings[ordered[i - 1]!], ratings[ordered[i]!]];
          const [ka, kb] = [a ?? -1, b ?? -1];
          expect(ka > kb || (ka === kb && ordered[i - 1]! < ordered[i]!)).toBe(true);
        }
      }),
    );
  });
});

describe("lowest_price", () => {
  it("sorts by per-night decimal price, ties in provider order", () => {
    const list = options([{ id: "b", perNight: 10_000 }, { id: "a", perNight: 9999.99 }, { id: "c", perNight: 10_000 }, { id: "d", perNight: 500 }]);
    const r = rankOptions(list, { ranking: "lowest_price" });
    expect(names(list, r.orderedIds)).toEqual(["d", "a", "b", "c"]);
    expect(r).toMatchObject({ priceCurrency: "RUB", otherCurrencies: null, notPriceCompared: [] });
  });

  it("never mixes currencies: other currencies go after, unsorted, with a note", () => {
    const list = options([
      { id: "usd-cheap", perNight: 50, currency: "USD" },
      { id: "rub-b", perNight: 9000 },
      { id: "usd-dear", perNight: 400, currency: "USD" },
      { id: "rub-a", perNight: 7000 },
      { id: "amd", perNight: 10, currency: "AMD" },
      { id: "rub-c", perNight: 8000 },
    ]);
    const r = rankOptions(list, { ranking: "lowest_price" });
    expect(names(list, r.orderedIds)).toEqual(["rub-a", "rub-c", "rub-b", "usd-cheap", "usd-dear", "amd"]);
    expect(r.priceCurrency).toBe("RUB");
    expect(names(list, r.notPriceCompared)).toEqual(["usd-cheap", "usd-dear", "amd"]);
    expect(r.otherCurrencies).toEqual({ currencies: ["USD", "AMD"], count: 3 });
  });

  it("compares the currency of what a filter kept: USD options left by a USD price cap are sorted", () => {
    const list = options([
      { id: "rub-a", perNight: 7000 },
      { id: "usd-dear", perNight: 161, currency: "USD" },
      { id: "usd-cheap", perNight: 105, currency: "USD" },
      { id: "rub-b", perNight: 6000 },
    ]);
    const within = new Set(list.filter((o) => o.currency === "USD").map((o) => o.optionId));
    const r = rankOptions(list, { ranking: "lowest_price" }, within);
    expect(names(list, r.orderedIds)).toEqual(["usd-cheap", "usd-dear"]);
    expect(r.priceCurrency).toBe("USD");
    expect(r.otherCurrencies).toBeNull();
  });

  it("compares in the requested band currency when options have it, else the most frequent one", () => {
    const list = options([{ id: "u1", currency: "USD" }, { id: "r1" }, { id: "u2", currency: "USD" }]);
    expect(referenceCurrency(list)).toBe("USD");
    expect(referenceCurrency(list, "RUB")).toBe("RUB");
    expect(referenceCurrency(list, "EUR")).toBe("USD");
    expect(referenceCurrency(options([{ id: "r" }, { id: "u", currency: "USD" }]))).toBe("RUB");
    expect(referenceCurrency([])).toBeNull();
  });
});

describe("best_value (best_value_v2)", () => {
  it("scores 0.6·rating/10 + 0.2·log reviews share + 0.2·min/price without a band", () => {
    const list = options([
      { id: "c", rating: null, reviews: 0, perNight: 4000 },
      { id: "b", rating: 8, reviews: 100, perNight: 5000 },
      { id: "a", rating: 9, reviews: 1000, perNight: 10_000 },
    ]);
    const r = rankOptions(list, { ranking: "best_value" });
    expect(names(list, r.orderedIds)).toEqual(["a", "b", "c"]);
    const score = (name: string) => r.bestValue?.[list.find((o) => o.name === name)!.optionId]?.score;
    expect(score("a")).toBeCloseTo(0.54 + 0.2 + 0.2 * 0.4, 4);
    expect(score("b")).toBeCloseTo(0.48 + (0.2 * Math.log(101)) / Math.log(1001) + 0.2 * 0.8, 4);
    expect(score("c")).toBeCloseTo(0.2, 4);
    expect(r.preferencesApplied).toEqual({ applied: false, reason: "no_hotel_preferences" });
    expect(r.preferenceAlternatives).toEqual({ below: [], above: [] });
  });

  it("band utility: 1 inside, gently lower slightly outside, negative far outside", () => {
    const band = { min: 6000, max: 13000, currency: "RUB" };
    expect(bandPriceUtility(bandFit(6000, band))).toBe(1);
    expect(bandPriceUtility(bandFit(13000, band))).toBe(1);
    expect(bandFit(5400, band)).toEqual({ position: "below", deviation: 0.1 });
    expect(bandPriceUtility(bandFit(5400, band))).toBeCloseTo(0.85);
    expect(bandPriceUtility(bandFit(15600, band))).toBeCloseTo(0.7);
    expect(bandPriceUtility(bandFit(3000, band))).toBe(-0.5);
    expect(bandPriceUtility(bandFit(40000, band))).toBe(-0.5);
    expect(inversePriceUtility(5000, 2500)).toBe(0.5);
  });

  it("with a band, prefers in-band prices and never rewards the cheapest far below it", () => {
    const list = options([
      { id: "far-below", rating: 8.5, perNight: 2000 },
      { id: "inside", rating: 8.5, perNight: 10_000 },
      { id: "slightly-below", rating: 8.5, perNight: 5500 },
      { id: "slightly-above", rating: 8.5, perNight: 14_000 },
      { id: "far-above", rating: 9.5, perNight: 30_000 },
      { id: "slightly-above-poor", rating: 6, perNight: 13_500 },
    ]);
    const withoutBand = rankOptions(list, { ranking: "best_value" });
    expect(names(list, withoutBand.orderedIds)[0]).toBe("far-below");

    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: prefs() });
    expect(names(list, r.orderedIds)).toEqual(["inside", "slightly-above", "slightly-below", "slightly-above-poor", "far-above", "far-below"]);
    expect(r.preferencesApplied).toEqual({ applied: true, band: { min: 6000, max: 13000, currency: "RUB" } });
    expect(names(list, r.preferenceAlternatives.below)).toEqual(["slightly-below"]);
    expect(names(list, r.preferenceAlternatives.above)).toEqual(["slightly-above"]);
    const inside = list.find((o) => o.name === "inside")!.optionId;
    expect(r.bestValue?.[inside]).toMatchObject({ priceUtility: 1, bandPosition: "inside", bandDeviation: 0 });
  });

  it("returns no alternatives when showAlternativesOutsideBand is false", () => {
    const list = options([{ id: "in", perNight: 10_000 }, { id: "below", perNight: 5500 }]);
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: prefs({ showAlternativesOutsideBand: false }) });
    expect(r.preferencesApplied.applied).toBe(true);
    expect(r.preferenceAlternatives).toEqual({ below: [], above: [] });
  });

  it("does not apply a band in another currency, and says why", () => {
    const list = options([{ id: "a", perNight: 10_000 }, { id: "b", perNight: 2000 }]);
    const usd = prefs({ pricePerNight: { min: 60, max: 130, currency: "USD" } });
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: usd });
    expect(r.preferencesApplied).toEqual({ applied: false, reason: "currency_mismatch" });
    expect(names(list, r.orderedIds)).toEqual(["b", "a"]);
    expect(r.bestValue?.[list[0]!.optionId]?.bandPosition).toBeNull();
  });

  it("does not claim the profile was applied under another ranking", () => {
    const list = options([{ id: "a" }]);
    expect(rankOptions(list, { ranking: "lowest_price", hotelPreferences: prefs() }).preferencesApplied).toEqual({ applied: false, reason: "ranking_not_best_value" });
  });

  it("scores only the reference currency and puts the rest after", () => {
    const list = options([{ id: "usd", rating: 10, perNight: 10, currency: "USD" }, { id: "rub", rating: 5 }]);
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: prefs() });
    expect(names(list, r.orderedIds)).toEqual(["rub", "usd"]);
    expect(r.bestValue?.[list[0]!.optionId]).toBeUndefined();
    expect(r.otherCurrencies).toEqual({ currencies: ["USD"], count: 1 });
  });
});

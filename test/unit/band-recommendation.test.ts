import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { compareOptions } from "../../mcp/hotels/journey/compare.js";
import { buildOptions, OptionIdRegistry, type PublicOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { rankOptions } from "../../mcp/hotels/journey/ranking.js";
import type { HotelPreferencesInput } from "../../mcp/hotels/journey/types.js";
import type { JourneyView } from "../../mcp/hotels/journey/view.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";
import { alternativesLines, bandGuidance, preferenceAlternatives } from "../../mcp/hotels/tools/alternatives-view.js";

// The person's range (issue 30, point 2): with an applied band the options inside it are the
// recommendation and lead; the good ones just outside it are offered apart, by name, price and why.

interface Spec {
  id: string;
  rating: number;
  perNight: number;
  hasRates?: boolean;
}

function options(specs: Spec[]): PublicOption[] {
  let n = 0;
  const ids = new OptionIdRegistry((size) => new Uint8Array(size).fill(++n));
  const items: ProviderHotelItem[] = specs.map((s) => ({
    hotelId: s.id,
    name: s.id,
    stars: 4,
    rating: s.rating,
    reviewsCount: 500,
    address: "addr",
    distanceToCenterKm: 1,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 1,
    shownPrice: { value: s.perNight * 2, currency: "RUB" },
    mealName: null,
    freeCancellationUntil: null,
    hasRates: s.hasRates ?? true,
  }));
  return buildOptions(items.map(toJourneyItem).map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, ids).map((o) => o.public);
}

const names = (list: readonly PublicOption[], ids: readonly string[]) => ids.map((id) => list.find((o) => o.optionId === id)?.name ?? "?");
const band: HotelPreferencesInput = { pricePerNight: { min: 6000, max: 13000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true };
const view = (lang: "ru" | "en"): JourneyView => ({ lang, nowMs: 0, offsetMinutes: 180, rooms: 1, guestsPerRoom: 2 });

// Well-rated hotels just outside the band outscore the plainer ones inside it under best_value_v2.
const CITY: Spec[] = [
  { id: "above-9.9", rating: 9.9, perNight: 14_300 },
  { id: "below-9.8", rating: 9.8, perNight: 5700 },
  { id: "inside-8.6", rating: 8.6, perNight: 12_000 },
  { id: "far-above-10", rating: 10, perNight: 30_000 },
  { id: "inside-8.2", rating: 8.2, perNight: 7000 },
  { id: "inside-no-rates", rating: 9, perNight: 9000, hasRates: false },
  { id: "above-poor", rating: 6, perNight: 13_500 },
  { id: "inside-8.0", rating: 8, perNight: 6500 },
];

describe("best_value with the person's band", () => {
  it("puts every bookable option inside the band first, then those slightly outside, then the far ones", () => {
    const list = options(CITY);
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: band });
    // By score alone the two well-rated hotels just outside the band would lead.
    const score = (name: string) => r.bestValue?.[list.find((o) => o.name === name)!.optionId]?.score ?? 0;
    expect(Math.min(score("below-9.8"), score("above-9.9"))).toBeGreaterThan(score("inside-8.6"));
    expect(names(list, r.orderedIds)).toEqual(["inside-8.6", "inside-8.2", "inside-8.0", "below-9.8", "above-9.9", "above-poor", "far-above-10", "inside-no-rates"]);
    expect(names(list, r.preferenceAlternatives.above)).toEqual(["above-9.9"]);
    expect(names(list, r.preferenceAlternatives.below)).toEqual(["below-9.8"]);
  });

  it("leaves the order to the score when the band is not applied (another currency)", () => {
    const list = options(CITY);
    const usd = { ...band, pricePerNight: { min: 60, max: 130, currency: "USD" } };
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: usd });
    expect(r.preferencesApplied.applied).toBe(false);
    expect(names(list, r.orderedIds)).toEqual(names(list, rankOptions(list, { ranking: "best_value" }).orderedIds));
  });

  it("compares the options inside the band; options the person names are compared whatever their price", () => {
    const list = options(CITY);
    const everyId = new Set(list.map((o) => o.optionId));
    const params = { ranking: "best_value" as const, hotelPreferences: band };
    const first = compareOptions(list, everyId, "journey_selection", params);
    expect(first.shown.map((o) => o.name)).toEqual(["inside-8.6", "inside-8.2", "inside-8.0", "inside-no-rates"]);
    const id = (name: string) => list.find((o) => o.name === name)!.optionId;
    const named = compareOptions(list, new Set([id("above-9.9"), id("inside-8.2")]), "explicit", params);
    expect(named.shown.map((o) => o.name)).toEqual(["inside-8.2", "above-9.9"]);
  });

  it("compares the ranked order when fewer than two options are inside the band", () => {
    const list = options([{ id: "inside", rating: 8, perNight: 9000 }, { id: "above", rating: 9.5, perNight: 14_000 }, { id: "below", rating: 9, perNight: 5500 }]);
    const r = compareOptions(list, new Set(list.map((o) => o.optionId)), "journey_selection", { ranking: "best_value", hotelPreferences: band });
    expect(r.shown.map((o) => o.name)).toEqual(["inside", "above", "below"]);
  });
});

describe("alternatives shown apart", () => {
  it("names each alternative with its price, side, deviation and why, best first, though none is on a page of three", () => {
    const list = options(CITY);
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: band });
    expect(r.orderedIds.slice(0, 3)).not.toContain(r.preferenceAlternatives.above[0]);
    const ru = preferenceAlternatives(r, list, view("ru"));
    expect(ru).toEqual([
      { optionId: r.preferenceAlternatives.below[0], name: "below-9.8", price: `от 11${NBSP}400${NBSP}₽ за 2 ночи, 5${NBSP}700${NBSP}₽ за ночь`, side: "below", deviationPercent: 5, why: "на 5 % ниже диапазона, рейтинг 9,8/10" },
      { optionId: r.preferenceAlternatives.above[0], name: "above-9.9", price: `от 28${NBSP}600${NBSP}₽ за 2 ночи, 14${NBSP}300${NBSP}₽ за ночь`, side: "above", deviationPercent: 10, why: "на 10 % выше диапазона, рейтинг 9,9/10" },
    ]);
    const en = preferenceAlternatives(r, list, view("en"));
    expect(en.map((a) => a.why)).toEqual(["5% below the band, rating 9.8/10", "10% above the band, rating 9.9/10"]);
    expect(alternativesLines(en, "en")).toEqual([
      "alternatives outside the band (show apart):",
      `- ${en[0]!.optionId} "below-9.8" · ${en[0]!.price} · 5% below the band, rating 9.8/10`,
      `- ${en[1]!.optionId} "above-9.9" · ${en[1]!.price} · 10% above the band, rating 9.9/10`,
    ]);
    expect(bandGuidance(r, en)).toContain("show alternatives apart");
  });

  it("never says 0 %: a price just past the band reads as 1 %", () => {
    const list = options([{ id: "inside", rating: 8, perNight: 9000 }, { id: "just-above", rating: 9, perNight: 13_020 }]);
    const r = rankOptions(list, { ranking: "best_value", hotelPreferences: band });
    expect(preferenceAlternatives(r, list, view("ru"))[0]).toMatchObject({ deviationPercent: 1, why: "на 1 % выше диапазона, рейтинг 9/10" });
  });

  it("offers nothing apart when the person turned alternatives off or the band ranked nothing", () => {
    const list = options(CITY);
    const off = rankOptions(list, { ranking: "best_value", hotelPreferences: { ...band, showAlternativesOutsideBand: false } });
    expect(preferenceAlternatives(off, list, view("ru"))).toEqual([]);
    expect(alternativesLines([], "ru")).toEqual([]);
    expect(bandGuidance(off, [])).toBe("Recommend the options inside the band first. ");
    const cheapest = rankOptions(list, { ranking: "lowest_price", hotelPreferences: band });
    expect(bandGuidance(cheapest, [])).toBe("");
  });
});

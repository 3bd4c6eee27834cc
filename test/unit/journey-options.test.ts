import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { isRef } from "../../shared/refs.js";
import { MISSING } from "../../shared/time.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { breakfastEvidence, cancellationFacts, priceFacts } from "../../mcp/hotels/journey/facts.js";
import { buildOptions, findOption, OptionIdRegistry, publicOptions } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import type { ProviderHotelItem } from "../../mcp/hotels/provider/index.js";

// Deterministic random source: every call returns a fresh byte pattern.
function counterRandom() {
  let n = 0;
  return (size: number) => new Uint8Array(size).fill(++n);
}

function item(hotelId: string | undefined, extra: Partial<ProviderHotelItem> = {}): ProviderHotelItem {
  return {
    ...(hotelId === undefined ? {} : { hotelId }),
    name: `Hotel ${hotelId ?? "?"}`,
    stars: 4,
    rating: 8.4,
    reviewsCount: 120,
    address: "Казань, ул. Баумана, 1",
    distanceToCenterKm: 0.8,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 27,
    shownPrice: { value: 18450.5, currency: "RUB" },
    mealName: "Завтрак включён",
    freeCancellationUntil: "2026-09-14T18:00:00+03:00",
    hasRates: true,
    ...extra,
  };
}

const collected = (items: ProviderHotelItem[]) => items.map(toJourneyItem).map((i) => ({ dedupeKey: dedupeKey(i), item: i }));

describe("price facts", () => {
  it("keeps the total as a decimal string and derives per night once, rounded half-up", () => {
    expect(priceFacts({ value: 18450.5, currency: "RUB" }, 2)).toEqual({
      totalPriceDecimal: "18450.5",
      currency: "RUB",
      stayNights: 2,
      pricePerNightDecimal: "9225.25",
      totalPriceDisplay: `18${NBSP}450,50${NBSP}₽`,
      pricePerNightDisplay: `9${NBSP}225,25${NBSP}₽`,
    });
    expect(priceFacts({ value: 10000, currency: "RUB" }, 3).pricePerNightDecimal).toBe("3333.33");
    expect(priceFacts({ value: 0.05, currency: "USD" }, 2).pricePerNightDecimal).toBe("0.03");
    expect(priceFacts({ value: 150000, currency: "AMD" }, 3).pricePerNightDisplay).toBe(`50${NBSP}000${NBSP}AMD`);
  });

  it("refuses a stay without nights", () => {
    expect(() => priceFacts({ value: 1, currency: "RUB" }, 0)).toThrow(RangeError);
  });
});

describe("breakfast evidence", () => {
  it.each([
    ["Завтрак включён", "confirmed_by_meal_name"],
    ["Breakfast included", "confirmed_by_meal_name"],
    ["Полупансион", "confirmed_by_meal_name"],
    ["Half board", "confirmed_by_meal_name"],
    ["Всё включено", "confirmed_by_meal_name"],
    ["Все включено", "confirmed_by_meal_name"],
    ["All inclusive", "confirmed_by_meal_name"],
    ["Полный пансион", "confirmed_by_meal_name"],
    ["Без питания", "excluded_by_meal_name"],
    ["Room only", "excluded_by_meal_name"],
    ["No meals", "excluded_by_meal_name"],
    ["Завтрак не включён", "excluded_by_meal_name"],
    ["Завтрак за дополнительную плату", "not_confirmed_for_displayed_price"],
    ["Ужин", "not_confirmed_for_displayed_price"],
    ["", "not_confirmed_for_displayed_price"],
    [null, "not_confirmed_for_displayed_price"],
  ])("%j → %s", (meal, evidence) => {
    expect(breakfastEvidence(meal)).toBe(evidence);
  });
});

describe("cancellation facts", () => {
  it("shows the provider time with its offset", () => {
    expect(cancellationFacts("2026-09-14T18:00:00+03:00")).toEqual({
      freeCancellationUntil: "2026-09-14T18:00:00+03:00",
      freeCancellationUntilDisplay: "14.09.2026 18:00 (UTC+03:00)",
      cancellationDisplay: "бесплатная отмена до 14.09.2026 18:00 (UTC+03:00)",
    });
  });

  it("shows a missing or unreadable fact as «нет данных», never as non-refundable", () => {
    for (const raw of [null, undefined, "2026-09-14T18:00:00", "soon"]) {
      const facts = cancellationFacts(raw);
      expect(facts.freeCancellationUntilDisplay).toBe(MISSING);
      expect(facts.cancellationDisplay).toBe(MISSING);
      expect(JSON.stringify(facts)).not.toMatch(/невозврат/i);
    }
  });
});

describe("journey options", () => {
  it("derives the public facts with a cover photo and a count, never the photo list", () => {
    const ids = new OptionIdRegistry(counterRandom());
    const [option] = buildOptions(collected([item("h1")]), 2, ids);
    expect(option?.hotelId).toBe("h1");
    expect(option?.public).toEqual({
      optionId: expect.stringMatching(/^opt_/) as string,
      providerPosition: 1,
      name: "Hotel h1",
      stars: 4,
      rating: 8.4,
      reviewsCount: 120,
      address: "Казань, ул. Баумана, 1",
      distanceToCenterKm: 0.8,
      coverPhotoUrl: "https://img.example/c.jpg",
      photosCount: 27,
      totalPriceDecimal: "18450.5",
      currency: "RUB",
      stayNights: 2,
      pricePerNightDecimal: "9225.25",
      totalPriceDisplay: `18${NBSP}450,50${NBSP}₽`,
      pricePerNightDisplay: `9${NBSP}225,25${NBSP}₽`,
      mealName: "Завтрак включён",
      breakfastEvidence: "confirmed_by_meal_name",
      freeCancellationUntil: "2026-09-14T18:00:00+03:00",
      freeCancellationUntilDisplay: "14.09.2026 18:00 (UTC+03:00)",
      cancellationDisplay: "бесплатная отмена до 14.09.2026 18:00 (UTC+03:00)",
      hasRates: true,
      priceSource: "search",
      pricePerRoomNightDecimal: "9225.25",
      roomHolds: null,
      roomFit: "unknown",
      nonRefundable: false,
      penaltyAfter: null,
      paymentType: null,
      cheapestRateNumber: null,
    });
    expect(isRef("optionId", option?.public.optionId)).toBe(true);
    const [other] = buildOptions(collected([item("prov-777", { name: "Ривьера" })]), 2, ids);
    expect(JSON.stringify(other?.public)).not.toContain("prov-777");
  });

  it("keeps optionIds stable across rebuilds, reordering and continuation", () => {
    const ids = new OptionIdRegistry(counterRandom());
    const first = buildOptions(collected([item("a"), item("b"), item(undefined, { name: "No id" })]), 1, ids);
    const again = buildOptions(collected([item("c"), item(undefined, { name: "No id" }), item("b"), item("a")]), 1, ids);
    const idOf = (list: typeof first, name: string) => list.find((o) => o.public.name === name)?.public.optionId;
    for (const name of ["Hotel a", "Hotel b", "No id"]) expect(idOf(again, name)).toBe(idOf(first, name));
    expect(new Set(again.map((o) => o.public.optionId)).size).toBe(4);
    expect(ids.size).toBe(4);
    expect(again.map((o) => o.public.providerPosition)).toEqual([1, 2, 3, 4]);
    expect(findOption(again, idOf(first, "Hotel a")!)?.hotelId).toBe("a");
    expect(publicOptions(again)).toHaveLength(4);
  });
});

import { describe, expect, it } from "vitest";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { applyFilters } from "../../mcp/hotels/journey/filters.js";
import { buildOptions, OptionIdRegistry, withLoadedRates, type PublicOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { rankOptions } from "../../mcp/hotels/journey/ranking.js";
import { normalizeRates } from "../../mcp/hotels/journey/rates.js";
import type { ProviderHotelItem, ProviderRate } from "../../mcp/hotels/provider/index.js";
import { filtersLine } from "../../mcp/hotels/tools/filters-view.js";
import { ratesEffect, ratesEffectLine } from "../../mcp/hotels/journey/rates-effect.js";

const NIGHTS = 2;
const FAMILY = { rooms: 1, guestsPerRoom: 3 };

// A search item priced at `perNight`, its priced room holding `holds` guests (undefined: not stated).
function item(id: string, perNight: number, holds: number | undefined, extra: Partial<ProviderHotelItem> = {}): ProviderHotelItem {
  return {
    hotelId: id,
    name: id,
    stars: 3,
    rating: 8,
    reviewsCount: 10,
    shownPrice: { value: perNight * NIGHTS, currency: "RUB" },
    mealName: null,
    freeCancellationUntil: null,
    ...(holds === undefined ? {} : { maxOccupancy: holds }),
    hasRates: true,
    ...extra,
  };
}

function options(items: ProviderHotelItem[], shape = FAMILY): PublicOption[] {
  const collected = items.map(toJourneyItem).map((i) => ({ dedupeKey: dedupeKey(i), item: i }));
  return buildOptions(collected, NIGHTS, new OptionIdRegistry(), "ru", shape).map((o) => o.public);
}

function rate(id: string, total: number, maxOccupancy?: number): ProviderRate {
  return { rateId: id, bookHash: `bh_${id}`, roomName: id, mealName: null, price: { value: total, currency: "RUB" }, cancellation: { freeCancellationUntil: null, penaltyAfter: null }, paymentType: "prepay", ...(maxOccupancy === undefined ? {} : { maxOccupancy }) };
}

const names = (list: readonly PublicOption[], ids: readonly string[]) => ids.map((id) => list.find((o) => o.optionId === id)?.name);

describe("room fit", () => {
  it("is known from the search item when it states the priced room's size, else not known yet", () => {
    const [fits, small, unstated, noRates] = options([item("fits", 9000, 4), item("small", 5000, 2), item("unstated", 6000, undefined), item("none", 4000, 2, { hasRates: false })]);
    expect([fits, small, unstated, noRates].map((o) => [o?.roomFit, o?.roomHolds])).toEqual([["fits", null], ["does_not_fit", 2], ["unknown", null], ["unknown", null]]);
  });

  it("is settled by the loaded rates: the price becomes the cheapest room that holds the party, or says none does", () => {
    const [unstated] = options([item("unstated", 6000, undefined)]);
    const tooSmall = normalizeRates([rate("double", 11_000, 2), rate("twin", 12_000, 2)], NIGHTS);
    expect(withLoadedRates(unstated!, tooSmall, FAMILY)).toMatchObject({ roomFit: "does_not_fit", roomHolds: 2, totalPriceDecimal: "11000" });
    const family = normalizeRates([rate("double", 11_000, 2), rate("family", 17_000, 4)], NIGHTS);
    expect(withLoadedRates(unstated!, family, FAMILY)).toMatchObject({ roomFit: "fits", roomHolds: null, totalPriceDecimal: "17000" });
    const unsized = normalizeRates([rate("double", 11_000, 2), rate("room", 13_000)], NIGHTS);
    expect(withLoadedRates(unstated!, unsized, FAMILY)).toMatchObject({ roomFit: "unknown", totalPriceDecimal: "13000" });
  });

  it("every ranking puts rooms that fit first, then those not known yet, then those that do not fit, then the unbookable", () => {
    const list = options([item("small-cheapest", 3000, 2), item("none", 2000, undefined, { hasRates: false }), item("unstated", 4000, undefined), item("fits-dear", 9000, 3), item("fits", 7000, 4)]);
    expect(names(list, rankOptions(list, { ranking: "lowest_price", guestsPerRoom: 3 }).orderedIds)).toEqual(["fits", "fits-dear", "unstated", "small-cheapest", "none"]);
    for (const ranking of ["best_value", "highest_rating"] as const) {
      const order = names(list, rankOptions(list, { ranking, guestsPerRoom: 3 }).orderedIds);
      expect(new Set(order.slice(0, 2))).toEqual(new Set(["fits", "fits-dear"]));
      expect(order.slice(2)).toEqual(["unstated", "small-cheapest", "none"]);
    }
    // The provider's order moves only what does not fit or may not; its unbookable hotel stays in place.
    expect(names(list, rankOptions(list, { ranking: "provider_order", guestsPerRoom: 3 }).orderedIds)).toEqual(["fits-dear", "fits", "none", "unstated", "small-cheapest"]);
  });

  it("with two guests a room an unstated room size ranks as any other", () => {
    const list = options([item("dear", 9000, 2), item("unstated", 4000, undefined)], { rooms: 1, guestsPerRoom: 2 });
    expect(names(list, rankOptions(list, { ranking: "lowest_price", guestsPerRoom: 2 }).orderedIds)).toEqual(["unstated", "dear"]);
  });

  it("the price cap passes only rooms that fit or may, and counts those that do not", () => {
    const list = options([item("small-cheap", 3000, 2), item("fits", 7000, 3), item("fits-over", 13_000, 3), item("unstated", 5000, undefined)]);
    const { kept, report } = applyFilters(list, { maxPricePerNight: { amount: 8000, currency: "RUB" } });
    expect(kept.map((o) => o.name)).toEqual(["fits", "unstated"]);
    expect(report).toMatchObject({ removed: [{ filter: "maxPricePerNight", count: 2 }], noRoom: 1 });
    expect(filtersLine(report)).toBe("filters: maxPricePerNight ≤ 8\u00a0000\u00a0₽ removed 2 (1 noRoomForParty); 2 of 4 remain");
  });
});

describe("what loading rates changed", () => {
  it("counts options the filters drop and options moved down, each with its reason", () => {
    const items = [item("capped", 5000, undefined), item("moved", 6000, undefined), item("empty", 7000, 3), item("same", 8000, 3)].map(toJourneyItem);
    const options = buildOptions(items.map((i) => ({ dedupeKey: dedupeKey(i), item: i })), NIGHTS, new OptionIdRegistry(), "ru", FAMILY);
    const id = (name: string) => options.find((o) => o.public.name === name)!.public.optionId;
    const loadedRates = {
      [id("capped")]: normalizeRates([rate("double", 10_000, 2)], NIGHTS),
      [id("moved")]: normalizeRates([rate("double", 12_000, 2)], NIGHTS),
      [id("empty")]: normalizeRates([{ ...rate("x", 14_000, 3), bookHash: " " }], NIGHTS),
      [id("same")]: normalizeRates([rate("family", 16_000, 3)], NIGHTS),
    };
    const rooms = [{ adults: 2, childrenAges: [7] }];
    expect(ratesEffect({ options, loadedRates, request: { rooms } })).toEqual({ removed: {}, movedDown: { no_room: 2, no_rates: 1 } });
    const capped = ratesEffect({ options, loadedRates, request: { rooms, filters: { maxPricePerNight: { amount: 5500, currency: "RUB" } } } });
    expect(capped).toEqual({ removed: { no_room: 1 }, movedDown: { no_room: 1, no_rates: 1 } });
    expect(ratesEffectLine(capped!, 3, "en")).toBe("after loading rates: removed by the filters 1 (no room for 3 guests: 1); moved to the end 2 (no room for 3 guests: 1, no bookable rates: 1)");
    expect(ratesEffect({ options, loadedRates: {}, request: { rooms } })).toBeNull();
    // A cashback filter beside the cap: the facts listings filter on are the ones counted here too.
    const cashback = { percents: Object.fromEntries(options.map((o) => [o.public.optionId, 10])), max: null, unavailable: false };
    const withCashback = ratesEffect({ options, loadedRates, cashback, request: { rooms, filters: { maxPricePerNight: { amount: 5500, currency: "RUB" }, minCashbackPercent: 5 } } });
    expect(withCashback).toEqual(capped);
  });
});

import { describe, expect, it } from "vitest";
import type { HotelsContext } from "../../mcp/hotels/context.js";
import { groupAmenities, hasAmenity, splitAmenities } from "../../mcp/hotels/journey/amenities.js";
import { AMENITIES_TEXT_MAX, loadOptionDetails, MAX_AMENITIES } from "../../mcp/hotels/journey/details.js";
import { AMENITY_CARDS_MAX, AMENITY_CHECK_BUDGET_MS, amenityCandidates, checkAmenities } from "../../mcp/hotels/journey/amenity-check.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { applyFilters } from "../../mcp/hotels/journey/filters.js";
import { parsePlanStayInput, type PlanStayRequest } from "../../mcp/hotels/journey/input.js";
import { buildOptions, OptionIdRegistry, publicOptions, type JourneyOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { searchKey, toSearchBody } from "../../mcp/hotels/journey/search-request.js";
import { ProviderError, type HotelsApi, type ProviderFilterDescription } from "../../mcp/hotels/provider/index.js";
import { filtersFields, filtersLine } from "../../mcp/hotels/tools/filters-view.js";

function options(ids: (string | undefined)[]): JourneyOption[] {
  const items = ids.map((hotelId, i) =>
    toJourneyItem({ ...(hotelId ? { hotelId } : {}), name: `Hotel ${hotelId ?? `#${i}`}`, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }),
  );
  return buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry());
}

const boolean = (filterId: string): ProviderFilterDescription => ({ $objectType: "boolean", filterId, name: filterId });

describe("amenities: provider filter or local check", () => {
  it("sends to the provider only what its catalogue offers as a boolean filter; without a catalogue everything is local", () => {
    const catalogue = [boolean("parking"), boolean("pets_allowed"), { $objectType: "array", filterId: "pool", name: "pool", options: [] } as ProviderFilterDescription];
    expect(splitAmenities(["parking", "pool", "pets", "accessible"], catalogue)).toEqual({ byProvider: ["parking", "pets"], local: ["pool", "accessible"] });
    expect(splitAmenities(["parking"], null)).toEqual({ byProvider: [], local: ["parking"] });
  });

  it("reads a card's amenity names in Russian or English", () => {
    expect(hasAmenity(["Бесплатный Wi-Fi", "Номера для гостей с инвалидностью"], "accessible")).toBe(true);
    expect(hasAmenity(["Wheelchair accessible"], "accessible")).toBe(true);
    expect(hasAmenity(["Бар", "Спа"], "pool")).toBe(false);
    expect(hasAmenity(["Можно с питомцами"], "pets")).toBe(true);
  });

  it("the provider's amenities are boolean filters of every search page, beside the meal filter, and part of the search key", () => {
    const parsed = parsePlanStayInput({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: 2, breakfastIncluded: true, amenities: ["pool", "parking", "pool"] }, "2027-03-01");
    if (!parsed.ok) throw new Error("parse");
    expect(parsed.value.amenities).toEqual(["pool", "parking"]);
    const request: PlanStayRequest = { ...parsed.value, providerAmenities: ["pool", "parking"] };
    const body = toSearchBody(request, "1003");
    expect(body.filters).toEqual([
      { $objectType: "array", filterId: "meal_types", values: ["breakfast"] },
      { $objectType: "boolean", filterId: "pool", value: true },
      { $objectType: "boolean", filterId: "parking", value: true },
    ]);
    expect(searchKey(body)).not.toBe(searchKey(toSearchBody({ ...request, providerAmenities: ["pool"] }, "1003")));
    expect(parsePlanStayInput({ destination: "Казань", checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: 2, amenities: ["sauna"] }, "2027-03-01").ok).toBe(false);
  });
});

describe("checkAmenities", () => {
  function ctx(cards: Record<string, string[] | "fail">, clock = { t: 0 }, perRead = 0) {
    const reads: string[] = [];
    const hotel = (hotelId: string) => {
      reads.push(hotelId);
      clock.t += perRead;
      const card = cards[hotelId];
      return card === "fail" || card === undefined ? Promise.reject(new ProviderError({ kind: "unavailable", routeId: "hotel", status: 503 })) : Promise.resolve({ hotelId, amenities: card });
    };
    return { reads, ctx: { provider: { api: { hotel } as unknown as HotelsApi }, now: () => clock.t } as unknown as Pick<HotelsContext, "provider" | "now"> };
  }

  it("reads candidates in order, records whether each has every local amenity; a failed read or no hotel id stays unknown", async () => {
    const opts = options(["a", undefined, "b", "c"]);
    const { ctx: c, reads } = ctx({ a: ["Номера для гостей с инвалидностью", "Можно с питомцами"], b: ["Можно с питомцами"], c: "fail" });
    const check = await checkAmenities(c, ["accessible", "pets"], opts);
    expect(reads.sort()).toEqual(["a", "b", "c"]);
    expect(check).toEqual({ local: ["accessible", "pets"], has: { [opts[0]!.public.optionId]: true, [opts[2]!.public.optionId]: false } });
  });

  it("reads at most AMENITY_CARDS_MAX cards, none it already knows, and starts none after its time budget", async () => {
    const ids = Array.from({ length: AMENITY_CARDS_MAX + 10 }, (_, i) => `h${i}`);
    const cards = Object.fromEntries(ids.map((id) => [id, ["Можно с питомцами"]]));
    const opts = options(ids);
    const first = ctx(cards);
    const known = await checkAmenities(first.ctx, ["pets"], opts);
    expect(first.reads).toHaveLength(AMENITY_CARDS_MAX);
    const again = ctx(cards);
    await checkAmenities(again.ctx, ["pets"], opts, { known });
    expect(again.reads).toEqual(ids.slice(AMENITY_CARDS_MAX));
    const slow = ctx(cards, { t: 0 }, AMENITY_CHECK_BUDGET_MS / 4);
    await checkAmenities(slow.ctx, ["pets"], opts);
    expect(slow.reads.length).toBeLessThan(8);
  });
});

describe("amenityCandidates", () => {
  it("are what the other hard filters keep, in the journey's ranking order", () => {
    const opts = options(["a", "b", "c", "d"]);
    const pub = publicOptions(opts);
    const cashback = { percents: { [pub[0]!.optionId]: 3, [pub[1]!.optionId]: 10, [pub[2]!.optionId]: 7 }, unavailable: false };
    const order = amenityCandidates(opts, pub, { minCashbackPercent: 5 }, { ranking: "highest_cashback", cashback });
    expect(order.map((o) => o.hotelId)).toEqual(["b", "c"]);
  });
});

describe("the amenities filter", () => {
  it("keeps the options read and found to have them, and says how many of those it tested were read", () => {
    const opts = options(["a", "b", "c", "d"]);
    const pub = publicOptions(opts);
    const id = (i: number) => pub[i]!.optionId;
    const { kept, report } = applyFilters(pub, { minStars: 3, amenities: ["accessible"] }, { amenities: { [id(0)]: true, [id(1)]: false, [id(2)]: true } });
    expect(kept.map((o) => o.optionId)).toEqual([id(0), id(2)]);
    expect(report?.amenityCheck).toEqual({ checked: 3, of: 4 });
    expect(filtersLine(report, "en")).toBe("filters: minStars ≥ 3 removed 0, amenities accessible removed 2 (checked locally on hotel cards: 3 of 4 read, unread ones removed); 2 of 4 remain");
    expect(filtersFields(report, "en").filtersApplied?.amenities).toEqual({ limit: "accessible", removed: 2, note: "checked locally on hotel cards: 3 of 4 read, unread ones removed" });
  });
});

describe("details: every amenity, grouped, within a budget", () => {
  it("groups in the order guests ask about them, each group in the provider's order", () => {
    const names = ["Прачечная", "Сауна", "Парковка", "Бар", "Детская площадка", "Бесплатный Wi-Fi", "Трансфер", "Бассейн", "Номера для гостей с инвалидностью", "Можно с питомцами", "Спагетти-бар"];
    expect(groupAmenities(names)).toEqual([
      { group: "internet", names: ["Бесплатный Wi-Fi"] },
      { group: "parking_transport", names: ["Парковка", "Трансфер"] },
      { group: "pool_spa_fitness", names: ["Сауна", "Бассейн"] },
      { group: "food", names: ["Бар", "Спагетти-бар"] },
      { group: "family", names: ["Детская площадка"] },
      { group: "accessibility", names: ["Номера для гостей с инвалидностью"] },
      { group: "pets", names: ["Можно с питомцами"] },
      { group: "other", names: ["Прачечная"] },
    ]);
  });

  it("keeps every amenity of an ordinary card and cuts only past MAX_AMENITIES or AMENITIES_TEXT_MAX, the last groups first", async () => {
    const option = options(["10030001"])[0]!;
    const load = (amenities: string[]) =>
      loadOptionDetails(
        {
          provider: { api: { hotel: () => Promise.resolve({ hotelId: "10030001", name: "H", address: "A", stars: 3, rating: 8, reviewsCount: 1, amenities, photos: [] }), reviews: () => Promise.resolve({ rating: 8, reviewsCount: 1, items: [] }) } },
          config: { hotels: { apiBaseUrl: "https://hotels.example/api" } },
        } as unknown as Pick<HotelsContext, "provider" | "config">,
        option,
        { signal: new AbortController().signal, offsetMinutes: null },
      );
    const twelve = ["Прачечная", "Бассейн", "Парковка", "Бар", "Сауна", "Трансфер", "Кондиционер", "Спа", "Фитнес-центр", "Конференц-зал", "Ресторан", "Бесплатный Wi-Fi"];
    const all = await load(twelve);
    expect(all.hotel.amenities).toHaveLength(12);
    expect(all.hotel.amenitiesTotal).toBe(12);
    const many = Array.from({ length: MAX_AMENITIES + 5 }, (_, i) => `Услуга ${i}`);
    expect((await load(["Парковка", ...many])).hotel.amenities).toEqual(["Парковка", ...many.slice(0, MAX_AMENITIES - 1)]);
    const long = Array.from({ length: 30 }, (_, i) => `Удобство номер ${i} с очень длинным названием`);
    const cut = await load(long);
    expect(cut.hotel.amenitiesTotal).toBe(30);
    expect(cut.hotel.amenities.join("").length).toBeLessThanOrEqual(AMENITIES_TEXT_MAX);
    expect(cut.hotel.amenities.length).toBeLessThan(30);
  });
});

import { describe, expect, it } from "vitest";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { loadOptionDetails, shortText } from "../../mcp/hotels/journey/details.js";
import { applyFilters } from "../../mcp/hotels/journey/filters.js";
import { distanceKm } from "../../mcp/hotels/journey/geo.js";
import { resolveNear } from "../../mcp/hotels/journey/near.js";
import { buildOptions, OptionIdRegistry, type JourneyOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { ProviderError, ProviderHotelItemSchema, type HotelsApi, type ProviderHotelItem, type ProviderPointOfInterest } from "../../mcp/hotels/provider/index.js";
import type { HotelsContext } from "../../mcp/hotels/context.js";

const KREMLIN = { lat: 55.7989, lon: 49.1054 };

function item(hotelId: string, extra: Partial<ProviderHotelItem> = {}): ProviderHotelItem {
  return {
    hotelId,
    name: `Hotel ${hotelId}`,
    stars: 4,
    rating: 8.5,
    reviewsCount: 120,
    address: "Казань, ул. Баумана, 1",
    distanceToCenterKm: 0.5,
    coverPhotoUrl: "https://img.example/c.jpg",
    photosCount: 27,
    shownPrice: { value: 16_000, currency: "RUB" },
    mealName: null,
    freeCancellationUntil: null,
    hasRates: true,
    ...extra,
  };
}

function build(items: ProviderHotelItem[], near?: { lat: number; lon: number }): JourneyOption[] {
  const collected = items.map(toJourneyItem).map((i) => ({ dedupeKey: dedupeKey(i), item: i }));
  return buildOptions(collected, 2, new OptionIdRegistry(), "ru", { rooms: 1, guestsPerRoom: 2 }, near);
}

// A provider whose points-of-interest answers are given per query (undefined: no query).
function poiProvider(answers: Record<string, ProviderPointOfInterest[] | Error>): { ctx: Pick<HotelsContext, "provider">; queries: (string | undefined)[] } {
  const queries: (string | undefined)[] = [];
  const api = {
    pointsOfInterest: ({ query }: { query?: string }) => {
      queries.push(query);
      const answer = answers[query ?? ""];
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ items: answer ?? [] });
    },
  } as unknown as HotelsApi;
  return { ctx: { provider: { api } as HotelsContext["provider"] }, queries };
}

const poi = (name: string, lat = 55.79, lon = 49.1): ProviderPointOfInterest => ({ poiId: name, name, type: "station", coordinates: { lat, lon }, distanceToCenterKm: 1 });

describe("distanceKm (haversine)", () => {
  it("is zero for one point, symmetric, and about 634 km from Moscow to Saint Petersburg", () => {
    const moscow = { lat: 55.7558, lon: 37.6173 };
    const spb = { lat: 59.9386, lon: 30.3141 };
    expect(distanceKm(moscow, moscow)).toBe(0);
    expect(distanceKm(moscow, spb)).toBeCloseTo(distanceKm(spb, moscow), 9);
    expect(distanceKm(moscow, spb)).toBeGreaterThan(630);
    expect(distanceKm(moscow, spb)).toBeLessThan(638);
    // A hundredth of a degree of latitude is about 1.11 km anywhere.
    expect(distanceKm({ lat: 55, lon: 49 }, { lat: 55.01, lon: 49 })).toBeCloseTo(1.112, 2);
  });
});

describe("near: options and the distance filter", () => {
  it("options carry the distance to the point; without coordinates it is unknown and fails maxDistanceKm instead of using the centre", () => {
    const opts = build(
      [item("close", { coordinates: { lat: 55.7999, lon: 49.1054 } }), item("far", { coordinates: { lat: 55.83, lon: 49.1054 } }), item("nowhere", { distanceToCenterKm: 0.1 })],
      KREMLIN,
    );
    expect(opts[0]!.public.distanceToNearKm).toBeCloseTo(0.111, 2);
    expect(opts[1]!.public.distanceToNearKm).toBeGreaterThan(3);
    expect(opts[2]!.public.distanceToNearKm).toBeNaN();
    const { kept, report } = applyFilters(opts.map((o) => o.public), { maxDistanceKm: 2 });
    expect(kept.map((o) => o.name)).toEqual(["Hotel close"]);
    expect(report?.removed).toEqual([{ filter: "maxDistanceKm", count: 2 }]);
  });

  it("without a point, nothing changes: no distanceToNearKm, maxDistanceKm measures from the centre", () => {
    const opts = build([item("a", { coordinates: { lat: 60, lon: 30 } })]);
    expect(opts[0]!.public).not.toHaveProperty("distanceToNearKm");
    expect(applyFilters(opts.map((o) => o.public), { maxDistanceKm: 1 }).kept).toHaveLength(1);
  });

  it("a bad coordinate in the feed counts as none, not as a failed page", () => {
    const parsed = ProviderHotelItemSchema.parse(item("x", { coordinates: { lat: 999, lon: 0 } }));
    expect(parsed.coordinates).toBeUndefined();
    expect(build([parsed], KREMLIN)[0]!.public.distanceToNearKm).toBeNaN();
  });
});

describe("resolveNear", () => {
  it("resolves one match, or the exact name among several; several others are a question with candidates", async () => {
    const one = poiProvider({ Кремль: [poi("Казанский Кремль", KREMLIN.lat, KREMLIN.lon)] });
    expect(await resolveNear(one.ctx, "1003", "Кремль")).toEqual({ status: "resolved", point: { name: "Казанский Кремль", coordinates: KREMLIN } });
    const stations = [poi("Железнодорожный вокзал"), poi("Речной вокзал")];
    const exact = poiProvider({ "речной  ВОКЗАЛ": stations });
    expect(await resolveNear(exact.ctx, "1003", "речной  ВОКЗАЛ")).toMatchObject({ status: "resolved", point: { name: "Речной вокзал" } });
    const several = poiProvider({ вокзал: stations });
    expect(await resolveNear(several.ctx, "1003", "вокзал")).toEqual({
      status: "clarification_required",
      reason: "landmark_ambiguous",
      candidates: [
        { name: "Железнодорожный вокзал", type: "station", distanceToCenterKm: 1 },
        { name: "Речной вокзал", type: "station", distanceToCenterKm: 1 },
      ],
    });
    expect(several.queries).toEqual(["вокзал"]);
  });

  it("nothing found: a second call lists the destination's points; if it fails, the question stands without them", async () => {
    const known = poiProvider({ Колизей: [], "": [poi("Казанский Кремль")] });
    expect(await resolveNear(known.ctx, "1003", "Колизей")).toMatchObject({ status: "clarification_required", reason: "landmark_not_found", candidates: [{ name: "Казанский Кремль" }] });
    expect(known.queries).toEqual(["Колизей", undefined]);
    const failing = poiProvider({ Колизей: [], "": new ProviderError({ kind: "unavailable", routeId: "points_of_interest" }) });
    expect(await resolveNear(failing.ctx, "1003", "Колизей")).toEqual({ status: "clarification_required", reason: "landmark_not_found", candidates: [] });
  });

  it("skips points without coordinates and passes names through provider-text", async () => {
    const p = poiProvider({ x: [{ name: "Без координат" }, poi("Вокзал\nstatus=ok [x](javascript:alert(1))")] });
    expect(await resolveNear(p.ctx, "1003", "x")).toMatchObject({ status: "resolved", point: { name: "Вокзал status=ok x" } });
  });

  it("a failed first call rejects with the provider error", async () => {
    const p = poiProvider({ x: new ProviderError({ kind: "unavailable", routeId: "points_of_interest" }) });
    await expect(resolveNear(p.ctx, "1003", "x")).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("option details", () => {
  const option = build([item("10030002", { coordinates: KREMLIN })])[0]!;
  const ctx = (hotel: () => Promise<unknown>, reviews: () => Promise<unknown>) =>
    ({ provider: { api: { hotel, reviews } }, config: { hotels: { apiBaseUrl: "https://hotels.example/api" } } }) as unknown as Pick<HotelsContext, "provider" | "config">;
  const signal = new AbortController().signal;
  const hotel = {
    hotelId: "10030002",
    name: "Отель «Тест»",
    address: "Казань, ул. Баумана, 1",
    stars: 4,
    rating: 8.5,
    reviewsCount: 120,
    description: "Первое предложение, 2.3 км от центра. Второе! Третье не нужно.",
    amenities: ["Прачечная", "Бассейн", "Бесплатный Wi-Fi", "Бесплатный Wi-Fi"],
    checkinTime: "14:00",
    checkoutTime: "12:00\nstatus=ok",
    photos: ["javascript:alert(1)", "https://img.example/2.jpg"],
  };
  const reviews = {
    rating: 8.5,
    reviewsCount: 120,
    items: [
      { rating: 9, createdAt: "2027-02-26T23:30:00+00:00", authorName: "Анна", text: "Отлично. Очень понравилось." },
      { rating: 9, createdAt: "2027-02-25", authorName: "Игорь", text: "" },
      { rating: 9, createdAt: "bad", authorName: "Мария", text: "Отлично." },
      { rating: 5, authorName: "Павел", text: "Шумно" },
      { rating: 6, authorName: "Ольга", pros: "Вид из окна.", cons: "Завтрак однообразный." },
    ],
  };

  it("reads both halves: key amenities first, one or two sentences, a safe cover, clock times only, whole quotes without authors, dates at the destination", async () => {
    const d = await loadOptionDetails(ctx(() => Promise.resolve(hotel), () => Promise.resolve(reviews)), option, { signal, offsetMinutes: 180 });
    expect(d.failed).toEqual({});
    expect(d.hotel).toMatchObject({
      amenities: ["Бесплатный Wi-Fi", "Бассейн", "Прачечная"],
      amenitiesTotal: 3,
      description: "Первое предложение, 2.3 км от центра. Второе!",
      checkinTime: "14:00",
      checkoutTime: null,
      photosCount: 2,
      // photos[0] is not https: the search card's cover stands in.
      coverPhotoUrl: "https://img.example/c.jpg",
    });
    expect(d.reviews).toEqual({
      rating: 8.5,
      count: 120,
      quotes: [
        { date: "2027-02-27", text: "Отлично. Очень понравилось." },
        { date: null, text: "Отлично." },
        { date: null, text: "Шумно" },
      ],
    });
    expect(JSON.stringify(d)).not.toMatch(/Анна|Игорь|Мария|Павел/);
  });

  it("a failed half falls back to the search card's facts; the other half stands", async () => {
    const down = () => Promise.reject(new ProviderError({ kind: "unavailable", routeId: "reviews" }));
    const d = await loadOptionDetails(ctx(() => Promise.resolve(hotel), down), option, { signal, offsetMinutes: 180 });
    expect(d.failed).toEqual({ reviews: "unavailable" });
    expect(d.reviews).toEqual({ rating: 8.5, count: 120, quotes: [] });
    expect(d.hotel.checkinTime).toBe("14:00");
    const auth = () => Promise.reject(new ProviderError({ kind: "auth_rejected", routeId: "hotel", status: 401 }));
    const both = await loadOptionDetails(ctx(auth, down), option, { signal, offsetMinutes: null });
    expect(both.failed).toEqual({ hotel: "auth_rejected", reviews: "unavailable" });
    expect(both.error?.kind).toBe("auth_rejected");
    expect(both.hotel).toMatchObject({ name: "Hotel 10030002", checkinTime: null, amenities: [], photosCount: 27 });
  });

  it("an option the feed gave no hotel id makes no provider call", async () => {
    const anonymous = build([item("", { hotelId: undefined })])[0]!;
    const never = () => Promise.reject(new Error("no call expected"));
    const d = await loadOptionDetails(ctx(never, never), anonymous, { signal, offsetMinutes: null });
    expect(d.failed).toEqual({ hotel: "not_identified", reviews: "not_identified" });
  });

  it("shortText keeps whole sentences and cuts long ones with an ellipsis", () => {
    expect(shortText("Один. Два. Три.", 2, 100)).toBe("Один. Два.");
    expect(shortText("ул. Ленина, 2.3 км", 1, 100)).toBe("ул.");
    expect(shortText("а".repeat(200), 1, 10)).toBe(`${"а".repeat(9)}…`);
    expect(shortText("   ", 1, 10)).toBeNull();
  });
});

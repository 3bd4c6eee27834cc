/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   these tests read raw provider JSON on purpose (the shapes are what is under test) and use expect.any matchers. */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandboxClock } from "../../scripts/sandbox/clock.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { orderIdFor } from "../../scripts/sandbox/data/customer.js";
import { dateAtOffset } from "../../scripts/sandbox/data/dates.js";
import { generateHotels, type Hotel } from "../../scripts/sandbox/data/hotels.js";
import { quote, ratesDriftFactor, ratesFor, searchPriceFor } from "../../scripts/sandbox/data/pricing.js";
import { makeSecretFactory, type SandboxEnv } from "../../scripts/sandbox/env.js";
import { createFaultTable } from "../../scripts/sandbox/faults.js";
import { createHotelsModule } from "../../scripts/sandbox/hotels/module.js";
import type { IdentityApi } from "../../scripts/sandbox/identity/types.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { createDispatcher, type Dispatcher } from "../../scripts/sandbox/server.js";
import { zoneOffset } from "../fixtures/time-zone.js";
import { login } from "./helpers/sandbox-oauth.js";

// Passes through to the real generator; counted so the lazy-generation test can see each call.
vi.mock(import("../../scripts/sandbox/data/hotels.js"), async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, generateHotels: vi.fn(real.generateHotels) };
});

const SEED = "hotels-test";
const CANARY = "CANARY-hotels-7f3a";
const STAY = { checkinDate: "2027-03-15", checkoutDate: "2027-03-17", guests: [{ adultsCount: 2, childrenAges: [] }] };
const BREAKFAST_MEALS = new Set(["Завтрак включён", "Breakfast included", "Полупансион", "Half board", "Всё включено", "All inclusive"]);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface SearchPage {
  searchId: string;
  items: Json[];
  offset: number;
  nextOffset: number | null;
  isLoadingCompleted: boolean;
  totalCount: number;
  loadedCount: number;
}

function client(base: () => string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = res.headers.get("content-type") ?? "";
    const data: Json = type.includes("json") ? ((await res.json()) as Json) : { raw: Buffer.from(await res.arrayBuffer()) };
    return { status: res.status, type, data };
  };
  return { get: (path: string, headers?: Record<string, string>) => call("GET", path, undefined, headers), post: (path: string, body: unknown) => call("POST", path, body) };
}

const itemKey = (item: Json): string => (typeof item.hotelId === "string" ? `id:${item.hotelId}` : `hash:${createHash("sha256").update(JSON.stringify(item)).digest("hex")}`);

/** The client's collection loop: follow nextOffset, poll the same offset while loading. */
async function collect(api: ReturnType<typeof client>, body: Json) {
  const seen = new Map<string, Json>();
  let requests = 0;
  let polls = 0;
  let raw = 0;
  let offset = 0;
  let searchId: string | undefined;
  let last: SearchPage | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const res = await api.post("/api/v3/search", { ...body, offset, ...(searchId ? { searchId } : {}) });
    expect(res.status).toBe(200);
    const page = res.data as SearchPage;
    requests += 1;
    searchId = page.searchId;
    last = page;
    raw += page.items.length;
    for (const item of page.items) seen.set(itemKey(item), item);
    if (page.nextOffset !== null) offset = page.nextOffset;
    else if (!page.isLoadingCompleted) polls += 1;
    else break;
  }
  return { seen, requests, polls, raw, last: last! };
}

describe("sandbox hotels API", () => {
  let sandbox: Sandbox;
  let api: ReturnType<typeof client>;
  let locations: Json[] = [];
  const idOf = (name: string) => locations.find((l) => l.name === name)!.id as string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, canary: CANARY });
    api = client(() => sandbox.urls.origin);
    const res = await api.get("/api/v1/seo/locations?limit=100");
    locations = res.data.items as Json[];
  });
  afterAll(() => sandbox.close());

  describe("locations", () => {
    it("pages the catalog to the end", async () => {
      const all: Json[] = [];
      let offset: number | null = 0;
      let pages = 0;
      while (offset !== null) {
        const res = await api.get(`/api/v1/seo/locations?offset=${offset}&limit=4`);
        expect(res.status).toBe(200);
        all.push(...(res.data.items as Json[]));
        expect(res.data.total).toBeGreaterThanOrEqual(12);
        offset = res.data.nextOffset as number | null;
        pages += 1;
      }
      expect(all).toHaveLength(locations.length);
      expect(pages).toBe(Math.ceil(locations.length / 4));
      expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
      for (const l of all) expect(Object.keys(l).sort()).toEqual(["country", "fullName", "hotelsCount", "id", "name", "region", "timeZone", "type"]);
      const counts = all.map((l) => l.hotelsCount as number);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(30);
      const moscow = all.find((l) => l.name === "Москва")!;
      expect(moscow.hotelsCount).toBeGreaterThanOrEqual(400);
      expect(moscow.hotelsCount).toBeLessThanOrEqual(420);
    });

    it("has genuinely ambiguous names with distinct ids and regions", () => {
      for (const name of ["Кировск", "Железногорск"]) {
        const same = locations.filter((l) => l.name === name);
        expect(same).toHaveLength(2);
        expect(new Set(same.map((l) => l.id)).size).toBe(2);
        expect(new Set(same.map((l) => l.region)).size).toBe(2);
      }
      expect(locations.map((l) => l.name)).toEqual(expect.arrayContaining(["Санкт-Петербург", "Казань", "Сочи", "Ереван"]));
    });

    it("refuses a limit above 100", async () => {
      const res = await api.get("/api/v1/seo/locations?limit=101");
      expect(res.status).toBe(400);
      expect(res.data.code).toBe("invalid_request");
    });
  });

  describe("search filters", () => {
    it("lists filters in the four $objectType forms", async () => {
      const res = await api.get(`/api/v1/search/filters?destinationId=${idOf("Сочи")}`);
      expect(res.status).toBe(200);
      const filters = res.data.filters as Json[];
      expect(new Set(filters.map((f) => f.$objectType))).toEqual(new Set(["array", "boolean", "radio", "range"]));
      const meals = filters.find((f) => f.filterId === "meal_types")!;
      expect(meals.$objectType).toBe("array");
      expect((meals.options as Json[]).map((o) => o.value)).toEqual(expect.arrayContaining(["breakfast", "half_board", "all_inclusive", "room_only"]));
    });

    it("answers 404 for an unknown destination", async () => {
      expect((await api.get("/api/v1/search/filters?destinationId=9999")).status).toBe(404);
    });

    it("offers some amenity filters, not all; each counts, searches and reads the same amenity data as the hotel card", async () => {
      const destinationId = idOf("Казань");
      const filters = (await api.get(`/api/v1/search/filters?destinationId=${destinationId}`)).data.filters as Json[];
      const booleans = new Map(filters.filter((f) => f.$objectType === "boolean").map((f) => [f.filterId as string, f.count as number]));
      expect([...booleans.keys()]).toEqual(expect.arrayContaining(["parking", "pool", "pets_allowed", "family_rooms"]));
      expect(booleans.has("accessible")).toBe(false);
      const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
      const hotels = catalog.hotelsOf(destinationId);
      const run = await collect(api, { destinationId, ...STAY, filters: [{ $objectType: "boolean", filterId: "family_rooms", value: true }] });
      const withFamily = hotels.filter((h) => catalog.amenities(h).includes("Семейные номера"));
      expect(booleans.get("family_rooms")).toBe(withFamily.length);
      expect(run.last.totalCount).toBe(withFamily.length);
      expect(withFamily.length).toBeGreaterThan(0);
      const shown = [...run.seen.values()].find((i) => typeof i.hotelId === "string")!;
      const card = (await api.get(`/api/v3/hotels/${String(shown.hotelId)}`)).data;
      expect(card.amenities).toContain("Семейные номера");
      expect(hotels.some((h) => catalog.amenities(h).includes("Номера для гостей с инвалидностью"))).toBe(true);
    });
  });

  describe("search", () => {
    it("collects Москва fully in at least 20 requests, deduped to the reported total", async () => {
      sandbox.control.resetCounters();
      const moscow = locations.find((l) => l.name === "Москва")!;
      const run = await collect(api, { destinationId: moscow.id, ...STAY });
      expect(run.requests).toBeGreaterThanOrEqual(20);
      expect(sandbox.control.requestCount("search")).toBe(run.requests);
      expect(run.polls).toBeGreaterThan(0);
      expect(run.last.isLoadingCompleted).toBe(true);
      expect(run.last.nextOffset).toBeNull();
      expect(run.last.totalCount).toBe(moscow.hotelsCount);
      expect(run.seen.size).toBe(run.last.totalCount);
      expect(run.raw).toBeGreaterThan(run.seen.size); // page-boundary repeats and re-polled pages
      const items = [...run.seen.values()];
      expect(items.some((i) => i.hotelId === undefined)).toBe(true);
      for (const item of items) {
        expect(typeof item.shownPrice.value).toBe("number");
        if (item.freeCancellationUntil !== null) expect(item.freeCancellationUntil).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
        if (item.rating !== null) expect(item.rating).toBeLessThanOrEqual(10);
      }
      expect(items.some((i) => !Number.isInteger(i.shownPrice.value))).toBe(true);
    });

    it("the first page reports partial loading, then next offsets", async () => {
      const res = await api.post("/api/v3/search", { destinationId: idOf("Москва"), ...STAY });
      const page = res.data as SearchPage;
      expect(page.searchId).toMatch(/^srch_/);
      expect(page.items).toHaveLength(20);
      expect(page.nextOffset).toBe(20);
      expect(page.isLoadingCompleted).toBe(false);
      expect(page.loadedCount).toBeLessThan(page.totalCount);
    });

    it("filters by breakfast", async () => {
      const destinationId = idOf("Санкт-Петербург");
      const all = await collect(api, { destinationId, ...STAY });
      const run = await collect(api, { destinationId, ...STAY, filters: [{ $objectType: "array", filterId: "meal_types", values: ["breakfast"] }] });
      expect(run.seen.size).toBe(run.last.totalCount);
      expect(run.seen.size).toBeGreaterThan(0);
      expect(run.seen.size).toBeLessThan(all.seen.size);
      for (const item of run.seen.values()) expect(BREAKFAST_MEALS.has(item.mealName as string)).toBe(true);
    });

    it("an impossible combination yields zero items", async () => {
      const res = await api.post("/api/v3/search", {
        destinationId: idOf("Москва"),
        ...STAY,
        filters: [
          { $objectType: "array", filterId: "meal_types", values: ["all_inclusive"] },
          { $objectType: "boolean", filterId: "free_cancellation", value: true },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ items: [], totalCount: 0, nextOffset: null, isLoadingCompleted: true });
    });

    it("Казань is all RUB with per-night prices on both sides of 10 000", async () => {
      const run = await collect(api, { destinationId: idOf("Казань"), ...STAY });
      const perNight = [...run.seen.values()].map((i) => {
        expect(i.shownPrice.currency).toBe("RUB");
        return (i.shownPrice.value as number) / 2;
      });
      expect(Math.min(...perNight)).toBeGreaterThan(2500);
      expect(Math.max(...perNight)).toBeLessThan(30000);
      expect(perNight.filter((p) => p >= 6000 && p <= 10000).length).toBeGreaterThan(5);
      expect(perNight.filter((p) => p > 13000).length).toBeGreaterThan(2);
      const band = await collect(api, { destinationId: idOf("Казань"), ...STAY, filters: [{ $objectType: "range", filterId: "price", from: 6000, to: 10000 }] });
      for (const i of band.seen.values()) expect((i.shownPrice.value as number) / 2).toBeLessThanOrEqual(10000);
    });

    it("prices Ереван in AMD and a few Сочи hotels in USD", async () => {
      const yerevan = await api.post("/api/v3/search", { destinationId: idOf("Ереван"), ...STAY });
      expect((yerevan.data.items as Json[]).every((i) => i.shownPrice.currency === "AMD")).toBe(true);
      const sochi = await collect(api, { destinationId: idOf("Сочи"), ...STAY });
      const usd = [...sochi.seen.values()].filter((i) => i.shownPrice.currency === "USD");
      expect(usd.length).toBeGreaterThanOrEqual(3);
      expect(usd.length).toBeLessThan(10);
    });

    it("shownPrice is the total for the stay", async () => {
      const one = await api.post("/api/v3/search", { destinationId: idOf("Казань"), ...STAY, checkoutDate: "2027-03-16" });
      const four = await api.post("/api/v3/search", { destinationId: idOf("Казань"), ...STAY, checkoutDate: "2027-03-19" });
      const ratio = (four.data.items as Json[])[0]!.shownPrice.value / (one.data.items as Json[])[0]!.shownPrice.value;
      expect(ratio).toBeGreaterThan(3.2);
      expect(ratio).toBeLessThan(4.8);
    });

    it.each([
      ["sort", { sort: "price" }, "sorting_is_not_allowed_yet"],
      ["unknown body field", { foo: 1 }, "unknown_field"],
      ["unknown filter", { filters: [{ $objectType: "boolean", filterId: "has_pool", value: true }] }, "unknown_filter"],
      ["missing $objectType", { filters: [{ filterId: "meal_types", values: ["breakfast"] }] }, "invalid_filter"],
      ["wrong value type", { filters: [{ $objectType: "array", filterId: "meal_types", values: "breakfast" }] }, "invalid_filter"],
      ["wrong form for a filter", { filters: [{ $objectType: "boolean", filterId: "meal_types", value: true }] }, "invalid_filter"],
      ["unknown filter value", { filters: [{ $objectType: "array", filterId: "meal_types", values: ["brunch"] }] }, "invalid_filter"],
      ["checkout before checkin", { checkoutDate: "2027-03-14" }, "invalid_dates"],
      ["31 nights", { checkoutDate: "2027-04-15" }, "invalid_dates"],
      ["not a date", { checkinDate: "2027-02-30" }, "invalid_request"],
      ["7 adults", { guests: [{ adultsCount: 7, childrenAges: [] }] }, "invalid_request"],
      ["child aged 18", { guests: [{ adultsCount: 1, childrenAges: [18] }] }, "invalid_request"],
      ["limit above 20", { limit: 21 }, "invalid_request"],
    ])("refuses %s", async (_name, patch, code) => {
      const res = await api.post("/api/v3/search", { destinationId: idOf("Казань"), ...STAY, ...patch });
      expect(res.status).toBe(400);
      expect(res.data.code).toBe(code);
      expect(res.data.requestId).toMatch(/^sbx-/);
    });

    it("refuses an unknown searchId and a searchId reused with other parameters", async () => {
      const unknown = await api.post("/api/v3/search", { destinationId: idOf("Казань"), ...STAY, searchId: "srch_nope" });
      expect(unknown.status).toBe(404);
      const first = await api.post("/api/v3/search", { destinationId: idOf("Казань"), ...STAY });
      const other = await api.post("/api/v3/search", { destinationId: idOf("Сочи"), ...STAY, searchId: first.data.searchId as string });
      expect(other.status).toBe(409);
    });
  });

  describe("hotel card and rates", () => {
    let kazan: Json[] = [];
    beforeAll(async () => {
      kazan = [...(await collect(api, { destinationId: idOf("Казань"), ...STAY })).seen.values()].filter((i) => typeof i.hotelId === "string");
    });
    const rates = (hotelId: string) => api.post(`/api/v3/hotels/${hotelId}/rates`, STAY);

    it("returns a card with 20-35 photos matching photosCount", async () => {
      for (const item of kazan.slice(0, 5)) {
        const res = await api.get(`/api/v3/hotels/${item.hotelId}`);
        expect(res.status).toBe(200);
        const photos = res.data.photos as string[];
        expect(photos.length).toBeGreaterThanOrEqual(20);
        expect(photos.length).toBeLessThanOrEqual(35);
        expect(photos).toHaveLength(item.photosCount as number);
        expect(new Set(photos).size).toBe(photos.length);
        expect(photos[0]).toBe(item.coverPhotoUrl);
        expect(res.data).toMatchObject({ hotelId: item.hotelId, name: item.name, checkinTime: expect.any(String), coordinates: { lat: expect.any(Number), lon: expect.any(Number) } });
      }
      expect((await api.get("/api/v3/hotels/99990001")).status).toBe(404);
    });

    it("serves the card's photos as PNGs at the sandbox's origin, cacheable, one colour per hotel", async () => {
      const firsts: Buffer[] = [];
      for (const item of kazan.slice(0, 2)) {
        const photos = (await api.get(`/api/v3/hotels/${item.hotelId}`)).data.photos as string[];
        for (const url of photos.slice(0, 2)) {
          expect(url.startsWith(`${sandbox.urls.origin}/static/hotels/`)).toBe(true);
          const res = await fetch(url);
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toBe("image/png");
          expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          const body = Buffer.from(await res.arrayBuffer());
          expect(body.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
          expect(Number(res.headers.get("content-length"))).toBe(body.length);
          expect(body.length).toBeLessThan(8 * 1024);
        }
        firsts.push(Buffer.from(await (await fetch(photos[0]!)).arrayBuffer()));
      }
      expect(firsts[0]!.equals(firsts[1]!)).toBe(false);
      expect(sandbox.control.requestCount("hotel_photo")).toBeGreaterThanOrEqual(6);
      expect((await api.get("/static/hotels/nothex/1-0123456789.jpg")).status).toBe(404);
    });

    it("has no rates for some hotels and stable book hashes for others", async () => {
      const without = kazan.find((i) => i.hasRates === false)!;
      const withRates = kazan.find((i) => i.hasRates === true)!;
      expect((await rates(without.hotelId as string)).data.rates).toEqual([]);
      const a = await rates(withRates.hotelId as string);
      const b = await rates(withRates.hotelId as string);
      const list = a.data.rates as Json[];
      expect(list.length).toBeGreaterThan(0);
      expect(b.data.rates).toEqual(list);
      for (const rate of list) expect(rate).toMatchObject({ rateId: expect.any(String), bookHash: expect.any(String), roomName: expect.any(String), maxOccupancy: expect.any(Number), cancellation: expect.any(Object), paymentType: expect.any(String) });
      const otherDates = await api.post(`/api/v3/hotels/${withRates.hotelId}/rates`, { ...STAY, checkoutDate: "2027-03-18" });
      expect((otherDates.data.rates as Json[])[0]!.bookHash).not.toBe(list[0]!.bookHash);
      expect((await api.post(`/api/v3/hotels/${withRates.hotelId}/rates`, { ...STAY, extra: true })).data.code).toBe("unknown_field");
    });

    it("inspects a rate, validates promo codes and offers an upgrade", async () => {
      const hotel = kazan.find((i) => i.hasRates === true)!;
      const rate = ((await rates(hotel.hotelId as string)).data.rates as Json[])[0]!;
      const inspect = await api.post("/api/v1/checkout/inspect", { bookHash: rate.bookHash, ...STAY });
      expect(inspect.status).toBe(200);
      const checkout = inspect.data;
      expect(checkout).toMatchObject({ checkOutId: expect.stringMatching(/^co_/), searchPrice: rate.price, priceChanged: checkout.currentPrice.value !== rate.price.value });
      expect(Array.isArray(checkout.cancellation.penalties)).toBe(true);
      for (const service of checkout.extraServices as Json[]) expect(["early_checkin", "late_checkout"]).toContain(service.type);

      const promo = await api.post(`/api/v1/checkout/${checkout.checkOutId}/promocode`, { promoCode: "SANDBOX10" });
      expect(promo.data).toMatchObject({ valid: true, discount: { type: "percent", percent: 10 } });
      expect(promo.data.priceAfterDiscount.value).toBeCloseTo(checkout.currentPrice.value * 0.9, 0);
      expect((await api.post(`/api/v1/checkout/${checkout.checkOutId}/promocode`, { promoCode: "WINTER500" })).data).toMatchObject({ valid: true, discount: { type: "fixed" } });
      expect((await api.post(`/api/v1/checkout/${checkout.checkOutId}/promocode`, { promoCode: "NOPE" })).data).toMatchObject({ valid: false, reason: "not_found" });

      const upgrade = await api.get(`/api/v1/checkout/${checkout.checkOutId}/upgrade`);
      expect(upgrade.status).toBe(200);
      if (checkout.upgradeAvailable) expect(upgrade.data.offer).toMatchObject({ roomName: expect.any(String), priceDifference: { value: expect.any(Number) } });
      else expect(upgrade.data.offer).toBeNull();

      expect((await api.post("/api/v1/checkout/inspect", { bookHash: "bm9wZQ", ...STAY })).status).toBe(404);
      expect((await api.post("/api/v1/checkout/inspect", { bookHash: rate.bookHash, ...STAY, checkoutDate: "2027-03-18" })).status).toBe(410);
      expect((await api.get("/api/v1/checkout/co_unknown/upgrade")).status).toBe(404);
    });

    it("some rates drift in price between search and checkout, and some hotels offer upgrades", async () => {
      let drifted = 0;
      let upgrades = 0;
      for (const hotel of kazan.filter((i) => i.hasRates === true).slice(0, 12)) {
        const rate = ((await rates(hotel.hotelId as string)).data.rates as Json[])[0]!;
        const inspect = await api.post("/api/v1/checkout/inspect", { bookHash: rate.bookHash, ...STAY });
        if (inspect.data.priceChanged) drifted += 1;
        if (inspect.data.upgradeAvailable) upgrades += 1;
      }
      expect(drifted).toBeGreaterThan(0);
      expect(drifted).toBeLessThan(12);
      expect(upgrades).toBeGreaterThan(0);
    });
  });

  describe("search prices against rates (the feed's contract)", () => {
    const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
    let kazan: Json[] = [];
    let kazanRates = new Map<string, Json[]>();
    const hotelOf = (item: Json): Hotel => catalog.hotel(item.hotelId as string)!;
    beforeAll(async () => {
      kazan = [...(await collect(api, { destinationId: idOf("Казань"), ...STAY })).seen.values()].filter((i) => typeof i.hotelId === "string" && i.hasRates === true);
      kazanRates = new Map(await Promise.all(kazan.map(async (i) => [i.hotelId as string, (await api.post(`/api/v3/hotels/${i.hotelId}/rates`, STAY)).data.rates as Json[]] as const)));
    });
    const cheapest = (rates: Json[]): Json => rates.reduce((best, r) => (r.price.value < best.price.value ? r : best));

    it("a card shows the stay's cheapest rate: its price, meal and free cancellation, often not the first rate", () => {
      const steady = kazan.filter((i) => ratesDriftFactor(SEED, i.hotelId as string) === 1);
      expect(steady.length).toBeGreaterThan(kazan.length / 2);
      for (const item of steady) {
        const low = cheapest(kazanRates.get(item.hotelId as string)!);
        expect({ shownPrice: item.shownPrice, mealName: item.mealName, freeCancellationUntil: item.freeCancellationUntil }).toEqual({ shownPrice: low.price, mealName: low.mealName, freeCancellationUntil: low.cancellation.freeCancellationUntil });
      }
      const notFirst = steady.filter((i) => kazanRates.get(i.hotelId as string)![0]!.price.value > i.shownPrice.value);
      expect(notFirst.length).toBeGreaterThan(5);
      expect(notFirst.some((i) => kazan.indexOf(i) < 10)).toBe(true);
    });

    it("about one hotel in four reprices its rates after the search (+3 % or -2 %), as ratesFor predicts", () => {
      const drifted = kazan.filter((i) => ratesDriftFactor(SEED, i.hotelId as string) !== 1);
      expect(drifted.length).toBeGreaterThan(kazan.length / 8);
      expect(drifted.length).toBeLessThan(kazan.length / 2.5);
      for (const item of drifted) {
        const low = cheapest(kazanRates.get(item.hotelId as string)!);
        expect(low.price.value).not.toBe(item.shownPrice.value);
        expect(low.price.value / item.shownPrice.value).toBeCloseTo(ratesDriftFactor(SEED, item.hotelId as string), 3);
      }
      for (const item of kazan) {
        const hotel = hotelOf(item);
        expect(item.shownPrice).toEqual(searchPriceFor(SEED, hotel, STAY, "+03:00"));
        const predicted = ratesFor(SEED, hotel, STAY, "+03:00").map((r) => ({ rateId: r.rateId, bookHash: r.bookHash, roomName: r.roomName, maxOccupancy: r.maxOccupancy, mealName: r.mealName, price: r.price, cancellation: r.cancellation, paymentType: r.paymentType }));
        expect(kazanRates.get(item.hotelId as string)).toEqual(predicted);
      }
    });

    it("a hotel without rates keeps the plain quote as its search price", async () => {
      const items = [...(await collect(api, { destinationId: idOf("Казань"), ...STAY })).seen.values()].filter((i) => i.hasRates === false && typeof i.hotelId === "string");
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.shownPrice.value).toBe(quote(SEED, hotelOf(item), STAY).total);
    });

    it("a free-cancellation search shows the cheapest refundable rate", async () => {
      const run = await collect(api, { destinationId: idOf("Казань"), ...STAY, filters: [{ $objectType: "boolean", filterId: "free_cancellation", value: true }] });
      const items = [...run.seen.values()].filter((i) => typeof i.hotelId === "string" && i.hasRates === true && ratesDriftFactor(SEED, i.hotelId) === 1);
      expect(items.length).toBeGreaterThan(5);
      for (const item of items) {
        const refundable = kazanRates.get(item.hotelId as string)!.filter((r) => r.cancellation.freeCancellationUntil !== null);
        expect(item.freeCancellationUntil).not.toBeNull();
        expect(item.shownPrice).toEqual(cheapest(refundable).price);
      }
    });

    it("every rate says how many guests its room holds; a non-refundable rate's penalty is its whole price", () => {
      const rates = [...kazanRates.values()].flat();
      const byRoom = new Map<string, Set<number>>();
      for (const rate of rates) byRoom.set(rate.roomName as string, (byRoom.get(rate.roomName as string) ?? new Set()).add(rate.maxOccupancy as number));
      for (const sizes of byRoom.values()) expect(sizes.size).toBe(1);
      expect(byRoom.get("Стандартный двухместный номер")).toEqual(new Set([2]));
      expect(new Set(rates.map((r) => r.maxOccupancy))).toEqual(new Set([2, 3, 4]));
      const nonRefundable = rates.filter((r) => r.cancellation.freeCancellationUntil === null && r.cancellation.penaltyAfter !== null);
      const refundable = rates.filter((r) => r.cancellation.freeCancellationUntil !== null);
      expect(nonRefundable.length).toBeGreaterThan(10);
      for (const rate of nonRefundable) expect(rate.cancellation.penaltyAfter).toEqual(rate.price);
      for (const rate of refundable) expect(rate.cancellation.penaltyAfter.value).toBeLessThan(rate.price.value as number);
      expect(new Set(rates.map((r) => r.paymentType))).toEqual(new Set(["prepay", "pay_at_hotel"]));
    });
  });

  it("serves the public hotel page with the handoff parameters", async () => {
    const res = await api.get(`/travel/hotels/new/hotels/${idOf("Казань")}0001/?dateFrom=2027-03-15&dateTo=2027-03-17&guests=2`);
    expect(res.status).toBe(200);
    expect(res.type).toContain("text/html");
    const html = (res.data.raw as Buffer).toString("utf8");
    expect(html).toContain("2027-03-15");
    expect(html).toContain('data-param="guests">2<');
    const hostile = await api.get(`/travel/hotels/new/hotels/${idOf("Казань")}0001/?dateFrom=%3Cscript%3E`);
    expect((hostile.data.raw as Buffer).toString("utf8")).not.toContain("<script>");
  });

  it("customer reads need a Bearer token", async () => {
    for (const path of ["/api/v1/customer", "/api/v1/orders", `/api/v1/orders/${orderIdFor(SEED, CANARY, 1)}`, `/api/v1/orders/${orderIdFor(SEED, CANARY, 1)}/voucher`]) {
      expect((await api.get(path)).status).toBe(401);
      expect((await api.get(path, { authorization: "Bearer not-a-token" })).status).toBe(401);
    }
  });

  it("customer reads work with a token from the real device-grant login, and stop when it expires", async () => {
    const tokens = await login(sandbox);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const customer = await api.get("/api/v1/customer", auth);
    expect(customer.status).toBe(200);
    expect(customer.data.email).toContain(CANARY);
    const orders = await api.get("/api/v1/orders", auth);
    expect(orders.status).toBe(200);
    const first = (orders.data.items as Json[])[0]!;
    expect((await api.get(`/api/v1/orders/${first.orderId}`, auth)).status).toBe(200);
    sandbox.control.advanceClock((tokens.expires_in + 1) * 1000);
    expect((await api.get("/api/v1/customer", auth)).status).toBe(401);
  });
});

const TOKEN = "fake-access-token";

function fakeIdentity(): IdentityApi {
  return {
    verifyAccessToken: (token) => (token === TOKEN ? { sessionId: "sess-1", subject: "customer-1" } : undefined),
    approve: () => undefined,
    deny: () => undefined,
    stats: () => ({ sessionsActive: 1, sessionsRevoked: 0, accessTokensIssued: 1, refreshRotations: 0, reuseDetections: 0, revocationRequests: 0 }),
  };
}

describe("sandbox hotels customer reads (fake identity)", () => {
  let dispatcher: Dispatcher;
  let origin = "";
  const api = client(() => origin);
  const auth = { authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    const env: SandboxEnv = {
      clock: createSandboxClock(),
      seed: SEED,
      canary: CANARY,
      accessTokenTtlSeconds: 600,
      refreshTokenTtlSeconds: 86_400,
      deviceCodeTtlSeconds: 600,
      deviceIntervalSeconds: 5,
      origin: () => origin,
      secret: makeSecretFactory(CANARY),
    };
    const { routes } = createHotelsModule(env, fakeIdentity());
    dispatcher = createDispatcher({ apis: { hotels: routes }, faults: createFaultTable(new Set(routes.map((r) => r.id))), canary: CANARY, origin: () => origin });
    await new Promise<void>((resolve) => dispatcher.server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(dispatcher.server.address() as AddressInfo).port}`;
  });
  afterAll(() => dispatcher.close());

  it("returns the customer with the canary in the email", async () => {
    expect((await api.get("/api/v1/customer")).status).toBe(401);
    const res = await api.get("/api/v1/customer", auth);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ customerId: "customer-1", firstName: expect.any(String), lastName: expect.any(String), phone: expect.any(String), birthDate: expect.any(String) });
    expect(res.data.email).toContain(CANARY);
  });

  it("lists orders in several states, each orderId carrying the canary", async () => {
    const items: Json[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const res = await api.get(`/api/v1/orders?offset=${offset}&limit=2`, auth);
      expect(res.status).toBe(200);
      items.push(...(res.data.items as Json[]));
      offset = res.data.nextOffset as number | null;
    }
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(["CONFIRMED", "AWAITING_PAYMENT", "CANCELLED", "COMPLETED"]));
    for (const item of items) expect(item.orderId).toContain(CANARY);
    expect(items.map((i) => i.orderId)).not.toContain(orderIdFor(SEED, CANARY, 8));
  });

  it("reads bookings in v1 and v3 shapes", async () => {
    const list = (await api.get("/api/v1/orders", auth)).data.items as Json[];
    const statuses = new Set<string>();
    for (const item of list) {
      const v1 = await api.get(`/api/v1/orders/${item.orderId}`, auth);
      expect(v1.status).toBe(200);
      expect(typeof v1.data.rateData.paymentData.paymentPrice).toBe("number");
      expect(typeof v1.data.paymentStatus).toBe("string");
      expect((v1.data.guests as Json[]).length).toBe(item.guestsCount);
      statuses.add(v1.data.paymentStatus as string);
      const v3 = await api.get(`/api/v3/orders/${item.orderId}`, auth);
      expect(v3.data.order).toMatchObject({ id: item.orderId, state: { code: item.status, payment: v1.data.paymentStatus }, price: { total: { amount: v1.data.rateData.paymentData.paymentPrice } } });
    }
    for (const status of ["PAID", "WAITING_FOR_PAYMENT", "REFUNDED"]) expect(statuses.has(status)).toBe(true);
  });

  it("hides another customer's order and unknown ids", async () => {
    expect((await api.get(`/api/v1/orders/${orderIdFor(SEED, CANARY, 8)}`, auth)).status).toBe(404);
    expect((await api.get(`/api/v3/orders/${orderIdFor(SEED, CANARY, 8)}`, auth)).status).toBe(404);
    expect((await api.get("/api/v1/orders/ord_nope", auth)).status).toBe(404);
  });

  it("serves voucher PDFs for confirmed orders only", async () => {
    const list = (await api.get("/api/v1/orders", auth)).data.items as Json[];
    const confirmed = list.find((i) => i.status === "CONFIRMED")!;
    const res = await api.get(`/api/v1/orders/${confirmed.orderId}/voucher`, auth);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    const pdf = res.data.raw as Buffer;
    expect(pdf.subarray(0, 5).toString("ascii")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain(confirmed.orderId);
    const awaiting = list.find((i) => i.status === "AWAITING_PAYMENT")!;
    expect((await api.get(`/api/v1/orders/${awaiting.orderId}/voucher`, auth)).status).toBe(409);
    expect((await api.get(`/api/v1/orders/${confirmed.orderId}/voucher`)).status).toBe(401);
  });
});

describe("sandbox hotels: a stay starting today in the destination's zone", () => {
  // 22:30 UTC on 1 March is already 2 March in Калининград (+02:00), Москва (+03:00) and Владивосток (+10:00).
  const NOW = Date.parse("2027-03-01T22:30:00Z");
  let sandbox: Sandbox;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, now: () => NOW });
    api = client(() => sandbox.urls.origin);
  });
  afterAll(() => sandbox.close());

  it.each(["Калининград", "Москва", "Владивосток"])("%s: searchable, with every free-cancellation deadline already past", async (city) => {
    const location = ((await api.get("/api/v1/seo/locations?limit=100")).data.items as Json[]).find((l) => l.name === city)!;
    const offset = zoneOffset(location.timeZone as string, NOW);
    const today = dateAtOffset(NOW, offset);
    expect(today).toBe("2027-03-02");
    const stay = { ...STAY, checkinDate: today, checkoutDate: "2027-03-04" };
    const page = await api.post("/api/v3/search", { destinationId: location.id, ...stay });
    expect(page.status).toBe(200);
    const items = page.data.items as Json[];
    expect(items.length).toBeGreaterThan(0);
    const withRates = items.find((i) => i.hasRates === true && typeof i.hotelId === "string")!;
    const rates = (await api.post(`/api/v3/hotels/${withRates.hotelId}/rates`, stay)).data.rates as Json[];
    const deadlines = [...items.map((i) => i.freeCancellationUntil), ...rates.map((r) => r.cancellation.freeCancellationUntil)].filter((d): d is string => d !== null);
    expect(deadlines.length).toBeGreaterThan(0);
    for (const deadline of deadlines) {
      expect(deadline.endsWith(offset)).toBe(true);
      expect(Date.parse(deadline)).toBeLessThan(NOW);
    }
  });
});

describe("sandbox hotels determinism", () => {
  async function snapshot(seed: string) {
    const sandbox = await startSandbox({ seed });
    try {
      const api = client(() => sandbox.urls.origin);
      const locations = (await api.get("/api/v1/seo/locations?limit=100")).data;
      const kazan = (locations.items as Json[]).find((l) => l.name === "Казань")!.id as string;
      const search = (await api.post("/api/v3/search", { destinationId: kazan, ...STAY })).data;
      const card = (await api.get(`/api/v3/hotels/${kazan}0002`)).data;
      const rates = (await api.post(`/api/v3/hotels/${kazan}0002/rates`, STAY)).data;
      return JSON.stringify({ locations, search, card, rates }).replaceAll(sandbox.urls.origin, "ORIGIN");
    } finally {
      await sandbox.close();
    }
  }

  it("the same seed gives identical data, another seed differs", async () => {
    const a = await snapshot("seed-a");
    expect(await snapshot("seed-a")).toBe(a);
    expect(await snapshot("seed-b")).not.toBe(a);
  });

  it("builds the module without generating hotels; each city's hotels are generated on first use, once", async () => {
    const generated = vi.mocked(generateHotels);
    generated.mockClear();
    let origin = "";
    const { routes } = createHotelsModule(
      { clock: createSandboxClock(), seed: "lazy", canary: undefined, accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 60, deviceCodeTtlSeconds: 5, deviceIntervalSeconds: 0, origin: () => origin, secret: makeSecretFactory(undefined) },
      fakeIdentity(),
    );
    expect(generated).not.toHaveBeenCalled();

    const dispatcher = createDispatcher({ apis: { hotels: routes }, faults: createFaultTable(new Set(routes.map((r) => r.id))), canary: undefined, origin: () => origin });
    await new Promise<void>((resolve) => dispatcher.server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(dispatcher.server.address() as AddressInfo).port}`;
    try {
      const api = client(() => origin);
      const locations = (await api.get("/api/v1/seo/locations?limit=100")).data.items as Json[];
      expect(generated).not.toHaveBeenCalled();
      const [kazan, moscow] = ["Казань", "Москва"].map((name) => locations.find((l) => l.name === name)!.id as string);
      expect((await api.get(`/api/v3/hotels/${kazan}0002`)).status).toBe(200);
      expect((await api.get(`/api/v3/hotels/${kazan}0003`)).status).toBe(200);
      expect((await api.post("/api/v3/search", { destinationId: kazan, ...STAY })).status).toBe(200);
      expect(generated.mock.calls.map(([, location]) => location.id)).toEqual([kazan]);
      expect((await api.get(`/api/v3/hotels/${moscow}0001`)).status).toBe(200);
      expect(generated.mock.calls.map(([, location]) => location.id)).toEqual([kazan, moscow]);
    } finally {
      await dispatcher.close();
    }
  });
});

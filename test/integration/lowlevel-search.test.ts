import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { orderIdFor } from "../../scripts/sandbox/data/customer.js";
import { ratesFor, searchPriceFor } from "../../scripts/sandbox/data/pricing.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

// The low-level search and hotel reads through a real MCP client against the sandbox: per tool the
// provider answer as { status, data }, a refused input that makes no HTTP call, and a provider fault.

const SEED = "hotels-mcp";
const TOKEN = "integration-token-lowlevel-search";
const KAZAN = "1003";
const STAY = { checkinDate: "2027-03-10", checkoutDate: "2027-03-12", guests: [{ adultsCount: 2 }] };
const STAY_DATA = { checkinDate: STAY.checkinDate, checkoutDate: STAY.checkoutDate, guests: [{ adultsCount: 2, childrenAges: [] }] };
const BREAKFAST = { $objectType: "array", filterId: "meal_types", values: ["breakfast"] };
const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
const kazan = catalog.location(KAZAN)!;
const kazanHotels = catalog.hotelsOf(KAZAN);

interface Point {
  hotelId: string;
  coordinates: { lat: number; lon: number };
  shownPrice: { value: number; currency: string };
}
interface Item {
  hotelId?: string;
  name: string;
  shownPrice: { value: number; currency: string };
  coordinates?: { lat: number; lon: number };
}

describe("lowlevel toolset: search and hotel reads", () => {
  let h: HotelsHarness;
  const call = (name: string, args: Record<string, unknown> = {}) => h.call(`tbank_hotels_${name}`, args);

  beforeAll(async () => {
    h = await startHotelsHarness({
      sandbox: { integrationToken: TOKEN },
      env: { TBANK_HOTELS_TOOLSETS: "lowlevel", TBANK_HOTELS_AUTH_TOKEN: TOKEN },
    });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.resetCounters();
  });

  /** A refused input: a normal status the model reads, and not one HTTP call. */
  async function expectRefused(name: string, args: Record<string, unknown>, status: "invalid_input" | "requirements_unavailable") {
    const { result, data, text } = await call(name, args);
    expect(data).toMatchObject({ status, retryAllowed: false });
    expect(result.isError ?? false).toBe(status === "invalid_input");
    expect(text).toContain(`status=${status}`);
    expect(h.sandbox.control.requestCounts()).toEqual({});
  }

  /** A provider fault on the route the tool reads: reduced to a status, the provider's text not shown. */
  async function expectFault(name: string, args: Record<string, unknown>, routeId: string, status = 503, expected = "provider_unavailable") {
    h.sandbox.control.setFault(routeId, { kind: "status", status, times: 1 });
    const { result, data, text } = await call(name, args);
    // Only an unavailable provider may answer differently to the same call (retryAllowed).
    expect(data).toMatchObject({ status: expected, retryAllowed: expected === "provider_unavailable", provider: { httpStatus: status } });
    expect(result.isError ?? false).toBe(expected !== "requirements_unavailable");
    expect(text).not.toContain("sandbox fault");
    expect(h.sandbox.control.requestCount(routeId)).toBe(1);
  }

  it("lists the eleven search and hotel reads, read-only and open-world, each with an output schema", async () => {
    const { tools } = await h.client.listTools();
    const names = tools.map((t) => t.name);
    const reads = ["search", "get_search_filters", "get_filter_availability", "search_map", "get_map_hotels", "search_points_of_interest", "get_hotel", "get_hotel_rates", "get_rate", "get_reviews", "get_review_order_status"];
    for (const name of reads) {
      const tool = tools.find((t) => t.name === `tbank_hotels_${name}`);
      expect(tool, name).toBeDefined();
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(tool?.outputSchema).toBeDefined();
      expect(tool?.description).toMatch(/^[^\n]+$/);
    }
    expect(names.filter((n) => reads.includes(n.slice("tbank_hotels_".length)))).toEqual(reads.map((r) => `tbank_hotels_${r}`));
    // The journey is not in the lowlevel toolset.
    expect(names).not.toContain("tbank_hotels_plan_stay");
  });

  describe("search", () => {
    it("answers the provider's page, prices and all, as { status, data }", async () => {
      const { data, text, result } = await call("search", { destinationId: KAZAN, ...STAY, limit: 5 });
      expect(result.isError).toBeFalsy();
      expect(data.status).toBe("ok");
      const page = data.data as { searchId: string; items: Item[]; totalCount: number };
      expect(page.searchId).toMatch(/^srch_/);
      expect(page.items).toHaveLength(5);
      expect(page.totalCount).toBe(kazanHotels.length);
      const first = kazanHotels[0]!;
      expect(page.items[0]).toMatchObject({ name: first.name, shownPrice: searchPriceFor(SEED, first, STAY_DATA, kazan.profile.utcOffset) });
      expect(text).toContain("status=ok");
      expect(text).toContain(page.searchId);
    });

    it("passes a valid filter through", async () => {
      const { data } = await call("search", { destinationId: KAZAN, ...STAY, filters: [BREAKFAST] });
      expect(data.status).toBe("ok");
      expect((data.data as { totalCount: number }).totalCount).toBeLessThan(kazanHotels.length);
    });

    it("refuses a filter without $objectType, with an unknown field or a wrong value type before HTTP: requirements_unavailable", async () => {
      await expectRefused("search", { destinationId: KAZAN, ...STAY, filters: [{ filterId: "meal_types", values: ["breakfast"] }] }, "requirements_unavailable");
      await expectRefused("search", { destinationId: KAZAN, ...STAY, filters: [{ ...BREAKFAST, extra: 1 }] }, "requirements_unavailable");
      await expectRefused("search", { destinationId: KAZAN, ...STAY, filters: [{ $objectType: "boolean", filterId: "free_cancellation", value: "yes" }] }, "requirements_unavailable");
      await expectRefused("search", { destinationId: KAZAN, ...STAY, filters: [{ $objectType: "slider", filterId: "price", from: 1 }] }, "requirements_unavailable");
    });

    it("a bad date without filters is invalid_input, before HTTP", async () => {
      await expectRefused("search", { destinationId: KAZAN, ...STAY, checkinDate: "10.03.2027" }, "invalid_input");
    });

    it("a filter the provider refuses is requirements_unavailable in a normal result, never an unfiltered page", async () => {
      const { result, data } = await call("search", { destinationId: KAZAN, ...STAY, filters: [{ $objectType: "boolean", filterId: "accessible", value: true }] });
      expect(result.isError).toBeFalsy();
      expect(data).toMatchObject({ status: "requirements_unavailable", provider: { httpStatus: 400, code: "unknown_filter" } });
      expect(data).not.toHaveProperty("data");
      expect(h.sandbox.control.requestCount("search")).toBe(1);
    });

    it("a provider fault", async () => {
      await expectFault("search", { destinationId: KAZAN, ...STAY }, "search");
    });
  });

  describe("get_search_filters", () => {
    it("answers the filter catalog", async () => {
      const { data } = await call("get_search_filters", { destinationId: KAZAN });
      expect(data.status).toBe("ok");
      const filters = (data.data as { filters: { filterId: string; $objectType: string }[] }).filters;
      expect(filters.map((f) => `${f.filterId}:${f.$objectType}`)).toEqual([
        "meal_types:array",
        "stars:array",
        "free_cancellation:boolean",
        "parking:boolean",
        "pool:boolean",
        "pets_allowed:boolean",
        "family_rooms:boolean",
        "rating:radio",
        "price:range",
      ]);
    });

    it("refuses an id with a path separator before HTTP", async () => {
      await expectRefused("get_search_filters", { destinationId: "../1003" }, "invalid_input");
    });

    it("a provider fault; an unknown destination is not_found", async () => {
      await expectFault("get_search_filters", { destinationId: KAZAN }, "search_filters");
      const { data } = await call("get_search_filters", { destinationId: "9999" });
      expect(data).toMatchObject({ status: "not_found", provider: { httpStatus: 404, code: "destination_not_found" } });
    });
  });

  describe("get_filter_availability", () => {
    it("counts what each value would leave, given the other filters; totalCount is the search's", async () => {
      const stars4 = { $objectType: "array", filterId: "stars", values: ["4"] };
      const { data } = await call("get_filter_availability", { destinationId: KAZAN, ...STAY, filters: [BREAKFAST, stars4] });
      expect(data.status).toBe("ok");
      const answer = data.data as { totalCount: number; filters: { filterId: string; options?: { value: string; count: number }[]; count?: number; min?: number; max?: number }[] };
      const search = await call("search", { destinationId: KAZAN, ...STAY, filters: [BREAKFAST, stars4] });
      expect(answer.totalCount).toBe((search.data.data as { totalCount: number }).totalCount);
      // Breakfast's own count with 4 stars kept equals the total; the 4-star count with breakfast kept too.
      const meal = answer.filters.find((f) => f.filterId === "meal_types")!;
      const stars = answer.filters.find((f) => f.filterId === "stars")!;
      expect(meal.options?.find((o) => o.value === "breakfast")?.count).toBe(answer.totalCount);
      expect(stars.options?.find((o) => o.value === "4")?.count).toBe(answer.totalCount);
      const price = answer.filters.find((f) => f.filterId === "price")!;
      expect(price.min).toBeLessThanOrEqual(price.max!);
    });

    it("refuses a malformed filter before HTTP: requirements_unavailable", async () => {
      await expectRefused("get_filter_availability", { destinationId: KAZAN, ...STAY, filters: [{ $objectType: "range", filterId: "price", from: "cheap" }] }, "requirements_unavailable");
    });

    it("a provider refusal of a filtered request is requirements_unavailable; unfiltered it is provider_error", async () => {
      await expectFault("get_filter_availability", { destinationId: KAZAN, ...STAY, filters: [BREAKFAST] }, "filter_availability", 400, "requirements_unavailable");
      h.sandbox.control.resetCounters();
      await expectFault("get_filter_availability", { destinationId: KAZAN, ...STAY }, "filter_availability", 400, "provider_error");
      h.sandbox.control.resetCounters();
      await expectFault("get_filter_availability", { destinationId: KAZAN, ...STAY, filters: [BREAKFAST] }, "filter_availability", 503, "provider_unavailable");
    });
  });

  describe("search_map and get_map_hotels", () => {
    it("map points are the search's hotels with their coordinates and search prices", async () => {
      const { data } = await call("search_map", { destinationId: KAZAN, ...STAY, limit: 500 });
      expect(data.status).toBe("ok");
      const map = data.data as { totalCount: number; center: { lat: number; lon: number }; points: Point[] };
      expect(map.totalCount).toBe(kazanHotels.length);
      expect(map.points).toHaveLength(kazanHotels.length);
      expect(map.center).toEqual({ lat: kazan.profile.center[0], lon: kazan.profile.center[1] });
      for (const point of map.points.slice(0, 20)) {
        const hotel = catalog.hotel(point.hotelId)!;
        expect(point.coordinates).toEqual(hotel.coordinates);
        expect(point.shownPrice).toEqual(searchPriceFor(SEED, hotel, STAY_DATA, kazan.profile.utcOffset));
      }
    });

    it("a bounding box keeps the points inside it; the limit caps the list, not the count", async () => {
      const bbox = { south: kazan.profile.center[0] - 0.02, west: kazan.profile.center[1] - 0.03, north: kazan.profile.center[0] + 0.02, east: kazan.profile.center[1] + 0.03 };
      const { data } = await call("search_map", { destinationId: KAZAN, ...STAY, bbox, limit: 3 });
      const map = data.data as { totalCount: number; points: Point[] };
      const inside = kazanHotels.filter((x) => x.coordinates.lat >= bbox.south && x.coordinates.lat <= bbox.north && x.coordinates.lon >= bbox.west && x.coordinates.lon <= bbox.east);
      expect(map.totalCount).toBe(inside.length);
      expect(map.points.map((p) => p.hotelId)).toEqual(inside.slice(0, 3).map((x) => x.hotelId));
    });

    it("get_map_hotels answers the search cards of picked points, as the feed shows them", async () => {
      const feed = await call("search", { destinationId: KAZAN, ...STAY, limit: 3 });
      const items = (feed.data.data as { items: Item[] }).items.filter((i) => i.hotelId !== undefined);
      const ids = items.map((i) => i.hotelId!);
      const { data } = await call("get_map_hotels", { hotelIds: [...ids, "10039999"], ...STAY });
      expect(data.status).toBe("ok");
      const cards = (data.data as { items: Item[] }).items;
      expect(cards.map((c) => c.hotelId)).toEqual(ids);
      expect(cards.map((c) => c.shownPrice)).toEqual(items.map((i) => i.shownPrice));
    });

    it("refuse malformed input before HTTP", async () => {
      await expectRefused("search_map", { destinationId: KAZAN, ...STAY, bbox: { south: 55, west: 49, north: 56 } }, "invalid_input");
      await expectRefused("search_map", { destinationId: KAZAN, ...STAY, filters: [{ filterId: "stars", values: ["4"] }] }, "requirements_unavailable");
      await expectRefused("get_map_hotels", { hotelIds: [], ...STAY }, "invalid_input");
      await expectRefused("get_map_hotels", { hotelIds: ["1003/0001"], ...STAY }, "invalid_input");
    });

    it("provider faults", async () => {
      await expectFault("search_map", { destinationId: KAZAN, ...STAY }, "search_map");
      await expectFault("get_map_hotels", { hotelIds: ["10030001"], ...STAY }, "map_hotels", 502);
    });
  });

  describe("get_hotel", () => {
    it("answers the hotel card with the feed's coordinates and distance", async () => {
      const hotel = kazanHotels[1]!;
      const { data } = await call("get_hotel", { hotelId: hotel.hotelId });
      expect(data.status).toBe("ok");
      expect(data.data).toMatchObject({ hotelId: hotel.hotelId, name: hotel.name, coordinates: hotel.coordinates, distanceToCenterKm: hotel.distanceToCenterKm });
    });

    it("refuses a dot-segment id before HTTP; an unknown id is not_found", async () => {
      await expectRefused("get_hotel", { hotelId: ".." }, "invalid_input");
      const { data } = await call("get_hotel", { hotelId: "10039999" });
      expect(data).toMatchObject({ status: "not_found", provider: { code: "hotel_not_found" } });
    });

    it("a provider fault", async () => {
      await expectFault("get_hotel", { hotelId: "10030001" }, "hotel", 401, "provider_auth_rejected");
    });
  });

  describe("get_hotel_rates and get_rate", () => {
    const hotel = kazanHotels.find((x) => x.hasRates)!;

    it("rates as the rates route answers them, v3 by default, the same data on v1 and v2", async () => {
      const expected = ratesFor(SEED, hotel, STAY_DATA, kazan.profile.utcOffset);
      const v3 = await call("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY });
      expect(v3.data.status).toBe("ok");
      const rates = (v3.data.data as { rates: { rateId: string; price: unknown }[] }).rates;
      expect(rates.map((r) => [r.rateId, r.price])).toEqual(expected.map((r) => [r.rateId, r.price]));
      const v1 = await call("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY, apiVersion: "v1" });
      const v2 = await call("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY, apiVersion: "v2" });
      expect(v1.data.data).toEqual(v3.data.data);
      expect(v2.data.data).toEqual(v3.data.data);
      expect(h.sandbox.control.requestCounts()).toEqual({ rates: 1, rates_v1: 1, rates_v2: 1 });
    });

    it("get_rate answers one of those rates, on each version", async () => {
      const second = ratesFor(SEED, hotel, STAY_DATA, kazan.profile.utcOffset)[1]!;
      for (const apiVersion of ["v1", "v2", "v3"]) {
        const { data } = await call("get_rate", { hotelId: hotel.hotelId, rateId: second.rateId, ...STAY, apiVersion });
        expect(data.status).toBe("ok");
        expect(data.data).toMatchObject({ hotelId: hotel.hotelId, rate: { rateId: second.rateId, bookHash: second.bookHash, price: second.price } });
      }
      expect(h.sandbox.control.requestCounts()).toEqual({ rate: 1, rate_v1: 1, rate_v2: 1 });
      const missing = await call("get_rate", { hotelId: hotel.hotelId, rateId: "rate_nope", ...STAY });
      expect(missing.data).toMatchObject({ status: "not_found", provider: { code: "rate_not_found" } });
    });

    it("refuse an unknown version, bad guests or a reversed stay before HTTP", async () => {
      const { result } = await call("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY, apiVersion: "v4" });
      expect(result.isError).toBe(true);
      await expectRefused("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY, guests: [{ adults: 2 }] }, "invalid_input");
      await expectRefused("get_rate", { hotelId: hotel.hotelId, rateId: "a/b", ...STAY }, "invalid_input");
      expect(h.sandbox.control.requestCounts()).toEqual({});
    });

    it("provider faults", async () => {
      await expectFault("get_hotel_rates", { hotelId: hotel.hotelId, ...STAY, apiVersion: "v2" }, "rates_v2");
      await expectFault("get_rate", { hotelId: hotel.hotelId, rateId: `rate_${hotel.hotelId}_1`, ...STAY }, "rate", 429);
    });
  });

  describe("get_reviews", () => {
    const hotel = kazanHotels.find((x) => x.reviewsCount > 12)!;

    it("a page of the feed hotel's reviews: its rating and count, newest first, no author names", async () => {
      const { data, text } = await call("get_reviews", { hotelId: hotel.hotelId, limit: 5 });
      expect(data.status).toBe("ok");
      const page = data.data as { rating: number | null; reviewsCount: number; items: { createdAt: string }[] };
      expect(page).toMatchObject({ rating: hotel.rating, reviewsCount: hotel.reviewsCount });
      expect(page.items).toHaveLength(5);
      const dates = page.items.map((r) => Date.parse(r.createdAt));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(JSON.stringify(data)).not.toContain("authorName");
      expect(text).not.toContain("authorName");
    });

    it("refuses a bad page or id before HTTP", async () => {
      await expectRefused("get_reviews", { hotelId: hotel.hotelId, limit: 0 }, "invalid_input");
      await expectRefused("get_reviews", { hotelId: "a/b" }, "invalid_input");
    });

    it("a provider fault; an unknown hotel is not_found", async () => {
      await expectFault("get_reviews", { hotelId: hotel.hotelId }, "reviews");
      const { data } = await call("get_reviews", { hotelId: "10039999" });
      expect(data).toMatchObject({ status: "not_found", provider: { code: "hotel_not_found" } });
    });
  });

  describe("search_points_of_interest", () => {
    it("finds a landmark with coordinates, in the same city as the feed's hotels", async () => {
      const { data } = await call("search_points_of_interest", { destinationId: KAZAN, query: "Кремль" });
      expect(data.status).toBe("ok");
      const answer = data.data as { items: { name: string; coordinates: { lat: number; lon: number } }[] };
      const kremlin = answer.items.find((p) => p.name === "Казанский Кремль");
      expect(kremlin?.coordinates).toEqual({ lat: 55.7989, lon: 49.1054 });
    });

    it("refuses an empty query or an out-of-range limit before HTTP", async () => {
      await expectRefused("search_points_of_interest", { destinationId: KAZAN, query: "  " }, "invalid_input");
      await expectRefused("search_points_of_interest", { destinationId: KAZAN, limit: 500 }, "invalid_input");
    });

    it("a provider fault", async () => {
      await expectFault("search_points_of_interest", { destinationId: KAZAN, query: "вокзал" }, "points_of_interest", 504);
    });
  });

  describe("get_review_order_status", () => {
    const order = (n: number) => orderIdFor(SEED, undefined, n);

    it("a stay that ended is reviewable for 90 days; a future one not yet; a cancelled one not at all", async () => {
      const completed = await call("get_review_order_status", { orderId: order(4) });
      expect(completed.data).toMatchObject({ status: "ok", data: { orderId: order(4), status: "available", canLeaveReview: true } });
      const upcoming = await call("get_review_order_status", { orderId: order(1) });
      expect(upcoming.data).toMatchObject({ data: { status: "not_yet_available", canLeaveReview: false } });
      const old = await call("get_review_order_status", { orderId: order(5) });
      expect(old.data).toMatchObject({ data: { status: "expired", canLeaveReview: false } });
      const cancelled = await call("get_review_order_status", { orderId: order(3) });
      expect(cancelled.data).toMatchObject({ data: { status: "not_available", canLeaveReview: false, availableFrom: null } });
    });

    it("refuses an id with a slash before HTTP; an unknown order is not_found", async () => {
      await expectRefused("get_review_order_status", { orderId: "ord/1" }, "invalid_input");
      const { data } = await call("get_review_order_status", { orderId: "ord_unknown" });
      expect(data).toMatchObject({ status: "not_found", provider: { code: "order_not_found" } });
    });

    it("a provider fault", async () => {
      await expectFault("get_review_order_status", { orderId: order(4) }, "review_order_status");
    });
  });
});

describe("lowlevel get_review_order_status without a token the provider accepts", () => {
  it("is provider_auth_rejected (the anonymous profile sends no Authorization)", async () => {
    const h = await startHotelsHarness({ env: { TBANK_HOTELS_TOOLSETS: "lowlevel" } });
    try {
      const { data, result } = await h.call("tbank_hotels_get_review_order_status", { orderId: orderIdFor(SEED, undefined, 4) });
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "provider_auth_rejected", provider: { httpStatus: 401 } });
    } finally {
      await h.close();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { searchOfferFor, type Stay } from "../../scripts/sandbox/data/pricing.js";
import { addDays } from "../../shared/time.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

// find_stay_dates through a real MCP client against the sandbox (seed "hotels-mcp", today 2027-03-01).

const FLEX = "tbank_hotels_find_stay_dates";
const PLAN = "tbank_hotels_plan_stay";
const SEED = "hotels-mcp";
const TWO = [{ adults: 2 }];

interface Row {
  checkinDate: string;
  checkoutDate: string;
  weekday: string;
  hotel?: string;
  totalDecimal?: string;
  result?: string;
  hotels?: string;
}
interface Coverage {
  searched: number;
  of: number;
  notSearched: string[];
  providerRequests: number;
  budget: number;
}

/** The cheapest hotel whose priced room holds two, per the sandbox's own pricing: what the tool must find. */
function expectedCheapest(city: string, checkinDate: string, nights: number): { name: string; total: number } {
  const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
  const location = catalog.locations.find((l) => l.name === city)!;
  const stay: Stay = { checkinDate, checkoutDate: addDays(checkinDate, nights), guests: [{ adultsCount: 2, childrenAges: [] }] };
  let best: { name: string; total: number } | undefined;
  for (const hotel of catalog.hotelsOf(location.id)) {
    if (!hotel.hasRates || hotel.feedWithoutOccupancy || hotel.currency !== "RUB") continue;
    const offer = searchOfferFor(SEED, hotel, stay, location.profile.utcOffset);
    if ((offer.maxOccupancy ?? 0) < 2) continue;
    if (!best || offer.price.value < best.total) best = { name: hotel.name, total: offer.price.value };
  }
  return best!;
}

describe("Hotels MCP: find_stay_dates, the price calendar", () => {
  let h: HotelsHarness;
  const counts = () => h.sandbox.control.requestCounts();

  beforeAll(async () => {
    h = await startHotelsHarness({ env: { TBANK_HOTELS_FLEX_SEARCH_BUDGET: "30" } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.resetCounters();
  });

  it("prices every date of a small city's week at its cheapest hotel for the party, and names the cheapest date", async () => {
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: TWO, checkinFrom: "2027-03-08", checkinTo: "2027-03-14", nights: 2 });
    expect(r.data.status).toBe("ok");
    const rows = r.data.dates as Row[];
    expect(rows.map((d) => d.checkinDate)).toEqual(["2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11", "2027-03-12", "2027-03-13", "2027-03-14"]);
    for (const row of rows) {
      const want = expectedCheapest("Суздаль", row.checkinDate, 2);
      expect({ hotel: row.hotel, total: Number(row.totalDecimal) }).toEqual({ hotel: want.name, total: want.total });
      expect(row.checkoutDate).toBe(addDays(row.checkinDate, 2));
    }
    const cheapest = [...rows].sort((a, b) => Number(a.totalDecimal) - Number(b.totalDecimal))[0]!;
    expect(r.data.cheapest).toMatchObject({ checkinDate: cheapest.checkinDate, hotel: cheapest.hotel });
    expect(r.text).toContain(`cheapest ${cheapest.checkinDate} ${cheapest.weekday}: `);
    const coverage = r.data.coverage as Coverage;
    // Every provider request is counted, and the sandbox saw exactly those.
    expect(coverage).toMatchObject({ searched: 7, of: 7, notSearched: [], budget: 30 });
    expect(coverage.providerRequests).toBe(counts().search);
    expect(r.text).toContain(`providerRequests ${coverage.providerRequests} of budget 30`);
    expect(r.data.nextStep).toContain(`checkinDate=${cheapest.checkinDate}`);
  });

  it("the cheapest date opens as an ordinary journey with plan_stay, the hotel among its options", async () => {
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: TWO, checkinFrom: "2027-03-08", checkinTo: "2027-03-10", nights: 2, language: "en" });
    const best = r.data.cheapest as { checkinDate: string; hotel: string };
    const checkoutDate = addDays(best.checkinDate, 2);
    const plan = await h.call(PLAN, { destination: "1015", rooms: TWO, checkinDate: best.checkinDate, checkoutDate, hotelName: best.hotel });
    expect(plan.data.status).toBe("ok");
    expect(plan.data.journeyId).toMatch(/^jrn_/);
    expect((plan.data.options as { name: string }[])[0]?.name).toBe(best.hotel);
  });

  it("says which dates the request budget left unsearched, and spends no more than the budget", async () => {
    // A little latency, so requests that may overlap do.
    h.sandbox.control.setFault("search", { kind: "latency", ms: 15 });
    const r = await h.call(FLEX, { destination: "Москва", rooms: TWO, checkinFrom: "2027-03-15", checkinTo: "2027-03-28", nights: 1 });
    expect(r.data.status).toBe("ok");
    const coverage = r.data.coverage as Coverage;
    expect(coverage.providerRequests).toBeLessThanOrEqual(30);
    expect(counts().search).toBe(coverage.providerRequests);
    // Parallel, but never past the provider limiter's slots (TBANK_HOTELS_MAX_CONCURRENT_REQUESTS, 2).
    expect(h.sandbox.control.peakInFlight()).toBe(2);
    expect(coverage.notSearched.length).toBeGreaterThan(0);
    expect(coverage.searched + coverage.notSearched.length).toBe(14);
    // Moscow is bigger than one date's share: each searched date says how much of the city it saw.
    for (const row of r.data.dates as Row[]) expect(row.hotels).toMatch(/^\d+ of \d+ hotels seen$/);
    expect(r.text).toContain(`notSearched (request budget reached): ${coverage.notSearched.join(", ")}`);
    expect(r.data.nextStep).toContain(`call again with checkinFrom=${coverage.notSearched[0]}`);
  });

  it("answers no_matching_stays when no room holds the party on any date, saying why per date", async () => {
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: [{ adults: 5 }], checkinFrom: "2027-03-08", checkinTo: "2027-03-09", nights: 1 });
    expect(r.data).toMatchObject({ status: "no_matching_stays", retryAllowed: false, reason: "nothing_fits" });
    expect(r.result.isError).toBeUndefined();
    for (const row of r.data.dates as Row[]) expect(row.result).toBe("no room known to hold the party");
    expect(r.text).toContain("- 2027-03-08 пн: no room known to hold the party");
  });

  it("weekends: only Fridays, two nights each", async () => {
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: TWO, checkinFrom: "2027-03-01", checkinTo: "2027-03-21", weekend: "fri_sun" });
    expect((r.data.dates as Row[]).map((d) => [d.checkinDate, d.checkoutDate])).toEqual([["2027-03-05", "2027-03-07"], ["2027-03-12", "2027-03-14"], ["2027-03-19", "2027-03-21"]]);
  });

  it("refuses a past start, a window over 31 days and nights with weekend, all at once and before any provider call", async () => {
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: TWO, checkinFrom: "2027-02-20", checkinTo: "2027-04-30", nights: 2, weekend: "sat_sun" });
    expect(r.data.status).toBe("invalid_input");
    expect((r.data.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(["checkinFrom", "checkinTo", "nights"]);
    expect(counts()).toEqual({});
  });

  it("a failing provider on every date is a search failure, not an empty calendar", async () => {
    h.sandbox.control.setFault("search", { kind: "status", status: 503 });
    const r = await h.call(FLEX, { destination: "Суздаль", rooms: TWO, checkinFrom: "2027-03-20", checkinTo: "2027-03-21", nights: 1 });
    expect(r.data.status).toBe("search_unavailable");
  });
});

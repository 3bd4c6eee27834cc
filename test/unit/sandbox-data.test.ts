import { describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { addDays } from "../../scripts/sandbox/data/dates.js";
import { cheapestRate, ratesDriftFactor, ratesFor, searchOfferFor, searchPriceFor, searchRatesFor, type Stay } from "../../scripts/sandbox/data/pricing.js";
import { zoneOffset } from "../fixtures/time-zone.js";

const SEED = "sandbox-data";
const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
const STAY: Stay = { checkinDate: "2027-06-11", checkoutDate: "2027-06-14", guests: [{ adultsCount: 2, childrenAges: [] }, { adultsCount: 1, childrenAges: [5] }] };

describe("sandbox data", () => {
  it("every destination's UTC offset is its time zone's offset all year", () => {
    for (const location of catalog.locations) {
      expect(location.timeZone).toMatch(/^[A-Z][a-z]+\/[A-Z][A-Za-z_]+$/);
      for (let month = 0; month < 24; month++) expect(zoneOffset(location.timeZone, Date.UTC(2026, month, 15, 12))).toBe(location.profile.utcOffset);
    }
    expect(Object.fromEntries(catalog.locations.filter((l) => l.timeZone !== "Europe/Moscow").map((l) => [l.name, l.timeZone]))).toEqual({
      Екатеринбург: "Asia/Yekaterinburg",
      Калининград: "Europe/Kaliningrad",
      Железногорск: "Asia/Krasnoyarsk",
      Ереван: "Asia/Yerevan",
      Владивосток: "Asia/Vladivostok",
    });
  });

  it("the search price is the cheapest search-time rate; the rates route reprices about one hotel in four, by the same factor for every rate", () => {
    const hotels = catalog.locations.flatMap((l) => catalog.hotelsOf(l.id).slice(0, 60).filter((h) => h.hasRates).map((h) => ({ h, offset: l.profile.utcOffset })));
    let drifting = 0;
    for (const { h, offset } of hotels) {
      const before = searchRatesFor(SEED, h, STAY, offset);
      const after = ratesFor(SEED, h, STAY, offset);
      const factor = ratesDriftFactor(SEED, h.hotelId);
      expect([0.98, 1, 1.03]).toContain(factor);
      if (factor !== 1) drifting += 1;
      const searchPrice = searchPriceFor(SEED, h, STAY, offset);
      expect(searchPrice).toEqual(cheapestRate(before)?.price);
      expect(Math.min(...before.map((r) => r.price.value))).toBe(searchPrice.value);
      expect(after.map((r) => r.bookHash)).toEqual(before.map((r) => r.bookHash));
      for (const [i, rate] of after.entries()) expect(rate.price.value / before[i]!.price.value).toBeCloseTo(factor, 3);
    }
    expect(drifting / hotels.length).toBeGreaterThan(0.18);
    expect(drifting / hotels.length).toBeLessThan(0.32);
  });

  it("a search that allows only some rates shows the cheapest of those", () => {
    const kazan = catalog.hotelsOf("1003").filter((h) => h.hasRates && h.cancellation === "free");
    for (const h of kazan) {
      const refundable = searchOfferFor(SEED, h, STAY, "+03:00", (r) => r.cancellationKind === "free");
      expect(refundable.freeCancellationUntil).toBe(`${addDays(STAY.checkinDate, -h.freeCancellationDays)}T18:00:00+03:00`);
      expect(refundable.price.value).toBeGreaterThanOrEqual(searchPriceFor(SEED, h, STAY, "+03:00").value);
    }
  });

  it("rooms hold 2 to 4 guests, and some hotels offer only rooms too small for three", () => {
    const perHotel = catalog.hotelsOf("1002").filter((h) => h.hasRates).map((h) => searchRatesFor(SEED, h, STAY, "+03:00").map((r) => r.maxOccupancy));
    expect(new Set(perHotel.flat())).toEqual(new Set([2, 3, 4]));
    expect(perHotel.some((sizes) => Math.max(...sizes) < 3)).toBe(true);
    expect(perHotel.some((sizes) => Math.max(...sizes) >= 3)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { addDays, DATE_MEMO, dateMemoSizes, parseIsoDate } from "../../scripts/sandbox/data/dates.js";
import { bookHashFor, cheapestRate, ratesDriftFactor, ratesFor, searchOfferFor, searchPriceFor, searchRatesFor, type Stay } from "../../scripts/sandbox/data/pricing.js";
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

  it("a search asked with a party of three a room prices the cheapest room that holds three, else the cheapest room, stating its size unless the feed leaves it out", () => {
    const family: Stay = { ...STAY, guests: [{ adultsCount: 2, childrenAges: [7] }] };
    const hotels = catalog.hotelsOf("1003");
    const counts = { fits: 0, tooSmall: 0, unstated: 0 };
    for (const h of hotels) {
      const offer = searchOfferFor(SEED, h, family, "+03:00");
      if (!h.hasRates) {
        expect(offer.maxOccupancy).toBeUndefined();
        continue;
      }
      const rates = searchRatesFor(SEED, h, family, "+03:00");
      const fitting = rates.filter((r) => r.maxOccupancy >= 3);
      const expected = fitting.length > 0 ? Math.min(...fitting.map((r) => r.price.value)) : Math.min(...rates.map((r) => r.price.value));
      expect(offer.price.value).toBe(expected);
      expect(offer.rate?.price.value).toBe(expected);
      const kind = h.feedWithoutOccupancy ? "unstated" : fitting.length > 0 ? "fits" : "tooSmall";
      counts[kind] += 1;
      expect(offer.maxOccupancy).toBe(kind === "unstated" ? undefined : offer.rate?.maxOccupancy);
      if (kind === "tooSmall") expect(offer.maxOccupancy).toBeLessThan(3);
    }
    // Every case occurs: the MCP's guard meets rooms that fit, rooms too small and sizes not stated.
    expect(Math.min(counts.fits, counts.tooSmall, counts.unstated)).toBeGreaterThan(3);
  });

  it("rooms hold 2 to 4 guests, and some hotels offer only rooms too small for three", () => {
    const perHotel = catalog.hotelsOf("1002").filter((h) => h.hasRates).map((h) => searchRatesFor(SEED, h, STAY, "+03:00").map((r) => r.maxOccupancy));
    expect(new Set(perHotel.flat())).toEqual(new Set([2, 3, 4]));
    expect(perHotel.some((sizes) => Math.max(...sizes) < 3)).toBe(true);
    expect(perHotel.some((sizes) => Math.max(...sizes) >= 3)).toBe(true);
  });

  it("dates come out the same from memory, the memo stays bounded, and text that is no date is never remembered", () => {
    const DAY_MS = 86_400_000;
    const start = Date.UTC(2031, 0, 1);
    const dateAt = (d: number) => new Date(start + d * DAY_MS).toISOString().slice(0, 10);
    // Fewer dates than the memo holds, twice: the second pass answers from what the first remembered.
    for (let pass = 0; pass < 2; pass++) {
      for (let d = 0; d < 1000; d++) {
        expect(parseIsoDate(dateAt(d))).toBe(start + d * DAY_MS);
        expect(addDays(dateAt(d), -3)).toBe(dateAt(d - 3));
      }
    }
    // Text that is no date, while the memos have room: none of it is remembered.
    const before = dateMemoSizes();
    expect(before.parsed).toBeLessThan(DATE_MEMO);
    for (const bad of ["2027-02-30", "2027-13-01", "27-01-01", "2027-01-01T00:00:00Z", ""]) {
      expect(parseIsoDate(bad)).toBeUndefined();
      expect(parseIsoDate(bad)).toBeUndefined();
      expect(() => addDays(bad, 1)).toThrow("not a date");
    }
    expect(dateMemoSizes()).toEqual(before);
    // More dates than it holds: the answers stay right and the memo its size.
    for (let d = 0; d < DATE_MEMO + 500; d++) expect(addDays(dateAt(d), 2)).toBe(dateAt(d + 2));
    expect(dateMemoSizes()).toEqual({ parsed: DATE_MEMO, shifted: DATE_MEMO });
  });

  it("a rate's bookHash, made when first read, is the stay's and the same at every read and copy", () => {
    const hotel = catalog.hotelsOf(catalog.locations[0]!.id).find((h) => h.hasRates)!;
    const rates = searchRatesFor(SEED, hotel, STAY, "+03:00");
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      const expected = bookHashFor(SEED, hotel.hotelId, rate.rateIndex, STAY);
      expect(rate.bookHash).toBe(expected);
      expect(rate.bookHash).toBe(expected);
      expect({ ...rate }.bookHash).toBe(expected);
      expect((JSON.parse(JSON.stringify(rate)) as { bookHash: string }).bookHash).toBe(expected);
    }
    const otherStay = searchRatesFor(SEED, hotel, { ...STAY, checkoutDate: "2027-06-15" }, "+03:00");
    expect(otherStay[0]!.bookHash).not.toBe(rates[0]!.bookHash);
  });
});

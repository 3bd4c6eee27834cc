import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { normalizeRates } from "../../mcp/hotels/journey/rates.js";
import { buildOptions, OptionIdRegistry, withLoadedRates } from "../../mcp/hotels/journey/options.js";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { rankOptions } from "../../mcp/hotels/journey/ranking.js";
import { zoneOffsetMinutes } from "../../mcp/hotels/journey/view.js";
import { cancellationDisplay, priceDisplay, roomFitDisplay, ruPlural, type View } from "../../mcp/hotels/journey/wording.js";
import type { ProviderHotelItem, ProviderRate } from "../../mcp/hotels/provider/index.js";

const NOW = Date.UTC(2027, 2, 1, 9); // 2027-03-01 12:00 in UTC+03:00
const ru: View = { lang: "ru", nowMs: NOW, offsetMinutes: 180 };
const en: View = { ...ru, lang: "en" };
const rub = (amountDecimal: string) => ({ amountDecimal, currency: "RUB" });
const s = (text: string) => text.replaceAll(NBSP, " ");

describe("cancellation read against now", () => {
  it("shows a deadline still ahead as a benefit, with the penalty after it", () => {
    const c = { freeCancellationUntil: "2027-03-11T18:00:00+03:00", nonRefundable: false, penaltyAfter: rub("9695") };
    expect(s(cancellationDisplay(c, ru))).toBe("бесплатная отмена до 11.03.2027 18:00 (UTC+03:00), затем штраф от 9 695 ₽");
    expect(s(cancellationDisplay(c, en))).toBe("free cancellation until 11 Mar 2027 18:00 (UTC+03:00), then a penalty from ₽9,695");
  });

  it("never shows a deadline already past as a benefit", () => {
    const c = { freeCancellationUntil: "2027-02-28T18:00:00+03:00", nonRefundable: false, penaltyAfter: rub("9695") };
    expect(s(cancellationDisplay(c, ru))).toBe("бесплатная отмена закончилась 28.02.2027 18:00 (UTC+03:00); штраф от 9 695 ₽");
    expect(cancellationDisplay(c, en)).toMatch(/^free cancellation ended 28 Feb 2027 18:00/);
    expect(cancellationDisplay(c, ru)).not.toContain("до ");
  });

  it("shows the deadline on the destination's clock", () => {
    const c = { freeCancellationUntil: "2027-03-11T15:00:00Z", nonRefundable: false, penaltyAfter: null };
    expect(cancellationDisplay(c, ru)).toBe("бесплатная отмена до 11.03.2027 18:00 (UTC+03:00)");
  });

  it("calls a rate whose penalty is the full price non-refundable, and a missing fact no data", () => {
    expect(cancellationDisplay({ freeCancellationUntil: null, nonRefundable: true, penaltyAfter: rub("100") }, ru)).toBe("невозвратный тариф");
    expect(cancellationDisplay({ freeCancellationUntil: null, nonRefundable: true, penaltyAfter: rub("100") }, en)).toBe("non-refundable");
    expect(cancellationDisplay({ freeCancellationUntil: null, nonRefundable: false, penaltyAfter: null }, ru)).toBe("отмена: нет данных");
  });
});

describe("prices say what they cover", () => {
  const p = { totalPriceDecimal: "40000", pricePerNightDecimal: "8000", currency: "RUB", stayNights: 5 };
  it("names every room and night, the per-room figure, and «от» for a search price", () => {
    expect(s(priceDisplay(p, 2, "ru", true))).toBe("от 40 000 ₽ за 2 номера, 5 ночей (в среднем 20 000 ₽ за номер), 4 000 ₽ за номер в ночь");
    expect(priceDisplay(p, 2, "en", false)).toBe("₽40,000 for 2 rooms, 5 nights (avg ₽20,000 per room), ₽4,000 per room per night");
    expect(s(priceDisplay({ ...p, totalPriceDecimal: "8000", stayNights: 1 }, 1, "ru", false))).toBe("8 000 ₽ за 1 ночь");
  });

  it("uses Russian plurals", () => {
    expect([1, 2, 5, 11, 21, 22, 112].map((n) => ruPlural(n, "ночь", "ночи", "ночей"))).toEqual(["ночь", "ночи", "ночей", "ночей", "ночь", "ночи", "ночей"]);
  });

  it("says when a room holds fewer guests than the search puts in one", () => {
    expect(roomFitDisplay(2, 3, "ru")).toBe("номер на 2 гостей — меньше, чем 3 в номере по запросу");
    expect(roomFitDisplay(4, 3, "ru")).toBeUndefined();
    expect(roomFitDisplay(null, 3, "en")).toBeUndefined();
  });
});

function rate(n: number, value: number, extra: Partial<ProviderRate> = {}): ProviderRate {
  return { rateId: `r${n}`, bookHash: `bh${n}`, roomName: "Double", mealName: null, price: { value, currency: "RUB" }, cancellation: { freeCancellationUntil: null, penaltyAfter: null }, paymentType: "prepay", ...extra };
}

function item(i: number, value: number, hasRates = true): ProviderHotelItem {
  return { hotelId: `h${i}`, name: `H${i}`, stars: 3, rating: 9 - i * 0.1, reviewsCount: 100, shownPrice: { value, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates };
}

describe("loaded rates re-price an option", () => {
  it("replaces the search price with the cheapest bookable rate, wherever that rate stands", () => {
    const [o] = buildOptions([item(1, 20_000)].map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 2, new OptionIdRegistry());
    const loaded = normalizeRates([rate(1, 21_000), rate(2, 19_500, { cancellation: { freeCancellationUntil: null, penaltyAfter: { value: 19_500, currency: "RUB" } }, paymentType: "pay_at_hotel" }), rate(3, 18_000, { bookHash: " " })], 2);
    expect(loaded.rates[1]?.nonRefundable).toBe(true);
    const priced = withLoadedRates(o!.public, loaded);
    expect(priced).toMatchObject({ priceSource: "rates", totalPriceDecimal: "19500", cheapestRateNumber: 2, nonRefundable: true, paymentType: "pay_at_hotel", hasRates: true });
    expect(withLoadedRates(o!.public, normalizeRates([rate(1, 1000, { bookHash: " " })], 2))).toMatchObject({ priceSource: "search", hasRates: false });
  });

  it("ranks options without bookable rates after every bookable one", () => {
    const opts = buildOptions([item(1, 9000, false), item(2, 30_000), item(3, 12_000)].map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 1, new OptionIdRegistry()).map((o) => o.public);
    const name = (ids: string[]) => ids.map((id) => opts.find((o) => o.optionId === id)?.name);
    expect(name(rankOptions(opts, { ranking: "best_value" }).orderedIds).at(-1)).toBe("H1");
    expect(name(rankOptions(opts, { ranking: "lowest_price" }).orderedIds)).toEqual(["H3", "H2", "H1"]);
    expect(name(rankOptions(opts, { ranking: "provider_order" }).orderedIds)).toEqual(["H1", "H2", "H3"]);
  });
});

describe("destination offset", () => {
  it("reads an IANA zone's offset at an instant, and refuses a zone it does not know", () => {
    expect(zoneOffsetMinutes("Europe/Moscow", NOW)).toBe(180);
    expect(zoneOffsetMinutes("Asia/Yekaterinburg", NOW)).toBe(300);
    expect(zoneOffsetMinutes("Etc/UTC", NOW)).toBe(0);
    expect(zoneOffsetMinutes("Mars/Olympus", NOW)).toBeNull();
  });

  it("is right on both sides of a clock change, though answers are kept per quarter hour", () => {
    // Berlin springs forward at 01:00 UTC on 2027-03-28; Kathmandu (+05:45) and Lord Howe (a
    // half-hour change, at 15:30 UTC on 2027-10-02) keep odd offsets.
    const change = Date.UTC(2027, 2, 28, 1, 0);
    expect(zoneOffsetMinutes("Europe/Berlin", change - 1)).toBe(60);
    expect(zoneOffsetMinutes("Europe/Berlin", change)).toBe(120);
    expect(zoneOffsetMinutes("Europe/Berlin", change - 14 * 60_000)).toBe(60);
    expect(zoneOffsetMinutes("Europe/Berlin", change + 14 * 60_000)).toBe(120);
    expect(zoneOffsetMinutes("Asia/Kathmandu", change)).toBe(345);
    const lordHowe = Date.UTC(2027, 9, 2, 15, 30);
    expect(zoneOffsetMinutes("Australia/Lord_Howe", lordHowe - 1)).toBe(630);
    expect(zoneOffsetMinutes("Australia/Lord_Howe", lordHowe)).toBe(660);
  });
});

describe("one order per ranking", () => {
  it("orders any subset as the whole collection's ranking does (best_value scores depend on the set)", () => {
    const items = [8.1, 9.9, 7.2, 9.5, 8.8, 6.4].map((rating, i) => ({ ...item(i, 6000 + ((i * 3700) % 9000)), rating, reviewsCount: [5, 2400, 40, 700, 90, 3000][i] ?? 1 }));
    const opts = buildOptions(items.map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 2, new OptionIdRegistry()).map((o) => o.public);
    const params = { ranking: "best_value" as const, hotelPreferences: { pricePerNight: { min: 3000, max: 5000, currency: "RUB" } } };
    const full = rankOptions(opts, params).orderedIds;
    for (let mask = 3; mask < 1 << opts.length; mask++) {
      const within = new Set(opts.filter((_, i) => (mask >> i) & 1).map((o) => o.optionId));
      expect(rankOptions(opts, params, within).orderedIds).toEqual(full.filter((id) => within.has(id)));
    }
  });
});

describe("audit regressions", () => {
  it("re-prices a card with the cheapest rate whose room fits, and says so when none fits", () => {
    const [o] = buildOptions([item(1, 20_000)].map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 2, new OptionIdRegistry());
    const loaded = normalizeRates([rate(1, 15_000, { maxOccupancy: 2 }), rate(2, 19_000, { maxOccupancy: 4 }), rate(3, 18_000)], 2);
    expect(withLoadedRates(o!.public, loaded, { rooms: 1, guestsPerRoom: 3 })).toMatchObject({ totalPriceDecimal: "18000", cheapestRateNumber: 3, roomHolds: null });
    const doublesOnly = normalizeRates([rate(1, 15_000, { maxOccupancy: 2 }), rate(2, 16_000, { maxOccupancy: 2 })], 2);
    expect(withLoadedRates(o!.public, doublesOnly, { rooms: 1, guestsPerRoom: 3 })).toMatchObject({ totalPriceDecimal: "15000", roomHolds: 2 });
  });

  it("puts every bookable option, in any currency, before the unbookable ones", () => {
    const items = [item(1, 9000, false), { ...item(2, 300), shownPrice: { value: 300, currency: "USD" } }, item(3, 12_000)];
    const opts = buildOptions(items.map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 1, new OptionIdRegistry()).map((o) => o.public);
    const name = (ids: string[]) => ids.map((id) => opts.find((o) => o.optionId === id)?.name);
    expect(name(rankOptions(opts, { ranking: "best_value" }).orderedIds)).toEqual(["H3", "H2", "H1"]);
    expect(name(rankOptions(opts, { ranking: "lowest_price" }).orderedIds)).toEqual(["H3", "H2", "H1"]);
  });

  it("compares several rooms by the nightly price of one room", () => {
    const [o] = buildOptions([item(1, 40_000)].map(toJourneyItem).map((x) => ({ dedupeKey: dedupeKey(x), item: x })), 5, new OptionIdRegistry(), "ru", { rooms: 2, guestsPerRoom: 2 });
    expect(o!.public).toMatchObject({ pricePerNightDecimal: "8000", pricePerRoomNightDecimal: "4000" });
  });
});

import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { isRef } from "../../shared/refs.js";
import { CHECKOUT_FRESH_MS, isFresh, normalizeCheckout, resolveExtraServiceRef } from "../../mcp/hotels/journey/checkout.js";
import type { CheckoutInput } from "../../mcp/hotels/journey/checkout.js";
import type { ProviderCheckout } from "../../mcp/hotels/provider/index.js";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const IDS = { checkOutId: "chk-ID-4411", hotelId: "hotel-ID-9001", bookHash: "bookhash-ID-77aa", extraA: "extra-ID-1", extraB: "extra-ID-2", upgradeId: "upg-ID-5" };

function inspection(extra: Partial<ProviderCheckout> = {}): ProviderCheckout {
  return {
    checkOutId: IDS.checkOutId,
    hotelId: IDS.hotelId,
    roomName: "Стандарт",
    mealName: "Завтрак включён",
    searchPrice: { value: 20_000, currency: "RUB" },
    currentPrice: { value: 20_900, currency: "RUB" },
    priceChanged: true,
    cancellation: {
      freeCancellationUntil: "2026-09-14T18:00:00+03:00",
      penalties: [{ from: "2026-09-14T18:00:00+03:00", amount: { value: 10_450, currency: "RUB" } }],
    },
    extraServices: [
      { extraServiceId: IDS.extraA, type: "early_checkin", time: "10:00", price: { value: 1500, currency: "RUB" } },
      { extraServiceId: IDS.extraB, type: "late_checkout", time: "16:00", price: { value: 2000, currency: "RUB" } },
    ],
    upgradeAvailable: true,
    expiresAt: "2026-09-10T15:30:00+03:00",
    ...extra,
  };
}

function input(extra: Partial<CheckoutInput> = {}): CheckoutInput {
  let n = 0;
  return {
    inspection: inspection(),
    bookHash: IDS.bookHash,
    nights: 2,
    view: { lang: "ru", nowMs: NOW, offsetMinutes: 180 },
    random: (size) => new Uint8Array(size).fill(++n),
    promo: { valid: true, promoCode: "SANDBOX10", discount: { type: "percent", percent: 10, amount: { value: 2090, currency: "RUB" } }, priceAfterDiscount: { value: 18_810, currency: "RUB" } },
    upgrade: { upgradeId: IDS.upgradeId, roomName: "Делюкс", mealName: "Полупансион", priceDifference: { value: 3000, currency: "RUB" }, totalPrice: { value: 23_900, currency: "RUB" } },
    ...extra,
  };
}

describe("checkout inspection", () => {
  it("keeps every provider id out of the public half", () => {
    const checkout = normalizeCheckout(input());
    const publicJson = JSON.stringify(checkout.public);
    for (const id of Object.values(IDS)) expect(publicJson).not.toContain(id);
    expect(publicJson).not.toMatch(/-ID-/);
    expect(checkout.private).toMatchObject({ checkOutId: IDS.checkOutId, hotelId: IDS.hotelId, bookHash: IDS.bookHash, upgradeId: IDS.upgradeId });
  });

  it("compares current and search price as decimals", () => {
    const { public: p } = normalizeCheckout(input());
    expect(p.searchPrice).toEqual({ amountDecimal: "20000", currency: "RUB", display: `20${NBSP}000${NBSP}₽` });
    expect(p.currentPrice.amountDecimal).toBe("20900");
    expect(p).toMatchObject({ priceChanged: true, priceDifferenceDecimal: "900", priceDifferenceDisplay: `+900${NBSP}₽`, currentPricePerNightDisplay: `10${NBSP}450${NBSP}₽` });
    const same = normalizeCheckout(input({ inspection: inspection({ currentPrice: { value: 20_000, currency: "RUB" }, priceChanged: false }) })).public;
    expect(same).toMatchObject({ priceChanged: false, priceDifferenceDecimal: "0" });
    const drop = normalizeCheckout(input({ inspection: inspection({ currentPrice: { value: 19_400.4, currency: "RUB" } }) })).public;
    expect(drop).toMatchObject({ priceChanged: true, priceDifferenceDecimal: "-599.6", priceDifferenceDisplay: `-599,60${NBSP}₽` });
    const other = normalizeCheckout(input({ inspection: inspection({ currentPrice: { value: 250, currency: "USD" } }) })).public;
    expect(other).toMatchObject({ priceChanged: true, priceDifferenceDecimal: null });
  });

  it("shows cancellation with offsets and penalties", () => {
    const { cancellation } = normalizeCheckout(input()).public;
    expect(cancellation).toEqual({
      freeCancellationUntil: "2026-09-14T18:00:00+03:00",
      nonRefundable: false,
      cancellationDisplay: "бесплатная отмена до 14.09.2026 18:00 (UTC+03:00)",
      penalties: [{ from: "2026-09-14T18:00:00+03:00", fromDisplay: "14.09.2026 18:00 (UTC+03:00)", amount: { amountDecimal: "10450", currency: "RUB", display: `10${NBSP}450${NBSP}₽` } }],
    });
  });

  it("reads the deadline against the time of the inspection and calls a full-price penalty non-refundable", () => {
    const ended = normalizeCheckout(input({ view: { lang: "ru", nowMs: Date.parse("2026-09-15T12:00:00Z"), offsetMinutes: 180 } })).public.cancellation;
    expect(ended.cancellationDisplay).toBe("бесплатная отмена закончилась 14.09.2026 18:00 (UTC+03:00)");
    const full = inspection({ cancellation: { freeCancellationUntil: null, penalties: [{ from: "2026-09-10T15:00:00+03:00", amount: { value: 20_900, currency: "RUB" } }] } });
    expect(normalizeCheckout(input({ inspection: full })).public.cancellation).toMatchObject({ nonRefundable: true, cancellationDisplay: "невозвратный тариф" });
    const partial = inspection({ cancellation: { freeCancellationUntil: null, penalties: [{ from: "2026-09-10T15:00:00+03:00", amount: { value: 5000, currency: "RUB" } }] } });
    expect(normalizeCheckout(input({ inspection: partial })).public.cancellation).toMatchObject({ nonRefundable: false, cancellationDisplay: "отмена: нет данных" });
  });

  it("writes every display in the journey's language, machine fields unchanged", () => {
    const en = normalizeCheckout(input({ view: { lang: "en", nowMs: NOW, offsetMinutes: 180 } })).public;
    expect(en.searchPrice).toEqual({ amountDecimal: "20000", currency: "RUB", display: "₽20,000" });
    expect(en).toMatchObject({ priceDifferenceDecimal: "900", priceDifferenceDisplay: "+₽900", currentPricePerNightDisplay: "₽10,450" });
    expect(en.cancellation).toMatchObject({
      freeCancellationUntil: "2026-09-14T18:00:00+03:00",
      cancellationDisplay: "free cancellation until 14 Sep 2026 18:00 (UTC+03:00)",
      penalties: [{ fromDisplay: "14 Sep 2026 18:00 (UTC+03:00)", amount: { amountDecimal: "10450", display: "₽10,450" } }],
    });
    expect(en.promo).toMatchObject({ discountDisplay: "10% (₽2,090)", priceAfterDiscountDisplay: "₽18,810" });
    expect(en.upgradeOffer).toMatchObject({ priceDifference: { display: "₽3,000" }, totalPrice: { display: "₽23,900" } });
    expect(en.extraServices.map((e) => e.price.display)).toEqual(["₽1,500", "₽2,000"]);
    expect(en.freshUntil).toBe("2026-09-10T12:05:00.000Z");
  });

  it("maps extra services to opaque refs that resolve only through the private half", () => {
    const checkout = normalizeCheckout(input());
    const refs = checkout.public.extraServices.map((e) => e.extraServiceOptionRef);
    expect(refs.every((r) => isRef("extraServiceOptionRef", r))).toBe(true);
    expect(new Set(refs).size).toBe(2);
    expect(resolveExtraServiceRef(checkout, refs[1]!)).toEqual({ extraServiceId: IDS.extraB, type: "late_checkout" });
    expect(resolveExtraServiceRef(checkout, "esr_unknown")).toBeUndefined();
    expect(resolveExtraServiceRef(checkout, "__proto__")).toBeUndefined();
  });

  it("reports one promo validation (never applied) and one upgrade offer", () => {
    const { public: p } = normalizeCheckout(input());
    expect(p.promo).toEqual({ promoCode: "SANDBOX10", valid: true, applied: false, discountDisplay: `10 % (2${NBSP}090${NBSP}₽)`, priceAfterDiscountDisplay: `18${NBSP}810${NBSP}₽`, reason: null });
    expect(p.upgradeOffer).toMatchObject({ roomName: "Делюкс", breakfastEvidence: "confirmed_by_meal_name", priceDifference: { amountDecimal: "3000" } });
    const invalid = normalizeCheckout(input({ promo: { valid: false, promoCode: "SUMMER2025", reason: "expired" }, upgrade: null })).public;
    expect(invalid.promo).toMatchObject({ valid: false, applied: false, reason: "expired", discountDisplay: null });
    expect(invalid.upgradeOffer).toBeNull();
    expect(normalizeCheckout(input({ promo: undefined })).public.promo).toBeNull();
  });

  it("is fresh for five minutes after inspection", () => {
    const checkout = normalizeCheckout(input());
    expect(checkout.public.inspectedAt).toBe("2026-09-10T12:00:00.000Z");
    expect(checkout.public.freshUntil).toBe("2026-09-10T12:05:00.000Z");
    expect(isFresh(checkout, NOW + CHECKOUT_FRESH_MS - 1)).toBe(true);
    expect(isFresh(checkout, NOW + CHECKOUT_FRESH_MS)).toBe(false);
  });

  it("ends freshness early when the provider checkout expires sooner", () => {
    const soon = normalizeCheckout(input({ inspection: inspection({ expiresAt: "2026-09-10T15:02:00+03:00" }) }));
    expect(soon.public.freshUntil).toBe("2026-09-10T12:02:00.000Z");
  });
});

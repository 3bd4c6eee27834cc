import { describe, expect, it } from "vitest";
import { dedupeKey } from "../../mcp/hotels/journey/collect.js";
import { buildOptions, OptionIdRegistry, type JourneyOption } from "../../mcp/hotels/journey/options.js";
import { toJourneyItem } from "../../mcp/hotels/journey/provider-shapes.js";
import { normalizeRates } from "../../mcp/hotels/journey/rates.js";
import { CollectionCashback, moreCashback, planCashback, withInstalments } from "../../mcp/hotels/journey/value.js";
import { cashbackMaxDisplay, instalmentDisplay, instalmentsSummary, percentDisplay } from "../../mcp/hotels/journey/wording.js";
import { ProviderError, type HotelsApi, type ProviderInstalmentOffer, type ProviderRate } from "../../mcp/hotels/provider/index.js";
import type { HotelsContext } from "../../mcp/hotels/context.js";

const SEARCH = { destinationId: "1004", checkinDate: "2027-03-12", checkoutDate: "2027-03-14" };
const STAY = { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2, childrenAges: [] }] };
const down = () => Promise.reject(new ProviderError({ kind: "unavailable", routeId: "cashback_percent", status: 503 }));

function options(...hotelIds: string[]): JourneyOption[] {
  const items = hotelIds.map((hotelId) =>
    toJourneyItem({ hotelId, name: `Hotel ${hotelId}`, stars: 3, rating: 8, reviewsCount: 10, shownPrice: { value: 10_000, currency: "RUB" }, mealName: null, freeCancellationUntil: null, hasRates: true }),
  );
  return buildOptions(items.map((item) => ({ dedupeKey: dedupeKey(item), item })), 2, new OptionIdRegistry(), "ru", { rooms: 1, guestsPerRoom: 2 });
}

/** A provider whose value routes answer from the given functions, counting calls per route. */
function provider(api: Partial<Record<"cashbackPercents" | "maxCashback" | "bnplOffer", (...args: never[]) => Promise<unknown>>>) {
  const calls: string[] = [];
  const wrapped = Object.fromEntries(Object.entries(api).map(([name, fn]) => [name, (...args: never[]) => (calls.push(name), fn(...args))]));
  const ctx = { provider: { api: wrapped as unknown as HotelsApi } as HotelsContext["provider"], collectionCashback: new CollectionCashback() };
  return { ctx, calls };
}

const percents = (items: { hotelId: string; percent?: number }[]) => () => Promise.resolve({ items });
const max = () => Promise.resolve({ maxPercent: 10, maxAmount: { value: 3000, currency: "RUB" } });

describe("cashback beside a plan", () => {
  it("maps the stated percents to the journey's optionIds; unknown hotels and zero stay as stated", async () => {
    const opts = options("10040001", "10040002", "10040003");
    const { ctx } = provider({ cashbackPercents: percents([{ hotelId: "10040001", percent: 5 }, { hotelId: "10040002", percent: 0 }]), maxCashback: max });
    const c = await planCashback(ctx, {}, opts, SEARCH);
    expect(c).toEqual({ percents: { [opts[0]!.public.optionId]: 5, [opts[1]!.public.optionId]: 0 }, max: { percent: 10, cap: { amountDecimal: "3000", currency: "RUB" } }, unavailable: false });
  });

  it("asks once per collection: a second journey on the same collection makes no call", async () => {
    const collection = {};
    const { ctx, calls } = provider({ cashbackPercents: percents([{ hotelId: "10040001", percent: 7 }]), maxCashback: max });
    const first = await planCashback(ctx, collection, options("10040001"), SEARCH);
    const again = options("10040001");
    const second = await planCashback(ctx, collection, again, SEARCH);
    expect(calls).toEqual(["cashbackPercents", "maxCashback"]);
    // Each journey has its own optionIds; the percent follows the hotel.
    expect(Object.values(first.percents)).toEqual([7]);
    expect(second.percents).toEqual({ [again[0]!.public.optionId]: 7 });
  });

  it("a failed percents call is unavailable, is not kept, and a failed maximum only drops the maximum", async () => {
    const collection = {};
    const failing = provider({ cashbackPercents: down, maxCashback: max });
    expect(await planCashback(failing.ctx, collection, options("10040001"), SEARCH)).toEqual({ percents: {}, max: null, unavailable: true });
    expect(await planCashback(failing.ctx, collection, options("10040001"), SEARCH)).toMatchObject({ unavailable: true });
    expect(failing.calls.filter((c) => c === "cashbackPercents")).toHaveLength(2);
    const noMax = provider({ cashbackPercents: percents([{ hotelId: "10040001", percent: 3 }]), maxCashback: down });
    expect(await planCashback(noMax.ctx, {}, options("10040001"), SEARCH)).toMatchObject({ max: null, unavailable: false });
  });

  it("a continuation asks only for the hotels no call covered, once", async () => {
    const collection = {};
    const asked: string[][] = [];
    const { ctx } = provider({
      cashbackPercents: ((body: { hotelIds: string[] }) => (asked.push(body.hotelIds), Promise.resolve({ items: body.hotelIds.map((hotelId) => ({ hotelId, percent: 5 })) }))),
      maxCashback: max,
    });
    const before = options("10040001");
    const known = await planCashback(ctx, collection, before, SEARCH);
    const after = [...before, ...options("10040002")];
    const more = await moreCashback(ctx, collection, known, after);
    expect(asked).toEqual([["10040001"], ["10040002"]]);
    expect(Object.keys(more?.percents ?? {})).toEqual(after.map((o) => o.public.optionId));
  });
});

function rate(rateId: string, value: number, paymentType = "prepay"): ProviderRate {
  return { rateId, bookHash: `bh_${rateId}`, roomName: "Номер", mealName: null, price: { value, currency: "RUB" }, cancellation: { freeCancellationUntil: null, penaltyAfter: null }, paymentType };
}
const offer = (rateId: string, first: number, next: number, over = 0): ProviderInstalmentOffer => ({
  rateId,
  paymentsCount: 4,
  periodDays: 14,
  firstPayment: { value: first, currency: "RUB" },
  nextPayment: { value: next, currency: "RUB" },
  overpayment: { value: over, currency: "RUB" },
});

describe("instalment offers on a rates load", () => {
  const loaded = normalizeRates([rate("r1", 18_450.5), rate("r2", 20_000, "pay_at_hotel")], 2);

  it("attaches each offer to its rate by rateId, in one call", async () => {
    const { ctx, calls } = provider({ bnplOffer: () => Promise.resolve({ hotelId: "10040001", offers: [offer("r1", 4612.64, 4612.62), offer("r9", 1, 1)] }) });
    const out = await withInstalments(ctx, "10040001", STAY, loaded, AbortSignal.timeout(1000));
    expect(calls).toEqual(["bnplOffer"]);
    expect(out.instalments).toBe("offered");
    expect(out.rates[0]?.instalment).toEqual({ paymentsCount: 4, periodDays: 14, first: { amountDecimal: "4612.64", currency: "RUB" }, next: { amountDecimal: "4612.62", currency: "RUB" }, overpayment: { amountDecimal: "0", currency: "RUB" } });
    expect(out.rates[1]).not.toHaveProperty("instalment");
  });

  it("none offered is `none`; a failed call leaves the rates as they were, `unavailable`; no call without bookable rates", async () => {
    expect((await withInstalments(provider({ bnplOffer: () => Promise.resolve({ hotelId: "x", offers: [] }) }).ctx, "x", STAY, loaded, AbortSignal.timeout(1000))).instalments).toBe("none");
    const failed = await withInstalments(provider({ bnplOffer: down }).ctx, "x", STAY, loaded, AbortSignal.timeout(1000));
    expect(failed).toEqual({ ...loaded, instalments: "unavailable" });
    const nothing = provider({ bnplOffer: down });
    const empty = normalizeRates([], 2);
    expect(await withInstalments(nothing.ctx, "x", STAY, empty, AbortSignal.timeout(1000))).toBe(empty);
    expect(nothing.calls).toEqual([]);
  });
});

describe("value wording: the provider's figures, never our own sums", () => {
  const terms = { paymentsCount: 4, periodDays: 14, first: { amountDecimal: "4612.64", currency: "RUB" }, next: { amountDecimal: "4612.62", currency: "RUB" }, overpayment: { amountDecimal: "0", currency: "RUB" } };

  it("percents and the search's maximum with its cap", () => {
    expect([percentDisplay(5, "ru"), percentDisplay(1.5, "ru"), percentDisplay(1.5, "en")]).toEqual(["5 %", "1,5 %", "1.5%"]);
    expect(cashbackMaxDisplay({ percent: 10, cap: { amountDecimal: "3000", currency: "RUB" } }, "ru")).toBe("кешбэк до 10 %, не более 3\u00a0000\u00a0₽ за бронь");
    expect(cashbackMaxDisplay({ percent: 10, cap: null }, "en")).toBe("cashback up to 10%");
    expect(cashbackMaxDisplay({ percent: 0, cap: null }, "ru")).toBe("кешбэка по этому поиску нет");
  });

  it("a rate's terms with its amounts; equal payments said once; an overpayment with its amount", () => {
    expect(instalmentDisplay(terms, "ru")).toBe("рассрочка: 4 платежа раз в 14 дней, первый 4\u00a0612,64\u00a0₽, далее по 4\u00a0612,62\u00a0₽, без переплаты");
    expect(instalmentDisplay({ ...terms, next: terms.first }, "en")).toBe("instalments: 4 payments every 14 days, ₽4,612.64 each, no overpayment");
    expect(instalmentDisplay({ ...terms, paymentsCount: 6, periodDays: 30, overpayment: { amountDecimal: "1719.5", currency: "RUB" } }, "ru")).toContain("6 платежей раз в 30 дней, первый 4\u00a0612,64\u00a0₽, далее по 4\u00a0612,62\u00a0₽, переплата 1\u00a0719,50\u00a0₽");
  });

  it("the rates summary groups rates by terms, without amounts; none and unavailable are told apart", () => {
    const six = { ...terms, paymentsCount: 6, periodDays: 30, overpayment: { amountDecimal: "900", currency: "RUB" } };
    const rates = [{ rateNumber: 1, instalment: terms }, { rateNumber: 2 }, { rateNumber: 3, instalment: terms }, { rateNumber: 4, instalment: six }];
    expect(instalmentsSummary(rates, "offered", "ru")).toBe("рассрочка: #1, #3 — 4 платежа раз в 14 дней, без переплаты; #4 — 6 платежей раз в 30 дней, с переплатой (суммы — при выборе тарифа)");
    expect(instalmentsSummary([{ rateNumber: 1 }], "none", "en")).toBe("instalments: not offered for these rates");
    expect(instalmentsSummary([{ rateNumber: 1 }], "unavailable", "ru")).toBe("рассрочка: нет данных");
  });
});

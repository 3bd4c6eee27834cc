import type { JourneyView } from "../../mcp/hotels/journey/view.js";
import { describe, expect, it } from "vitest";
import { NBSP } from "../../shared/money.js";
import { MISSING } from "../../shared/time.js";
import {
  findRate,
  nextAttempt,
  normalizeRates,
  RATES_RETRY_POLICY,
  rateLabel,
  ratesTableMarkdown,
  ratesUnavailable,
  summarizeAttempts,
} from "../../mcp/hotels/journey/rates.js";
import type { AttemptOutcome } from "../../mcp/hotels/journey/rates.js";
import type { ProviderRate } from "../../mcp/hotels/provider/index.js";

function rate(n: number, extra: Partial<ProviderRate> = {}): ProviderRate {
  return {
    rateId: `rate-${n}`,
    bookHash: `bh-secret-${n}`,
    roomName: n === 2 ? "Стандарт" : `Номер ${n}`,
    mealName: n === 2 ? "Завтрак включён" : "Без питания",
    price: { value: n === 2 ? 18450.5 : 10_000 * n, currency: "RUB" },
    cancellation: { freeCancellationUntil: n === 1 ? "2026-09-14T18:00:00+03:00" : null, penaltyAfter: n === 1 ? { value: 5000, currency: "RUB" } : null },
    paymentType: "prepay",
    ...extra,
  };
}

const VIEW: JourneyView = { lang: "ru", nowMs: Date.UTC(2027, 2, 1, 9), offsetMinutes: 180, rooms: 1, guestsPerRoom: 2 };

describe("rates normalization", () => {
  it("numbers rates 1..n in provider order with labels, per-night prices and evidence", () => {
    const loaded = normalizeRates([rate(1), rate(2), rate(3)], 2);
    expect(loaded.status).toBe("ready");
    expect(loaded.rates.map((r) => r.rateNumber)).toEqual([1, 2, 3]);
    expect(loaded.rates[1]).toMatchObject({
      rateLabel: `#2 Стандарт, завтрак включён, 18${NBSP}450,50${NBSP}₽`,
      breakfastEvidence: "confirmed_by_meal_name",
      totalPriceDecimal: "18450.5",
      pricePerNightDecimal: "9225.25",
      pricePerNightDisplay: `9${NBSP}225,25${NBSP}₽`,
      cancellationDisplay: MISSING,
      penaltyAfterDisplay: MISSING,
      bookable: true,
    });
    expect(loaded.rates[0]).toMatchObject({
      breakfastEvidence: "excluded_by_meal_name",
      freeCancellationUntilDisplay: "14.09.2026 18:00 (UTC+03:00)",
      penaltyAfterDisplay: `5${NBSP}000${NBSP}₽`,
    });
    expect(loaded.private).toEqual([
      { rateNumber: 1, rateId: "rate-1", bookHash: "bh-secret-1" },
      { rateNumber: 2, rateId: "rate-2", bookHash: "bh-secret-2" },
      { rateNumber: 3, rateId: "rate-3", bookHash: "bh-secret-3" },
    ]);
    expect(JSON.stringify(loaded.rates)).not.toMatch(/bh-secret|rate-\d/);
  });

  it("never renumbers after filtering or selection", () => {
    const { rates } = normalizeRates([rate(1), rate(2), rate(3), rate(4)], 1);
    const withBreakfast = rates.filter((r) => r.breakfastEvidence === "confirmed_by_meal_name");
    expect(withBreakfast.map((r) => r.rateNumber)).toEqual([2]);
    expect(findRate(withBreakfast, 2)?.rateLabel.startsWith("#2 ")).toBe(true);
    expect(findRate(rates, 5)).toBeUndefined();
    const table = ratesTableMarkdown(rates.filter((r) => r.rateNumber % 2 === 0), VIEW);
    expect(table.split("\n").slice(2).map((row) => row.split(" | ")[0])).toEqual(["| 2", "| 4"]);
  });

  it("is no_bookable_rates for an empty list or when no rate has a bookHash", () => {
    expect(normalizeRates([], 2).status).toBe("no_bookable_rates");
    const noHash = normalizeRates([rate(1, { bookHash: " " }), rate(2, { bookHash: "\t" })], 2);
    expect(noHash.status).toBe("no_bookable_rates");
    expect(noHash.rates.map((r) => r.bookable)).toEqual([false, false]);
    expect(noHash.private.map((r) => r.bookHash)).toEqual([null, null]);
    const someHash = normalizeRates([rate(1, { bookHash: " " }), rate(2)], 2);
    expect(someHash.status).toBe("ready");
    expect(someHash.rates.map((r) => r.bookable)).toEqual([false, true]);
  });

  it("reports rates_temporarily_unavailable with the attempt bookkeeping", () => {
    const summary = summarizeAttempts([{ kind: "timeout", durationMs: 5000 }, { kind: "timeout", durationMs: 8000 }]);
    expect(ratesUnavailable(summary)).toEqual({
      status: "rates_temporarily_unavailable",
      rates: [],
      private: [],
      attempts: { attempts: 2, durationMs: 13_000, failureKind: "timeout", retryAllowed: false },
    });
  });

  it("labels a missing meal as «нет данных» and renders a compact escaped table", () => {
    expect(rateLabel(3, "Люкс", null, "1 ₽")).toBe(`#3 Люкс, питание: ${MISSING}, 1 ₽`);
    const { rates } = normalizeRates([rate(1, { roomName: "Двухместный | вид на Кремль", mealName: null })], 1);
    const table = ratesTableMarkdown(rates, VIEW);
    expect(table).toContain("| # | Номер | Питание | За 1 ночь | Отмена | Оплата |");
    // A room name we do not know stays the provider's words, marked, its separator made harmless.
    expect(table).toContain("«Двухместный / вид на Кремль»");
    expect(table.split("\n")).toHaveLength(3);
  });
});

describe("rates retry policy", () => {
  it("first attempt gets 5 s, one retry only after a timeout, with the rest of the 13 s budget", () => {
    expect(nextAttempt([])).toEqual({ attempt: 1, timeoutMs: 5000 });
    expect(nextAttempt([{ kind: "timeout", durationMs: 5000 }])).toEqual({ attempt: 2, timeoutMs: 8000 });
    expect(nextAttempt([{ kind: "timeout", durationMs: 5000 }, { kind: "timeout", durationMs: 8000 }])).toBeNull();
  });

  it("does not retry a success, a network error or a provider error", () => {
    for (const kind of ["ok", "network", "provider_error"] as const) {
      expect(nextAttempt([{ kind, durationMs: 100 }])).toBeNull();
    }
  });

  it("does not start a retry the budget cannot fit", () => {
    expect(nextAttempt([{ kind: "timeout", durationMs: 12_800 }], RATES_RETRY_POLICY)).toBeNull();
    expect(nextAttempt([{ kind: "timeout", durationMs: 12_000 }])).toEqual({ attempt: 2, timeoutMs: 1000 });
  });

  it("summarizes attempts, duration and the last failure kind", () => {
    const runs: [AttemptOutcome[], ReturnType<typeof summarizeAttempts>][] = [
      [[{ kind: "ok", durationMs: 420 }], { attempts: 1, durationMs: 420, failureKind: null, retryAllowed: false }],
      [[{ kind: "timeout", durationMs: 5000 }, { kind: "ok", durationMs: 900 }], { attempts: 2, durationMs: 5900, failureKind: null, retryAllowed: false }],
      [[{ kind: "timeout", durationMs: 5000 }, { kind: "network", durationMs: 30 }], { attempts: 2, durationMs: 5030, failureKind: "network", retryAllowed: false }],
      [[], { attempts: 0, durationMs: 0, failureKind: null, retryAllowed: false }],
    ];
    for (const [history, summary] of runs) expect(summarizeAttempts(history)).toEqual(summary);
  });
});

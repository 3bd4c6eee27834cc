import type { Hotel } from "./hotels.js";
import type { Money, Rate } from "./pricing.js";
import { hashString } from "./prng.js";

// T-Bank's own value on a stay: cashback on the hotel and instalment (BNPL) offers on its rates.
// Every figure the MCP shows is one of these, as stated; it never computes its own.

/** The most cashback one booking earns, whatever the percent (a programme cap, in roubles). */
export const CASHBACK_CAP: Money = { value: 3000, currency: "RUB" };

const PERCENTS = [0, 0, 0, 0, 3, 3, 5, 5, 7, 10] as const;

/** A hotel's cashback percent: 0 for about four in ten, and for every hotel without bookable rates. */
export function cashbackPercentFor(seed: string, hotel: Hotel): number {
  if (!hotel.hasRates) return 0;
  return PERCENTS[hashString(`${seed}|cashback|${hotel.hotelId}`) % PERCENTS.length] ?? 0;
}

/** The destination's highest percent: what the max-cashback route states for a search there. */
export function maxCashbackPercent(seed: string, hotels: readonly Hotel[]): number {
  return hotels.reduce((max, h) => Math.max(max, cashbackPercentFor(seed, h)), 0);
}

export interface InstalmentOffer {
  rateId: string;
  /** "parts": four payments a fortnight apart, no overpayment; "installment": six monthly, with a fee. */
  product: "parts" | "installment";
  paymentsCount: number;
  periodDays: number;
  /** Charged at booking; it takes the kopecks the even split leaves over. */
  firstPayment: Money;
  nextPayment: Money;
  overpayment: Money;
}

export const INSTALMENT_LIMITS = { min: 1_000, partsMax: 40_000, max: 300_000, currency: "RUB", feePercent: 3.9 } as const;

/**
 * A rate's instalment offer: prepaid rouble rates from 1,000 to 300,000 RUB, at hotels that take
 * instalments (four in five). Up to 40,000 RUB it is split in four, above that in six with a fee.
 */
export function instalmentOfferFor(seed: string, hotel: Hotel, rate: Rate): InstalmentOffer | undefined {
  const { price } = rate;
  if (rate.paymentType !== "prepay" || price.currency !== INSTALMENT_LIMITS.currency) return undefined;
  if (price.value < INSTALMENT_LIMITS.min || price.value > INSTALMENT_LIMITS.max) return undefined;
  if (hashString(`${seed}|bnpl|${hotel.hotelId}`) % 5 === 0) return undefined;
  const parts = price.value <= INSTALMENT_LIMITS.partsMax;
  const count = parts ? 4 : 6;
  const fee = parts ? 0 : Math.round(price.value * INSTALMENT_LIMITS.feePercent);
  const kopecks = Math.round(price.value * 100) + fee;
  const next = Math.floor(kopecks / count);
  const rub = (k: number): Money => ({ value: k / 100, currency: "RUB" });
  return {
    rateId: rate.rateId,
    product: parts ? "parts" : "installment",
    paymentsCount: count,
    periodDays: parts ? 14 : 30,
    firstPayment: rub(kopecks - next * (count - 1)),
    nextPayment: rub(next),
    overpayment: rub(fee),
  };
}

/** How much of `amount` instalments can cover: nothing below the minimum or in another currency, at most the maximum. */
export function trancheAmountFor(amount: { value: number; currency: string }): { available: boolean; availableAmount: Money; minAmount: Money; maxAmount: Money } {
  const { min, max, currency } = INSTALMENT_LIMITS;
  const ok = amount.currency === currency && amount.value >= min;
  return {
    available: ok,
    availableAmount: { value: ok ? Math.min(amount.value, max) : 0, currency },
    minAmount: { value: min, currency },
    maxAmount: { value: max, currency },
  };
}

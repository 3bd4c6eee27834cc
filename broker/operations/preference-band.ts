import { compareDecimal, decimalFromProviderNumber, divideDecimal } from "../../shared/money.js";
import type { ProviderTravelSpending } from "../provider/banking.js";

export const BAND_CURRENCY = "RUB";
const LOW_PERCENTILE = 20;
const HIGH_PERCENTILE = 80;
const WIDEN_PERCENT = 10;
const STEP = 100;

/**
 * The soft per-night band, from past hotel stays:
 * 1. only RUB stays with at least one night and a positive amount count (other currencies would
 *    need an exchange rate the broker does not have);
 * 2. per-night price = amount / nights, rounded half-up to whole roubles (decimal arithmetic);
 * 3. the 20th and 80th nearest-rank percentiles, so one unusually cheap or lavish stay does not
 *    set the band;
 * 4. widened by 10% each way and rounded outwards to whole hundreds: a soft preference, not a cap.
 * With one stay the band is that price ±10%. Returns undefined when no stay qualifies.
 */
export function perNightBand(spending: ProviderTravelSpending): { min: number; max: number; currency: string; staysCount: number } | undefined {
  const perNight = spending.stays
    .filter((s) => s.amount.currency === BAND_CURRENCY && s.nights >= 1 && s.amount.value > 0)
    .map((s) => divideDecimal(decimalFromProviderNumber(s.amount.value), s.nights, 0))
    .sort(compareDecimal)
    .map(Number);
  if (perNight.length === 0) return undefined;
  const low = nearestRank(perNight, LOW_PERCENTILE);
  const high = nearestRank(perNight, HIGH_PERCENTILE);
  const min = Math.floor((low * (100 - WIDEN_PERCENT)) / 100 / STEP) * STEP;
  const max = Math.ceil((high * (100 + WIDEN_PERCENT)) / 100 / STEP) * STEP;
  return { min: Math.max(0, min), max, currency: BAND_CURRENCY, staysCount: perNight.length };
}

function nearestRank(sorted: readonly number[], percentile: number): number {
  const index = Math.max(0, Math.ceil((percentile * sorted.length) / 100) - 1);
  return sorted[Math.min(index, sorted.length - 1)] ?? 0;
}

import { decimalFromProviderNumber, divideDecimal, formatMoney } from "../../../shared/money.js";
import type { Decimal } from "../../../shared/money.js";
import { DEFAULT_LANG, missing, type Lang } from "../../../shared/locale.js";
import { formatOffsetDateTime, isOffsetDateTime, MISSING } from "../../../shared/time.js";
import type { ProviderMoney } from "../provider/index.js";

// Derived facts shared by options, rates and checkout: money as decimal strings plus a ready
// display, meal → breakfast evidence, and cancellation shown without guessing.

export type BreakfastEvidence = "confirmed_by_meal_name" | "excluded_by_meal_name" | "not_confirmed_for_displayed_price";

// Checked in this order: an explicit "not included"/"extra charge" beats the word "breakfast".
const EXCLUDED = /без питания|без завтрака|room only|only room|no meals?\b|meals? not included|breakfast not included|завтрак не включ|питание не включ/;
const PAID_EXTRA = /за доп|доп\.? плат|оплачивается отдельно|extra (charge|cost|fee)|at (an )?additional|surcharge|payable/;
const CONFIRMED = /завтрак|breakfast|полупансион|half[ -]?board|полный пансион|full[ -]?board|все включено|all[ -]?inclusive|\bbb\b|\bhb\b|\bfb\b/;

export function breakfastEvidence(mealName: string | null | undefined): BreakfastEvidence {
  if (mealName === null || mealName === undefined) return "not_confirmed_for_displayed_price";
  const text = mealName.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ");
  if (EXCLUDED.test(text)) return "excluded_by_meal_name";
  if (PAID_EXTRA.test(text)) return "not_confirmed_for_displayed_price";
  return CONFIRMED.test(text) ? "confirmed_by_meal_name" : "not_confirmed_for_displayed_price";
}

export interface MoneyFacts {
  amountDecimal: Decimal;
  currency: string;
  display: string;
}

export function moneyFacts(money: ProviderMoney, lang: Lang = DEFAULT_LANG): MoneyFacts {
  const amountDecimal = decimalFromProviderNumber(money.value);
  return { amountDecimal, currency: money.currency, display: formatMoney(amountDecimal, money.currency, lang) };
}

export interface PriceFacts {
  totalPriceDecimal: Decimal;
  currency: string;
  stayNights: number;
  pricePerNightDecimal: Decimal;
  totalPriceDisplay: string;
  pricePerNightDisplay: string;
}

// The provider price is the total for the whole stay; per night is derived once, here, so no
// table downstream ever divides again.
export function priceFacts(total: ProviderMoney, nights: number, lang: Lang = DEFAULT_LANG): PriceFacts {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError("nights must be a positive integer");
  const { amountDecimal, currency, display } = moneyFacts(total, lang);
  const perNight = divideDecimal(amountDecimal, nights, 2);
  return {
    totalPriceDecimal: amountDecimal,
    currency,
    stayNights: nights,
    pricePerNightDecimal: perNight,
    totalPriceDisplay: display,
    pricePerNightDisplay: formatMoney(perNight, currency, lang),
  };
}

export function offsetTimeDisplay(value: string | null | undefined, lang: Lang = DEFAULT_LANG): string {
  return typeof value === "string" && isOffsetDateTime(value) ? formatOffsetDateTime(value, lang) : missing(lang);
}

export interface CancellationFacts {
  freeCancellationUntil: string | null;
  freeCancellationUntilDisplay: string;
  cancellationDisplay: string;
}

// A missing (or unreadable) fact is "нет данных": never "невозвратный", never "бесплатная отмена".
export function cancellationFacts(freeCancellationUntil: string | null | undefined): CancellationFacts {
  const display = offsetTimeDisplay(freeCancellationUntil);
  return {
    freeCancellationUntil: typeof freeCancellationUntil === "string" && isOffsetDateTime(freeCancellationUntil) ? freeCancellationUntil : null,
    freeCancellationUntilDisplay: display,
    cancellationDisplay: display === MISSING ? MISSING : `бесплатная отмена до ${display}`,
  };
}

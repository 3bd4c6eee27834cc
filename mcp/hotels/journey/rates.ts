import { MISSING } from "../../../shared/time.js";
import { breakfastEvidence, cancellationFacts, moneyFacts, priceFacts } from "./facts.js";
import type { BreakfastEvidence, CancellationFacts, PriceFacts } from "./facts.js";
import type { AttemptSummary } from "./retry.js";
import type { ProviderRate } from "../provider/index.js";

export { CHECKOUT_RETRY_POLICY, nextAttempt, RATES_RETRY_POLICY, summarizeAttempts } from "./retry.js";
export type { AttemptOutcome, AttemptSummary, FailureKind, NextAttempt, RetryPolicy } from "./retry.js";

export type RatesStatus = "ready" | "no_bookable_rates" | "rates_temporarily_unavailable";

export interface PublicRate extends PriceFacts, CancellationFacts {
  // 1..n in provider order, fixed at load time: filtering or selecting never renumbers.
  rateNumber: number;
  rateLabel: string;
  roomName: string;
  mealName: string | null;
  breakfastEvidence: BreakfastEvidence;
  penaltyAfterDisplay: string;
  paymentType: string;
  // Without a bookHash a rate is information only: it cannot be selected or booked.
  bookable: boolean;
}

export interface PrivateRate {
  rateNumber: number;
  rateId: string;
  bookHash: string | null;
}

export interface LoadedRates {
  status: RatesStatus;
  rates: PublicRate[];
  private: PrivateRate[];
  attempts: AttemptSummary | null;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLocaleLowerCase("ru-RU") + text.slice(1);
}

export function rateLabel(rateNumber: number, roomName: string, mealName: string | null, totalPriceDisplay: string): string {
  const meal = mealName && mealName.trim() !== "" ? lowerFirst(mealName.trim()) : `питание: ${MISSING}`;
  return `#${rateNumber} ${roomName}, ${meal}, ${totalPriceDisplay}`;
}

// The contract only promises a non-empty string; a blank one books nothing either.
const hasBookHash = (r: ProviderRate) => r.bookHash.trim() !== "";

export function normalizeRates(providerRates: readonly ProviderRate[], nights: number, attempts: AttemptSummary | null = null): LoadedRates {
  const rates = providerRates.map((r, i): PublicRate => {
    const rateNumber = i + 1;
    const price = priceFacts(r.price, nights);
    const penalty = r.cancellation.penaltyAfter;
    return {
      rateNumber,
      rateLabel: rateLabel(rateNumber, r.roomName, r.mealName, price.totalPriceDisplay),
      roomName: r.roomName,
      mealName: r.mealName,
      breakfastEvidence: breakfastEvidence(r.mealName),
      ...price,
      ...cancellationFacts(r.cancellation.freeCancellationUntil),
      penaltyAfterDisplay: penalty ? moneyFacts(penalty).display : MISSING,
      paymentType: r.paymentType,
      bookable: hasBookHash(r),
    };
  });
  const privateRates = providerRates.map((r, i) => ({ rateNumber: i + 1, rateId: r.rateId, bookHash: hasBookHash(r) ? r.bookHash : null }));
  const status: RatesStatus = rates.some((r) => r.bookable) ? "ready" : "no_bookable_rates";
  return { status, rates, private: privateRates, attempts };
}

export function ratesUnavailable(attempts: AttemptSummary): LoadedRates {
  return { status: "rates_temporarily_unavailable", rates: [], private: [], attempts };
}

export function findRate(rates: readonly PublicRate[], rateNumber: number): PublicRate | undefined {
  return rates.find((r) => r.rateNumber === rateNumber);
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

// For one showing; rows keep their rateNumber even when the caller passes a filtered subset.
export function ratesTableMarkdown(rates: readonly PublicRate[]): string {
  const head = "| # | Номер | Питание | За поездку | За ночь | Отмена |\n|---|---|---|---|---|---|";
  const rows = rates.map((r) =>
    [r.rateNumber, r.bookable ? r.roomName : `${r.roomName} (не бронируется)`, r.mealName ?? MISSING, r.totalPriceDisplay, r.pricePerNightDisplay, r.cancellationDisplay]
      .map((v) => cell(String(v)))
      .join(" | "),
  );
  return [head, ...rows.map((row) => `| ${row} |`)].join("\n");
}

import { MISSING } from "../../../shared/time.js";
import { compareDecimal, divideDecimal, formatMoney, type Decimal } from "../../../shared/money.js";
import type { JourneyView } from "./view.js";
import { cancellationDisplay, nightsPhrase, paymentDisplay, roomFitDisplay, roomsPhrase } from "./wording.js";
import { DEFAULT_LANG, missing, type Lang } from "../../../shared/locale.js";
import { breakfastEvidence, cancellationFacts, moneyFacts, priceFacts } from "./facts.js";
import type { BreakfastEvidence, CancellationFacts, PriceFacts } from "./facts.js";
import type { AttemptSummary } from "./retry.js";
import type { ProviderRate } from "../provider/index.js";
import type { InstalmentFacts, InstalmentsStatus } from "./value.js";
import { mealDisplay, roomDisplay } from "./vocabulary.js";

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
  /** What cancelling costs after the free period (null: no fact). */
  penaltyAfter: { amountDecimal: Decimal; currency: string } | null;
  /** The penalty equals the full price and there is no free period: cancelling returns nothing. */
  nonRefundable: boolean;
  /** "prepay", "pay_at_hotel" or the provider's own word. */
  paymentType: string;
  /** Guests the room holds, when the provider says. */
  maxOccupancy: number | null;
  // Without a bookHash a rate is information only: it cannot be selected or booked.
  bookable: boolean;
  /** The provider's instalment (BNPL) offer for this rate, as stated. */
  instalment?: InstalmentFacts;
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
  /** Set once the instalment offers were asked for (see journey/value.ts). */
  instalments?: InstalmentsStatus;
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

export function normalizeRates(providerRates: readonly ProviderRate[], nights: number, attempts: AttemptSummary | null = null, lang: Lang = DEFAULT_LANG): LoadedRates {
  const rates = providerRates.map((r, i): PublicRate => {
    const rateNumber = i + 1;
    const price = priceFacts(r.price, nights, lang);
    const penalty = r.cancellation.penaltyAfter;
    const penaltyAfter = penalty ? moneyFacts(penalty, lang) : null;
    const free = cancellationFacts(r.cancellation.freeCancellationUntil);
    return {
      rateNumber,
      rateLabel: rateLabel(rateNumber, r.roomName, r.mealName, price.totalPriceDisplay),
      roomName: r.roomName,
      mealName: r.mealName,
      breakfastEvidence: breakfastEvidence(r.mealName),
      ...price,
      ...free,
      penaltyAfterDisplay: penaltyAfter?.display ?? missing(lang),
      penaltyAfter: penaltyAfter && { amountDecimal: penaltyAfter.amountDecimal, currency: penaltyAfter.currency },
      nonRefundable: free.freeCancellationUntil === null && penaltyAfter !== null && penaltyAfter.currency === price.currency && compareDecimal(penaltyAfter.amountDecimal, price.totalPriceDecimal) >= 0,
      paymentType: r.paymentType,
      maxOccupancy: typeof r.maxOccupancy === "number" && Number.isInteger(r.maxOccupancy) && r.maxOccupancy > 0 ? r.maxOccupancy : null,
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

/**
 * The cheapest bookable rate whose room fits the guests of one room (the first of equals, in
 * provider order); when no room is known to fit, the cheapest bookable one, which then says so.
 * Null when nothing is bookable.
 */
export function cheapestBookable(rates: readonly PublicRate[], guestsPerRoom = 1): PublicRate | null {
  const bookable = rates.filter((r) => r.bookable);
  const fitting = bookable.filter((r) => r.maxOccupancy === null || r.maxOccupancy >= guestsPerRoom);
  let best: PublicRate | null = null;
  for (const r of fitting.length > 0 ? fitting : bookable) {
    if (best === null || (r.currency === best.currency && compareDecimal(r.totalPriceDecimal, best.totalPriceDecimal) < 0)) best = r;
  }
  return best;
}

export function findRate(rates: readonly PublicRate[], rateNumber: number): PublicRate | undefined {
  return rates.find((r) => r.rateNumber === rateNumber);
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

const TABLE: Record<Lang, { room: string; meal: string; total: (covers: string) => string; perNight: string; perRoomNight: string; cancellation: string; payment: string; notBookable: string }> = {
  ru: { room: "Номер", meal: "Питание", total: (c) => `За ${c}`, perNight: "За ночь", perRoomNight: "За номер в ночь", cancellation: "Отмена", payment: "Оплата", notBookable: "не бронируется" },
  en: { room: "Room", meal: "Meals", total: (c) => `For ${c}`, perNight: "Per night", perRoomNight: "Per room per night", cancellation: "Cancellation", payment: "Payment", notBookable: "not bookable" },
};

// For one showing; rows keep their rateNumber even when the caller passes a filtered subset. The
// total column says what it covers (every room, every night); cancellation is read against now.
export function ratesTableMarkdown(rates: readonly PublicRate[], view: JourneyView): string {
  const { lang } = view;
  const t = TABLE[lang];
  const first = rates[0];
  const covers = first ? (view.rooms > 1 ? `${roomsPhrase(view.rooms, lang)}, ${nightsPhrase(first.stayNights, lang)}` : nightsPhrase(first.stayNights, lang)) : "";
  // One night: the total is the nightly price, so the per-night column would only repeat it.
  const perNight = (first?.stayNights ?? 1) > 1;
  const head = perNight
    ? `| # | ${t.room} | ${t.meal} | ${t.total(covers)} | ${view.rooms > 1 ? t.perRoomNight : t.perNight} | ${t.cancellation} | ${t.payment} |\n|---|---|---|---|---|---|---|`
    : `| # | ${t.room} | ${t.meal} | ${t.total(covers)} | ${t.cancellation} | ${t.payment} |\n|---|---|---|---|---|---|`;
  const rows = rates.map((r) => {
    const notes = [roomFitDisplay(r.maxOccupancy, view.guestsPerRoom, lang), r.bookable ? undefined : t.notBookable].filter((x) => x !== undefined);
    const roomName = roomDisplay(r.roomName, lang);
    const room = notes.length > 0 ? `${roomName} (${notes.join("; ")})` : roomName;
    const money = (d: Decimal) => formatMoney(d, r.currency, lang);
    const total = view.rooms > 1 ? `${money(r.totalPriceDecimal)} (${lang === "en" ? "avg" : "в среднем"} ${money(divideDecimal(r.totalPriceDecimal, view.rooms, 2))} ${lang === "en" ? "per room" : "за номер"})` : money(r.totalPriceDecimal);
    const nightly = money(view.rooms > 1 ? divideDecimal(r.pricePerNightDecimal, view.rooms, 2) : r.pricePerNightDecimal);
    const cells = [r.rateNumber, room, mealDisplay(r.mealName, lang), total, ...(perNight ? [nightly] : []), cancellationDisplay(r, view), paymentDisplay(r.paymentType, lang)];
    return cells
      .map((v) => cell(String(v)))
      .join(" | ");
  });
  return [head, ...rows.map((row) => `| ${row} |`)].join("\n");
}

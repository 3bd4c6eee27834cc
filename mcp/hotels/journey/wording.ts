import { divideDecimal, formatMoney, type Decimal } from "../../../shared/money.js";
import { missing, type Lang } from "../../../shared/locale.js";
import { PROVIDER_CODE as CODE, providerWords, quoted } from "../../../shared/provider-text.js";
import { formatInstantAt, formatOffsetDateTime, parseOffsetDateTime } from "../../../shared/time.js";
import type { BandPosition } from "./best-value.js";
import type { BreakfastEvidence } from "./facts.js";
import { paymentCodeOf, type PaymentCode } from "./vocabulary.js";

// The words the journey writes itself, per language. Provider text (hotel names, descriptions) is
// never translated; room and meal names only by the fixed vocabulary (vocabulary.ts); amounts,
// dates and labels follow the journey's language.

/** What a display needs besides the facts: the language, the time now, the destination's offset. */
export interface View {
  lang: Lang;
  nowMs: number;
  /** The destination's UTC offset now, in minutes; null when neither the catalog nor a timestamp told us. */
  offsetMinutes: number | null;
}

/** Russian plural: 1 ночь, 2 ночи, 5 ночей. */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return one;
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return few;
  return many;
}

export function nightsPhrase(n: number, lang: Lang): string {
  return lang === "en" ? `${n} night${n === 1 ? "" : "s"}` : `${n} ${ruPlural(n, "ночь", "ночи", "ночей")}`;
}

export function roomsPhrase(n: number, lang: Lang): string {
  return lang === "en" ? `${n} room${n === 1 ? "" : "s"}` : `${n} ${ruPlural(n, "номер", "номера", "номеров")}`;
}

export function guestsPhrase(n: number, lang: Lang): string {
  return lang === "en" ? `${n} guest${n === 1 ? "" : "s"}` : `${n} ${ruPlural(n, "гостя", "гостей", "гостей")}`;
}

export const BREAKFAST: Record<Lang, Record<BreakfastEvidence, string>> = {
  ru: { confirmed_by_meal_name: "завтрак в цене", excluded_by_meal_name: "без завтрака", not_confirmed_for_displayed_price: "завтрак: нет данных" },
  en: { confirmed_by_meal_name: "breakfast included", excluded_by_meal_name: "no breakfast", not_confirmed_for_displayed_price: "breakfast: no data" },
};

export const BAND: Record<Lang, Record<BandPosition, string>> = {
  ru: { inside: "в диапазоне", below: "ниже диапазона", above: "выше диапазона" },
  en: { inside: "inside the band", below: "below the band", above: "above the band" },
};

/** Options in other currencies: not price-compared, placed after the compared ones. */
export function otherCurrenciesNote(o: { currencies: readonly string[]; count: number }, compared: string, lang: Lang): string {
  const list = o.currencies.join(", ");
  return lang === "en"
    ? `${o.count} options priced in ${list} are not compared with ${compared} and follow the others`
    : `${o.count} вар. с ценой в ${list} не сравниваются с ${compared} и стоят после остальных`;
}

/** The options just outside the band, shown apart from the recommendation, and why each is one. */
export const ALTERNATIVES: Record<Lang, { heading: string; why: (percent: string, side: "below" | "above", rating: string) => string }> = {
  ru: { heading: "альтернативы вне диапазона (показать отдельно)", why: (p, side, r) => `на ${p} ${side === "above" ? "выше" : "ниже"} диапазона, рейтинг ${r}` },
  en: { heading: "alternatives outside the band (show apart)", why: (p, side, r) => `${p} ${side} the band, rating ${r}` },
};

export const NO_RATES: Record<Lang, string> = { ru: "тарифов для бронирования нет", en: "no bookable rates" };
export const NO_RATING: Record<Lang, string> = { ru: "рейтинг: нет данных", en: "rating: no data" };

export function ratingDisplay(rating: number | null, reviewsCount: number, lang: Lang): string | undefined {
  if (rating === null) return undefined;
  return lang === "en" ? `${rating}/10 (${reviewsCount} reviews)` : `${String(rating).replace(".", ",")}/10 (${reviewsCount} отз.)`;
}

/** Distance says what it is measured from: the provider's figure is to the city centre. */
export function distanceDisplay(km: number, lang: Lang): string {
  if (!Number.isFinite(km)) return lang === "en" ? "distance to centre: no data" : "расстояние до центра: нет данных";
  return lang === "en" ? `${km.toFixed(1)} km from the centre` : `${km.toFixed(1).replace(".", ",")} км до центра`;
}

/** The distance to the journey's near point, which replaces the centre's on a card. */
export function nearDisplay(km: number, place: string, lang: Lang): string {
  const p = quoted(place);
  if (!Number.isFinite(km)) return lang === "en" ? `distance to ${p}: no data` : `расстояние до ${p}: нет данных`;
  return lang === "en" ? `${km.toFixed(1)} km from ${p}` : `${km.toFixed(1).replace(".", ",")} км до ${p}`;
}

/** The search's near point, said once beside the destination. */
export function nearPhrase(place: string, lang: Lang): string {
  return lang === "en" ? `near ${quoted(place)} (distances from it)` : `рядом с ${quoted(place)} (расстояния от него)`;
}

export interface PriceInput {
  totalPriceDecimal: Decimal;
  pricePerNightDecimal: Decimal;
  currency: string;
  stayNights: number;
}

/**
 * A total that says what it covers: every room and every night, with the per-room figure when there
 * are several rooms, and the per-night figure the price band is compared with. `from`: a search
 * price, which the rates may not match ("от").
 */
export function priceDisplay(p: PriceInput, rooms: number, lang: Lang, from: boolean): string {
  const money = (d: Decimal) => formatMoney(d, p.currency, lang);
  const total = money(p.totalPriceDecimal);
  const nights = nightsPhrase(p.stayNights, lang);
  // Several rooms: an even split, said as an average (the rooms may hold different guests), and the
  // nightly figure per room, which is what the band and the price filter compare.
  if (rooms > 1) {
    const perRoom = money(divideDecimal(p.totalPriceDecimal, rooms, 2));
    const perRoomNight = money(divideDecimal(p.pricePerNightDecimal, rooms, 2));
    return lang === "en"
      ? `${from ? "from " : ""}${total} for ${roomsPhrase(rooms, lang)}, ${nights} (avg ${perRoom} per room), ${perRoomNight} per room per night`
      : `${from ? "от " : ""}${total} за ${roomsPhrase(rooms, lang)}, ${nights} (в среднем ${perRoom} за номер), ${perRoomNight} за номер в ночь`;
  }
  if (lang === "en") {
    const perNight = p.stayNights > 1 ? `, ${money(p.pricePerNightDecimal)} per night` : "";
    return `${from ? "from " : ""}${total} for ${nights}${perNight}`;
  }
  const perNight = p.stayNights > 1 ? `, ${money(p.pricePerNightDecimal)} за ночь` : "";
  return `${from ? "от " : ""}${total} за ${nights}${perNight}`;
}

export interface CancellationInput {
  freeCancellationUntil: string | null;
  /** The penalty equals the full price: cancelling returns nothing. */
  nonRefundable: boolean;
  /** What cancelling costs once free cancellation has ended (null: no fact). */
  penaltyAfter: { amountDecimal: Decimal; currency: string } | null;
}

export type CancellationState = "free_until" | "free_ended" | "non_refundable" | "penalty" | "no_data";

export function cancellationState(c: CancellationInput, nowMs: number): CancellationState {
  if (c.nonRefundable) return "non_refundable";
  const until = c.freeCancellationUntil === null ? undefined : parseOffsetDateTime(c.freeCancellationUntil);
  if (until) return until.epochMs > nowMs ? "free_until" : "free_ended";
  return c.penaltyAfter ? "penalty" : "no_data";
}

/** A deadline on the destination's clock when we know its offset, else as the provider wrote it. */
export function deadlineDisplay(value: string, view: View): string {
  const ts = parseOffsetDateTime(value);
  if (!ts) return missing(view.lang);
  return view.offsetMinutes === null ? formatOffsetDateTime(ts, view.lang) : formatInstantAt(ts.epochMs, view.offsetMinutes, view.lang);
}

/**
 * Cancellation read against now: a deadline in the past is never shown as a benefit, a penalty equal
 * to the price reads as non-refundable, and a missing fact is "no data", never a guess.
 */
export function cancellationDisplay(c: CancellationInput, view: View): string {
  const { lang } = view;
  const state = cancellationState(c, view.nowMs);
  const penalty = c.penaltyAfter ? formatMoney(c.penaltyAfter.amountDecimal, c.penaltyAfter.currency, lang) : null;
  const deadline = c.freeCancellationUntil === null ? "" : deadlineDisplay(c.freeCancellationUntil, view);
  if (lang === "en") {
    switch (state) {
      case "non_refundable":
        return "non-refundable";
      case "free_until":
        return `free cancellation until ${deadline}${penalty ? `, then a penalty from ${penalty}` : ""}`;
      case "free_ended":
        return `free cancellation ended ${deadline}${penalty ? `; penalty from ${penalty}` : ""}`;
      case "penalty":
        return `cancellation penalty ${penalty ?? ""}`;
      case "no_data":
        return "cancellation: no data";
    }
  }
  switch (state) {
    case "non_refundable":
      return "невозвратный тариф";
    case "free_until":
      return `бесплатная отмена до ${deadline}${penalty ? `, затем штраф от ${penalty}` : ""}`;
    case "free_ended":
      return `бесплатная отмена закончилась ${deadline}${penalty ? `; штраф от ${penalty}` : ""}`;
    case "penalty":
      return `штраф при отмене ${penalty ?? ""}`;
    case "no_data":
      return "отмена: нет данных";
  }
}

const PAYMENT: Record<Lang, Record<PaymentCode, string>> = {
  ru: { prepay: "предоплата", pay_at_hotel: "оплата в отеле" },
  en: { prepay: "prepay", pay_at_hotel: "pay at the hotel" },
};

/** Prepay or pay at the hotel (by code or common wording); another code as it came, other text as the provider's words. */
export function paymentDisplay(paymentType: string, lang: Lang): string {
  const code = paymentCodeOf(paymentType);
  if (code !== null) return PAYMENT[lang][code];
  if (paymentType.trim() === "") return missing(lang);
  return CODE.test(paymentType) ? paymentType : providerWords(paymentType.trim());
}

/** Said only when the room is known to hold fewer guests than one room of the search. */
export function roomFitDisplay(maxOccupancy: number | null, guestsPerRoom: number, lang: Lang): string | undefined {
  if (maxOccupancy === null || maxOccupancy >= guestsPerRoom) return undefined;
  return lang === "en"
    ? `room holds ${guestsPhrase(maxOccupancy, lang)}, fewer than the ${guestsPerRoom} per room searched`
    : `номер на ${guestsPhrase(maxOccupancy, lang)} — меньше, чем ${guestsPerRoom} в номере по запросу`;
}

const FIT_NOTE: Record<Lang, { fits: (g: string) => string; none: (g: string) => string; smaller: (holds: string) => string; unknown: (g: string) => string }> = {
  ru: { fits: (g) => `есть номер на ${g}`, none: (g) => `нет номера на ${g}`, smaller: (h) => ` (цена — за номер на ${h})`, unknown: (g) => `есть ли номер на ${g} — пока неизвестно` },
  en: { fits: (g) => `has a room for ${g}`, none: (g) => `no room for ${g}`, smaller: (h) => ` (price is for a room for ${h})`, unknown: (g) => `room for ${g}: not known yet` },
};

/** Whether one room of the party fits, as a card says it; a price for a smaller room says whose it is. */
export function roomFitNote(fit: "fits" | "does_not_fit" | "unknown", roomHolds: number | null, guestsPerRoom: number, lang: Lang): string {
  const t = FIT_NOTE[lang];
  const party = guestsPhrase(guestsPerRoom, lang);
  if (fit === "fits") return t.fits(party);
  if (fit === "unknown") return t.unknown(party);
  return `${t.none(party)}${roomHolds === null ? "" : t.smaller(guestsPhrase(roomHolds, lang))}`;
}

/** A percent as the provider states it: "5 %", "1,5 %" (ru), "5%", "1.5%" (en). */
export function percentDisplay(percent: number, lang: Lang): string {
  const n = String(Math.round(percent * 100) / 100);
  return lang === "en" ? `${n}%` : `${n.replace(".", ",")} %`;
}

/** A card's cashback percent, only when above zero (the card's key names it; the text line says «кешбэк 5 %»). */
export function cashbackPercent(percent: number | undefined, lang: Lang): string | undefined {
  return percent !== undefined && percent > 0 ? percentDisplay(percent, lang) : undefined;
}

export const CASHBACK_LABEL: Record<Lang, string> = { ru: "кешбэк", en: "cashback" };
export const CASHBACK_NO_DATA: Record<Lang, string> = { ru: "кешбэк: нет данных", en: "cashback: no data" };

/**
 * The search's cashback said once: the highest percent and, when the provider states one, the most
 * a booking earns. Never a sum of our own: the cap is the provider's figure.
 */
export function cashbackMaxDisplay(max: { percent: number; cap: { amountDecimal: Decimal; currency: string } | null }, lang: Lang): string {
  if (!(max.percent > 0)) return lang === "en" ? "no cashback for this search" : "кешбэка по этому поиску нет";
  const cap = max.cap ? formatMoney(max.cap.amountDecimal, max.cap.currency, lang) : null;
  if (lang === "en") return `cashback up to ${percentDisplay(max.percent, lang)}${cap ? `, at most ${cap} per booking` : ""}`;
  return `кешбэк до ${percentDisplay(max.percent, lang)}${cap ? `, не более ${cap} за бронь` : ""}`;
}

type Amount = { amountDecimal: Decimal; currency: string };

export interface InstalmentInput {
  paymentsCount: number;
  periodDays: number;
  first: Amount;
  next: Amount | null;
  overpayment: Amount | null;
}

const isZero = (a: Amount) => /^0(\.0*)?$/.test(a.amountDecimal);

function paymentsPhrase(o: Pick<InstalmentInput, "paymentsCount" | "periodDays">, lang: Lang): string {
  if (lang === "en") return `${o.paymentsCount} payments every ${o.periodDays} day${o.periodDays === 1 ? "" : "s"}`;
  return `${o.paymentsCount} ${ruPlural(o.paymentsCount, "платёж", "платежа", "платежей")} раз в ${o.periodDays} ${ruPlural(o.periodDays, "день", "дня", "дней")}`;
}

function overpaymentPhrase(over: Amount | null, lang: Lang, amount: boolean): string {
  if (over === null) return "";
  if (isZero(over)) return lang === "en" ? ", no overpayment" : ", без переплаты";
  if (!amount) return lang === "en" ? ", with an overpayment" : ", с переплатой";
  const money = formatMoney(over.amountDecimal, over.currency, lang);
  return lang === "en" ? `, overpayment ${money}` : `, переплата ${money}`;
}

/**
 * One rate's instalment offer, its terms as the provider states them: "рассрочка: 4 платежа раз в
 * 14 дней, первый 4 612,64 ₽, далее по 4 612,62 ₽, без переплаты". Said when the rate is chosen.
 */
export function instalmentDisplay(o: InstalmentInput, lang: Lang): string {
  const money = (m: Amount) => formatMoney(m.amountDecimal, m.currency, lang);
  const same = o.next !== null && o.next.currency === o.first.currency && o.next.amountDecimal === o.first.amountDecimal;
  const amounts =
    lang === "en"
      ? same ? `, ${money(o.first)} each` : `, first ${money(o.first)}${o.next ? `, then ${money(o.next)} each` : ""}`
      : same ? `, по ${money(o.first)}` : `, первый ${money(o.first)}${o.next ? `, далее по ${money(o.next)}` : ""}`;
  return `${lang === "en" ? "instalments" : "рассрочка"}: ${paymentsPhrase(o, lang)}${amounts}${overpaymentPhrase(o.overpayment, lang, true)}`;
}

/**
 * The rates answer's one instalment line: which rates have an offer and on what terms (payments,
 * period, overpayment or none), grouped; the amounts come with the chosen rate. Or why there is none.
 */
export function instalmentsSummary(rates: readonly { rateNumber: number; instalment?: InstalmentInput }[], status: "offered" | "none" | "unavailable", lang: Lang): string {
  if (status === "unavailable") return lang === "en" ? "instalments: no data" : "рассрочка: нет данных";
  const groups = new Map<string, { terms: string; numbers: number[] }>();
  for (const r of rates) {
    if (!r.instalment) continue;
    const terms = paymentsPhrase(r.instalment, lang) + overpaymentPhrase(r.instalment.overpayment, lang, false);
    const group = groups.get(terms) ?? { terms, numbers: [] };
    group.numbers.push(r.rateNumber);
    groups.set(terms, group);
  }
  if (groups.size === 0) return lang === "en" ? "instalments: not offered for these rates" : "рассрочка: не предлагается для этих тарифов";
  const list = [...groups.values()].map((g) => `${g.numbers.map((n) => `#${n}`).join(", ")} — ${g.terms}`).join("; ");
  return lang === "en" ? `instalments: ${list} (amounts once a rate is selected)` : `рассрочка: ${list} (суммы — при выборе тарифа)`;
}

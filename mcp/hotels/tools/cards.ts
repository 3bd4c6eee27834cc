import { formatMoney } from "../../../shared/money.js";
import { quoted, quotedOr } from "../../../shared/provider-text.js";
import type { Lang } from "../../../shared/locale.js";
import { formatIsoDate, formatUtcOffset } from "../../../shared/time.js";
import type { BandPosition } from "../journey/best-value.js";
import type { PublicOption } from "../journey/options.js";
import { bandPositions, rankOptions, STANDARD_ROOM_GUESTS, type RankingParams, type RankingResult } from "../journey/ranking.js";
import type { JourneyState } from "../journey/state.js";
import type { HotelPreferencesInput, PriceBand } from "../journey/types.js";
import { destinationToday, type JourneyView } from "../journey/view.js";
import { BAND, BREAKFAST, cancellationDisplay, distanceDisplay, nearDisplay, nearPhrase, nightsPhrase, NO_RATES, NO_RATING, otherCurrenciesNote, paymentDisplay, priceDisplay, ratingDisplay, roomFitNote } from "../journey/wording.js";
import { CASHBACK_LABEL, cashbackPercent } from "../journey/wording.js";
import { cashbackCoverageDisplay } from "./criteria-view.js";
import type { ComparisonRowT, OptionCardT, RankingFieldsT } from "./schemas.js";
import { mealDisplay } from "../journey/vocabulary.js";

// Compact cards: the facts a user decides on, as display strings an answer can repeat, in the
// journey's language, and nothing that identifies the hotel to the provider. Both channels carry the
// same facts: the text line for text-only clients, the card for clients that read structuredContent.
// Left out on purpose: the cover photo URL and photo count (a sixth of a list's tokens, and no
// answer quotes them), per-card currency and nights (the price phrase carries them).

/** Band positions of every option when the person gave a band (whatever the ranking): a fact, not a filter. */
export function journeyBands(options: readonly PublicOption[], prefs: HotelPreferencesInput | undefined): Map<string, BandPosition> | null {
  return prefs ? bandPositions(options, prefs.pricePerNight) : null;
}

export function toCard(o: PublicOption, view: JourneyView, band?: BandPosition): OptionCardT {
  const { lang } = view;
  const rating = ratingDisplay(o.rating, o.reviewsCount, lang);
  const cashback = cashbackPercent(view.cashback?.[o.optionId], lang);
  return {
    optionId: o.optionId,
    name: o.name,
    ...(o.stars === null ? {} : { stars: o.stars }),
    ...(rating ? { rating } : {}),
    ...(Number.isFinite(o.distanceToCenterKm) ? { distanceToCenterKm: o.distanceToCenterKm } : {}),
    ...(view.near !== undefined && o.distanceToNearKm !== undefined ? { near: nearDisplay(o.distanceToNearKm, view.near, lang) } : {}),
    price: priceDisplay(o, view.rooms, lang, o.priceSource === "search"),
    // The amount beside its display, for a model that adds or compares: a decimal string, never a float.
    totalDecimal: o.totalPriceDecimal,
    currency: o.currency,
    breakfast: BREAKFAST[lang][o.breakfastEvidence],
    cancellation: cancellationDisplay(o, view),
    ...(o.paymentType === null ? {} : { payment: paymentDisplay(o.paymentType, lang) }),
    ...fitFields(o, view),
    ...(band ? { band: BAND[lang][band] } : {}),
    // Only the exception is stated: most options have rates.
    ...(o.hasRates ? {} : { hasRates: false as const }),
    ...(cashback ? { cashback } : {}),
  };
}

// Said on every card when the party puts more than two guests in a room, else only when no room
// fits. "fits" needs no words in the structured card; the text line says it.
function fitFields(o: PublicOption, view: JourneyView): Pick<OptionCardT, "roomFit" | "roomFitNote"> {
  if (!o.hasRates || (view.guestsPerRoom <= STANDARD_ROOM_GUESTS && o.roomFit !== "does_not_fit")) return {};
  return o.roomFit === "fits" ? { roomFit: o.roomFit } : { roomFit: o.roomFit, roomFitNote: roomFitNote(o.roomFit, o.roomHolds, view.guestsPerRoom, view.lang) };
}

/** The card's roomFit in words, for the text line. */
function fitText(card: Pick<OptionCardT, "roomFit" | "roomFitNote">, view: Pick<JourneyView, "guestsPerRoom" | "lang">): string | undefined {
  return card.roomFit === "fits" ? roomFitNote("fits", null, view.guestsPerRoom, view.lang) : card.roomFitNote;
}

/** One line per option: the card's facts in reading order, and its optionId. */
export function cardLine(card: OptionCardT, position: number, view: Pick<JourneyView, "lang" | "guestsPerRoom">): string {
  const { lang } = view;
  const stars = card.stars === undefined ? "" : ` ${card.stars}★`;
  const parts = [
    `${position}. ${card.optionId} ${quoted(card.name)}${stars}`,
    card.rating ?? NO_RATING[lang],
    card.near ?? distanceDisplay(card.distanceToCenterKm ?? Number.NaN, lang),
    card.price,
    card.breakfast,
    card.cancellation,
  ];
  if (card.payment) parts.push(card.payment);
  const fit = fitText(card, view);
  if (fit) parts.push(fit);
  if (card.band) parts.push(card.band);
  if (card.hasRates === false) parts.push(NO_RATES[lang]);
  if (card.cashback) parts.push(`${CASHBACK_LABEL[lang]} ${card.cashback}`);
  return parts.join(" · ");
}

/** A comparison row: the card plus the address and the meal name the choice may turn on. */
export function compareRow(o: PublicOption, view: JourneyView, band?: BandPosition): ComparisonRowT {
  const { optionId, name, stars, rating, distanceToCenterKm, ...rest } = toCard(o, view, band);
  return {
    optionId,
    name,
    ...(stars === undefined ? {} : { stars }),
    ...(rating === undefined ? {} : { rating }),
    address: o.address,
    ...(distanceToCenterKm === undefined ? {} : { distanceToCenterKm }),
    meal: mealDisplay(o.mealName, view.lang),
    ...rest,
  };
}

/** The row as a text line; the rank is its position (the structured rows are in the same order). */
export function rowLine(r: ComparisonRowT, rank: number, view: Pick<JourneyView, "lang" | "guestsPerRoom">): string {
  const { lang } = view;
  const stars = r.stars === undefined ? "" : ` ${r.stars}★`;
  const meal = lang === "en" ? `meals: ${r.meal} (${r.breakfast})` : `питание: ${r.meal} (${r.breakfast})`;
  const parts = [`${rank}. ${r.optionId} ${quoted(r.name)}${stars}`, r.rating ?? NO_RATING[lang], quotedOr(r.address, lang), r.near ?? distanceDisplay(r.distanceToCenterKm ?? Number.NaN, lang), r.price, r.cancellation];
  if (r.payment) parts.push(r.payment);
  const fit = fitText(r, view);
  if (fit) parts.push(fit);
  parts.push(meal);
  if (r.band) parts.push(r.band);
  if (r.hasRates === false) parts.push(NO_RATES[lang]);
  if (r.cashback) parts.push(`${CASHBACK_LABEL[lang]} ${r.cashback}`);
  return parts.join(" · ");
}

// The search as asked (where, when, who), before any hotel is chosen.
export function searchLine(state: Pick<JourneyState, "destination" | "request">, lang: Lang): string {
  const { request: r, destination: d } = state;
  const adults = r.rooms.reduce((n, room) => n + room.adults, 0);
  const children = r.rooms.reduce((n, room) => n + room.childrenAges.length, 0);
  const rooms = r.rooms.length;
  const dates = `${formatIsoDate(r.checkinDate, lang)}–${formatIsoDate(r.checkoutDate, lang)}`;
  const guests =
    lang === "en"
      ? `${adults} adult${adults === 1 ? "" : "s"}${children > 0 ? `, ${children} child${children === 1 ? "" : "ren"}` : ""}${rooms > 1 ? `, ${rooms} rooms` : ""}`
      : `${adults} взр.${children > 0 ? `, ${children} дет.` : ""}${rooms > 1 ? `, ${rooms} номера` : ""}`;
  const near = d.near ? `, ${nearPhrase(d.near.name, lang)}` : "";
  return `${quoted(d.name)} (${quoted(d.region)})${near}, ${dates}, ${nightsPhrase(r.nights, lang)}, ${guests}`;
}

/** Today at the destination and its offset, so "tonight" and "next Friday" need no second call. */
export function todayFields(view: JourneyView): { today: string; utcOffset?: string } {
  return { today: destinationToday(view), ...(view.offsetMinutes === null ? {} : { utcOffset: formatUtcOffset(view.offsetMinutes) }) };
}

export function todayLine(view: JourneyView): string {
  const t = todayFields(view);
  return `today=${t.today} ${t.utcOffset ? `destination ${t.utcOffset}` : "destination offset unknown (date is UTC)"}`;
}

function bandRange(band: PriceBand, lang: Lang): string {
  const m = (n: number) => formatMoney(String(n), band.currency, lang);
  return lang === "en" ? `${m(band.min)}–${m(band.max)} per night` : `${m(band.min)}–${m(band.max)} за ночь`;
}

/**
 * The band as what it is: a soft preference used for ranking (or not), never a filter, with where
 * the options shown sit against it.
 */
export function bandSummary(band: PriceBand, used: boolean, shown: readonly BandPosition[], lang: Lang): string {
  const count = (p: BandPosition) => shown.filter((x) => x === p).length;
  const [inside, below, above] = [count("inside"), count("below"), count("above")];
  if (lang === "en") {
    const use = used ? "used for ranking only, not a filter" : "not used for this ranking, not a filter";
    return `price band ${bandRange(band, lang)}: ${use}; of ${shown.length} shown: ${inside} inside, ${below} below, ${above} above`;
  }
  const use = used ? "только для ранжирования, не фильтр" : "в этом ранжировании не участвует, не фильтр";
  return `ценовой диапазон ${bandRange(band, lang)}: ${use}; из ${shown.length} показанных: в диапазоне ${inside}, ниже ${below}, выше ${above}`;
}

/**
 * The ranking facts every option list carries, without the internal scores: the band with its
 * counts over the options shown, and the reason only when preferences were given but not applied
 * (the alternatives are shown apart: alternatives-view.ts).
 */
export function rankingFields(r: RankingResult, prefs: HotelPreferencesInput | undefined, bands: Map<string, BandPosition> | null, shownIds: readonly string[], lang: Lang): RankingFieldsT {
  const out: RankingFieldsT = { ranking: r.ranking };
  if (prefs && bands) {
    const shown = shownIds.flatMap((id) => {
      const p = bands.get(id);
      return p ? [p] : [];
    });
    out.priceBand = bandSummary(prefs.pricePerNight, r.preferencesApplied.applied, shown, lang);
  }
  const p = r.preferencesApplied;
  if (!p.applied && p.reason && p.reason !== "no_hotel_preferences") out.preferencesNotApplied = p.reason;
  if (r.otherCurrencies && r.priceCurrency) out.currencyNote = otherCurrenciesNote(r.otherCurrencies, r.priceCurrency, lang);
  if (r.cashbackCoverage) out.cashbackCoverage = cashbackCoverageDisplay(r.cashbackCoverage, lang);
  return out;
}

export function rankingLine(f: RankingFieldsT, lang: Lang): string {
  const parts = [`ranking=${f.ranking}`];
  if (f.priceBand) parts.push(f.priceBand);
  if (f.preferencesNotApplied) parts.push(`hotelPreferences ${lang === "en" ? "not applied" : "не применены"} (${f.preferencesNotApplied})`);
  if (f.currencyNote) parts.push(f.currencyNote);
  if (f.cashbackCoverage) parts.push(f.cashbackCoverage);
  return parts.join("; ");
}

/** Ranks every option locally (no search), keeps those `within` (the hard filters' survivors), and cuts one page of cards. */
export function rankedPage(
  options: readonly PublicOption[],
  params: RankingParams,
  page: { offset: number; limit: number; within?: ReadonlySet<string> },
  view: JourneyView,
): { ranked: RankingResult; cards: OptionCardT[]; fields: RankingFieldsT } {
  const { offset, limit, within } = page;
  const ranked = rankOptions(options, params, within);
  const bands = journeyBands(options, params.hotelPreferences);
  const byId = new Map(options.map((o) => [o.optionId, o]));
  const ids = ranked.orderedIds.slice(offset, offset + limit);
  const cards = ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [toCard(o, view, bands?.get(id))] : [];
  });
  return { ranked, cards, fields: rankingFields(ranked, params.hotelPreferences, bands, ids, view.lang) };
}

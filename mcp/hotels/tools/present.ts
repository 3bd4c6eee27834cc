import { formatIsoDate, MISSING } from "../../../shared/time.js";
import type { SearchCoverage } from "../journey/collect.js";
import { distanceDisplay } from "../journey/compare.js";
import type { PublicOption } from "../journey/options.js";
import { rankOptions, type RankingParams, type RankingResult } from "../journey/ranking.js";
import type { JourneyState } from "../journey/state.js";
import type { BandPosition } from "../journey/best-value.js";
import type { BreakfastEvidence } from "../journey/facts.js";
import type { ComparisonRowT, CoverageT, OptionCardT, RankingFieldsT } from "./schemas.js";

// Compact cards: the facts a user decides on, as the display strings an answer repeats, and
// nothing that identifies the hotel to the provider. Both channels carry the same facts: the text
// line for text-only clients, the card for clients that forward only structuredContent.
// Left out on purpose: the cover photo URL and photo count (a sixth of a list's tokens, and no
// answer quotes them), per-card currency and nights (the prices and the stay line carry them).

const BREAKFAST: Record<BreakfastEvidence, string> = {
  confirmed_by_meal_name: "завтрак в цене",
  excluded_by_meal_name: "без завтрака",
  not_confirmed_for_displayed_price: "завтрак: нет данных",
};

const BAND: Record<BandPosition, string> = { inside: "в диапазоне", below: "ниже диапазона", above: "выше диапазона" };

export function ratingDisplay(rating: number | null, reviewsCount: number): string | undefined {
  return rating === null ? undefined : `${String(rating).replace(".", ",")}/10 (${reviewsCount} отз.)`;
}

/** Total and per night as one phrase; a one-night stay has no separate per-night price. */
export function priceDisplay(o: Pick<PublicOption, "totalPriceDisplay" | "pricePerNightDisplay" | "stayNights">): string {
  return o.stayNights === 1 ? `${o.totalPriceDisplay} за поездку (1 ночь)` : `${o.totalPriceDisplay} за поездку, ${o.pricePerNightDisplay} за ночь`;
}

export function toCard(o: PublicOption, ranking?: RankingResult): OptionCardT {
  const rating = ratingDisplay(o.rating, o.reviewsCount);
  const band = ranking?.bestValue?.[o.optionId]?.bandPosition;
  return {
    optionId: o.optionId,
    name: o.name,
    ...(o.stars === null ? {} : { stars: o.stars }),
    ...(rating ? { rating } : {}),
    ...(Number.isFinite(o.distanceToCenterKm) ? { distanceKm: o.distanceToCenterKm } : {}),
    price: priceDisplay(o),
    breakfast: BREAKFAST[o.breakfastEvidence],
    cancellation: cancellationText(o.cancellationDisplay),
    ...(band ? { band: BAND[band] } : {}),
    // Only the exception is stated: most options have rates.
    ...(o.hasRates ? {} : { hasRates: false as const }),
  };
}

/** One line per option: the card's facts in reading order, and its optionId. */
export function cardLine(card: OptionCardT, position: number): string {
  const stars = card.stars === undefined ? "" : ` ${card.stars}★`;
  const parts = [
    `${position}. ${card.optionId} ${card.name}${stars}`,
    card.rating ?? "рейтинг нет данных",
    distanceDisplay(card.distanceKm ?? Number.NaN),
    card.price,
    card.breakfast,
    card.cancellation,
  ];
  if (card.band) parts.push(card.band);
  if (card.hasRates === false) parts.push("тарифов нет");
  return parts.join(" · ");
}

/** A comparison row: the card plus the address and the meal name the choice may turn on. */
export function compareRow(o: PublicOption, ranking: RankingResult): ComparisonRowT {
  const { optionId, name, stars, rating, distanceKm, ...rest } = toCard(o, ranking);
  return {
    optionId,
    name,
    ...(stars === undefined ? {} : { stars }),
    ...(rating === undefined ? {} : { rating }),
    address: o.address,
    ...(distanceKm === undefined ? {} : { distanceKm }),
    meal: o.mealName ?? MISSING,
    ...rest,
  };
}

/** The row as a text line; the rank is its position (the structured rows are in the same order). */
export function rowLine(r: ComparisonRowT, rank: number): string {
  const stars = r.stars === undefined ? "" : ` ${r.stars}★`;
  const parts = [`${rank}. ${r.optionId} ${r.name}${stars}`, r.rating ?? "рейтинг нет данных", r.address, distanceDisplay(r.distanceKm ?? Number.NaN), r.price, r.cancellation, `питание: ${r.meal} (${r.breakfast})`];
  if (r.band) parts.push(r.band);
  if (r.hasRates === false) parts.push("тарифов нет");
  return parts.join(" · ");
}

/** «бесплатная отмена до …» reads on its own; a missing fact needs its subject. */
export function cancellationText(display: string): string {
  return display === MISSING ? `отмена: ${MISSING}` : display;
}

// The search as asked (where, when, who), before any hotel is chosen; the chosen hotel's line is
// stayLine in checkout-common.ts.
export function searchLine(state: Pick<JourneyState, "destination" | "request">): string {
  const { request: r, destination: d } = state;
  const adults = r.rooms.reduce((n, room) => n + room.adults, 0);
  const children = r.rooms.reduce((n, room) => n + room.childrenAges.length, 0);
  const guests = `${adults} взр.${children > 0 ? `, ${children} дет.` : ""}${r.rooms.length > 1 ? `, ${r.rooms.length} номера` : ""}`;
  return `${d.name} (${d.region}), ${formatIsoDate(r.checkinDate)}–${formatIsoDate(r.checkoutDate)}, ${r.nights} ноч., ${guests}`;
}

export function coverageLine(c: SearchCoverage): string {
  const reported = c.reportedCount === null ? "" : ` of ${c.reportedCount} reported`;
  const unseen = c.notYetSeen ? `${c.notYetSeen} hotels not yet seen` : "";
  const flags = [c.truncated ? "truncated" : "", unseen, c.continuationRecommended ? "continuationRecommended" : c.continuationAvailable ? "continuationAvailable" : ""].filter(Boolean);
  return `coverage ${c.coverageLevel} ${c.coverageRatio}: ${c.collectedCount} hotels${reported}, ${c.requestsMade} requests${flags.length ? `, ${flags.join(", ")}` : ""}`;
}

/**
 * The ranking facts every option list carries, without the internal scores: the band only when it
 * was applied, the reason only when preferences were given but not applied, alternatives when any.
 */
export function rankingFields(r: RankingResult): RankingFieldsT {
  const out: RankingFieldsT = { ranking: r.ranking };
  const p = r.preferencesApplied;
  if (p.applied && p.band) out.priceBandApplied = `${p.band.min}–${p.band.max} ${p.band.currency}/night`;
  if (!p.applied && p.reason && p.reason !== "no_hotel_preferences") out.preferencesNotApplied = p.reason;
  if (r.preferenceAlternatives.below.length > 0) out.cheaperAlternatives = r.preferenceAlternatives.below;
  if (r.preferenceAlternatives.above.length > 0) out.pricierAlternatives = r.preferenceAlternatives.above;
  if (r.currencyNote) out.currencyNote = r.currencyNote;
  return out;
}

export function rankingLine(r: RankingResult): string {
  const parts = [`ranking=${r.ranking}`];
  const f = rankingFields(r);
  if (f.priceBandApplied) parts.push(`price band ${f.priceBandApplied} applied`);
  if (f.preferencesNotApplied) parts.push(`hotelPreferences not applied (${f.preferencesNotApplied})`);
  const { below, above } = r.preferenceAlternatives;
  if (below.length > 0) parts.push(`cheaper alternatives: ${below.join(", ")}`);
  if (above.length > 0) parts.push(`pricier alternatives: ${above.join(", ")}`);
  if (r.currencyNote) parts.push(r.currencyNote);
  return parts.join("; ");
}

/** Ranks every option locally (no search) and cuts one page of cards. */
export function rankedPage(options: readonly PublicOption[], params: RankingParams, offset: number, limit: number): { ranked: RankingResult; cards: OptionCardT[] } {
  const ranked = rankOptions(options, params);
  const byId = new Map(options.map((o) => [o.optionId, o]));
  const cards = ranked.orderedIds.slice(offset, offset + limit).flatMap((id) => {
    const o = byId.get(id);
    return o ? [toCard(o, ranked)] : [];
  });
  return { ranked, cards };
}

/**
 * Coverage as the model reads it: counts and level always, a flag only when it is set (an absent
 * truncated/continuation flag means false; providerSort is always null and is left out).
 */
export function coverageFields(c: SearchCoverage): CoverageT {
  return {
    coverageLevel: c.coverageLevel,
    coverageRatio: c.coverageRatio,
    collectedCount: c.collectedCount,
    ...(c.reportedCount === null ? {} : { reportedCount: c.reportedCount }),
    requestsMade: c.requestsMade,
    ...(c.truncated ? { truncated: true as const } : {}),
    ...(c.notYetSeen ? { notYetSeen: c.notYetSeen } : {}),
    ...(c.continuationAvailable ? { continuationAvailable: true as const } : {}),
    ...(c.continuationRecommended ? { continuationRecommended: true as const } : {}),
  };
}

/** A journey's coverage; after its one continuation, continuing is never recommended again. */
export function journeyCoverage(state: Pick<JourneyState, "collector" | "continuationUsed">): SearchCoverage {
  const coverage = state.collector.coverage();
  return state.continuationUsed ? { ...coverage, continuationRecommended: false } : coverage;
}

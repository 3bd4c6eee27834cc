import { formatIsoDate, MISSING } from "../../../shared/time.js";
import type { SearchCoverage } from "../journey/collect.js";
import { distanceDisplay } from "../journey/compare.js";
import type { PublicOption } from "../journey/options.js";
import { rankOptions, type RankingParams, type RankingResult } from "../journey/ranking.js";
import type { JourneyState } from "../journey/state.js";
import type { OptionCardT } from "./schemas.js";

// Compact cards: the public facts a user decides on, the cover photo plus a count (never the
// photo list), and nothing that identifies the hotel to the provider.

export function toCard(o: PublicOption, ranking?: RankingResult): OptionCardT {
  const card: OptionCardT = {
    optionId: o.optionId,
    name: o.name,
    stars: o.stars,
    rating: o.rating,
    reviewsCount: o.reviewsCount,
    distanceKm: Number.isFinite(o.distanceToCenterKm) ? o.distanceToCenterKm : null,
    totalPriceDisplay: o.totalPriceDisplay,
    pricePerNightDisplay: o.pricePerNightDisplay,
    currency: o.currency,
    stayNights: o.stayNights,
    mealName: o.mealName,
    breakfastEvidence: o.breakfastEvidence,
    cancellationDisplay: o.cancellationDisplay,
    coverPhotoUrl: o.coverPhotoUrl === "" ? null : o.coverPhotoUrl,
    photosCount: o.photosCount,
    hasRates: o.hasRates,
  };
  const band = ranking?.bestValue?.[o.optionId]?.bandPosition;
  if (band) card.bandPosition = band;
  return card;
}

const BREAKFAST: Record<OptionCardT["breakfastEvidence"], string> = {
  confirmed_by_meal_name: "завтрак в цене",
  excluded_by_meal_name: "без завтрака",
  not_confirmed_for_displayed_price: "завтрак: нет данных",
};

const BAND: Record<NonNullable<OptionCardT["bandPosition"]>, string> = { inside: "в диапазоне", below: "ниже диапазона", above: "выше диапазона" };

/** One line per option: what the model needs to talk about it, and its optionId. */
export function cardLine(card: OptionCardT, position: number): string {
  const stars = card.stars === null ? "" : ` ${card.stars}★`;
  const rating = card.rating === null ? "рейтинг нет данных" : `${String(card.rating).replace(".", ",")}/10 (${card.reviewsCount} отз.)`;
  const parts = [
    `${position}. ${card.optionId} ${card.name}${stars}`,
    rating,
    distanceDisplay(card.distanceKm ?? Number.NaN),
    `${card.totalPriceDisplay} за поездку (${card.stayNights} ноч.)`,
    `${card.pricePerNightDisplay} за ночь`,
    BREAKFAST[card.breakfastEvidence],
    cancellationText(card.cancellationDisplay),
  ];
  if (card.bandPosition) parts.push(BAND[card.bandPosition]);
  if (!card.hasRates) parts.push("тарифов нет");
  return parts.join(" · ");
}

/** «бесплатная отмена до …» reads on its own; a missing fact needs its subject. */
export function cancellationText(display: string): string {
  return display === MISSING ? `отмена: ${MISSING}` : display;
}

export function stayLine(state: Pick<JourneyState, "destination" | "request">): string {
  const { request: r, destination: d } = state;
  const adults = r.rooms.reduce((n, room) => n + room.adults, 0);
  const children = r.rooms.reduce((n, room) => n + room.childrenAges.length, 0);
  const guests = `${adults} взр.${children > 0 ? `, ${children} дет.` : ""}${r.rooms.length > 1 ? `, ${r.rooms.length} номера` : ""}`;
  return `${d.name} (${d.region}), ${formatIsoDate(r.checkinDate)}–${formatIsoDate(r.checkoutDate)}, ${r.nights} ноч., ${guests}`;
}

export function coverageLine(c: SearchCoverage): string {
  const reported = c.reportedCount === null ? "" : ` of ${c.reportedCount} reported`;
  const flags = [c.truncated ? "truncated" : "", c.continuationRecommended ? "continuationRecommended" : c.continuationAvailable ? "continuationAvailable" : ""].filter(Boolean);
  return `coverage ${c.coverageLevel} ${c.coverageRatio}: ${c.collectedCount} hotels${reported}, ${c.requestsMade} requests${flags.length ? `, ${flags.join(", ")}` : ""}`;
}

/** The ranking facts every option list carries, without the internal scores. */
export function rankingFields(r: RankingResult): {
  ranking: RankingResult["ranking"];
  preferencesApplied: { applied: boolean; reason?: string };
  preferenceAlternatives?: { below: string[]; above: string[] };
  currencyNote?: string;
} {
  const out: ReturnType<typeof rankingFields> = {
    ranking: r.ranking,
    preferencesApplied: r.preferencesApplied.reason ? { applied: r.preferencesApplied.applied, reason: r.preferencesApplied.reason } : { applied: r.preferencesApplied.applied },
  };
  if (r.preferenceAlternatives.below.length + r.preferenceAlternatives.above.length > 0) out.preferenceAlternatives = r.preferenceAlternatives;
  if (r.currencyNote) out.currencyNote = r.currencyNote;
  return out;
}

export function rankingLine(r: RankingResult): string {
  const parts = [`ranking=${r.ranking}`];
  if (r.preferencesApplied.applied && r.preferencesApplied.band) {
    const b = r.preferencesApplied.band;
    parts.push(`price band ${b.min}–${b.max} ${b.currency}/night applied`);
  }
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

/** A journey's coverage; after its one continuation, continuing is never recommended again. */
export function journeyCoverage(state: Pick<JourneyState, "collector" | "continuationUsed">): SearchCoverage {
  const coverage = state.collector.coverage();
  return state.continuationUsed ? { ...coverage, continuationRecommended: false } : coverage;
}

import { MISSING } from "../../../shared/time.js";
import type { BandPosition } from "./best-value.js";
import type { BreakfastEvidence } from "./facts.js";
import type { PublicOption } from "./options.js";
import { rankOptions } from "./ranking.js";
import type { RankingParams, RankingResult } from "./ranking.js";
import type { FieldError } from "./types.js";

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 5;

export type ComparisonScope = "journey_selection" | "previous_group" | "explicit" | "all_journey_options";

export interface ScopeInput {
  optionIds?: readonly string[];
  scope?: "all_journey_options";
}

export type ScopeDecision = { ok: true; scope: ComparisonScope; optionIds: string[] } | { ok: false; errors: FieldError[] };

// The first comparison ranks the whole journey; a later one without scope stays inside the group
// shown last, so "pick among these" can never quietly bring in another hotel.
export function resolveComparisonScope(journeyIds: readonly string[], previousGroup: readonly string[] | null, input: ScopeInput): ScopeDecision {
  if (input.optionIds !== undefined) {
    const errors: FieldError[] = [];
    if (input.scope !== undefined) errors.push({ field: "scope", message: "give either optionIds or scope, not both" });
    const unique = [...new Set(input.optionIds)];
    if (unique.length !== input.optionIds.length) errors.push({ field: "optionIds", message: "optionIds must not repeat" });
    if (unique.length < MIN_COMPARE || unique.length > MAX_COMPARE) {
      errors.push({ field: "optionIds", message: `compare ${MIN_COMPARE}..${MAX_COMPARE} options` });
    }
    const known = new Set(journeyIds);
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length > 0) errors.push({ field: "optionIds", message: `not in this journey: ${unknown.join(", ")}` });
    return errors.length > 0 ? { ok: false, errors } : { ok: true, scope: "explicit", optionIds: unique };
  }
  if (input.scope === "all_journey_options") return { ok: true, scope: "all_journey_options", optionIds: [...journeyIds] };
  if (previousGroup === null) return { ok: true, scope: "journey_selection", optionIds: [...journeyIds] };
  const known = new Set(journeyIds);
  const group = previousGroup.filter((id) => known.has(id));
  if (group.length < MIN_COMPARE) {
    return { ok: false, errors: [{ field: "scope", message: "the previous comparison group is gone: pass scope=all_journey_options or optionIds" }] };
  }
  return { ok: true, scope: "previous_group", optionIds: group };
}

export interface ComparisonRow {
  rank: number;
  optionId: string;
  name: string;
  location: string;
  distanceDisplay: string;
  stars: number | null;
  rating: number | null;
  reviewsCount: number;
  totalPriceDisplay: string;
  pricePerNightDisplay: string;
  currency: string;
  cancellationDisplay: string;
  mealName: string;
  breakfastEvidence: BreakfastEvidence;
  bandPosition: BandPosition | null;
}

export interface Comparison {
  scope: ComparisonScope;
  comparisonRows: ComparisonRow[];
  // Store this as the journey's last comparison group: the next call without scope ranks it.
  group: string[];
  ranking: RankingResult;
  presentationGuidance: string;
}

export function distanceDisplay(km: number): string {
  return Number.isFinite(km) ? `${km.toFixed(1).replace(".", ",")} км до центра` : MISSING;
}

function toRow(o: PublicOption, rank: number, ranking: RankingResult): ComparisonRow {
  return {
    rank,
    optionId: o.optionId,
    name: o.name,
    location: o.address,
    distanceDisplay: distanceDisplay(o.distanceToCenterKm),
    stars: o.stars,
    rating: o.rating,
    reviewsCount: o.reviewsCount,
    totalPriceDisplay: o.totalPriceDisplay,
    pricePerNightDisplay: o.pricePerNightDisplay,
    currency: o.currency,
    cancellationDisplay: o.cancellationDisplay,
    mealName: o.mealName ?? MISSING,
    breakfastEvidence: o.breakfastEvidence,
    bandPosition: ranking.bestValue?.[o.optionId]?.bandPosition ?? null,
  };
}

export const PRESENTATION_GUIDANCE =
  "Покажите пользователю только эти comparisonRows в этом порядке, не добавляя других отелей. " +
  "Цены — из колонок «За поездку» (totalPriceDisplay) и «За ночь» (pricePerNightDisplay): не делите и не умножайте их заново. " +
  "Завтрак связывайте с ценой только при breakfastEvidence=confirmed_by_meal_name; «нет данных» показывайте как есть.";

export function compareOptions(
  scoped: readonly PublicOption[],
  scope: ComparisonScope,
  params: RankingParams,
  maxRows: number = MAX_COMPARE,
): Comparison {
  const ranking = rankOptions(scoped, params);
  const byId = new Map(scoped.map((o) => [o.optionId, o]));
  const shown = ranking.orderedIds.slice(0, Math.max(MIN_COMPARE, Math.min(MAX_COMPARE, maxRows)));
  const comparisonRows = shown.flatMap((id, i) => {
    const option = byId.get(id);
    return option ? [toRow(option, i + 1, ranking)] : [];
  });
  const note = ranking.currencyNote ? ` ${ranking.currencyNote}` : "";
  return { scope, comparisonRows, group: shown, ranking, presentationGuidance: PRESENTATION_GUIDANCE + note };
}

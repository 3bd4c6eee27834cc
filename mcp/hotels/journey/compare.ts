import type { Lang } from "../../../shared/locale.js";
import type { PublicOption } from "./options.js";
import { rankOptions } from "./ranking.js";
import type { RankingParams, RankingResult } from "./ranking.js";
import type { FieldError } from "./types.js";
import { err, ok, type Result } from "../../../shared/result.js";

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 5;

export type ComparisonScope = "journey_selection" | "previous_group" | "explicit" | "all_journey_options";

export interface ScopeInput {
  optionIds?: readonly string[];
  scope?: "all_journey_options";
}

export type ScopeDecision = Result<{ scope: ComparisonScope; optionIds: string[] }, FieldError[]>;

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
    return errors.length > 0 ? err(errors) : ok({ scope: "explicit", optionIds: unique });
  }
  if (input.scope === "all_journey_options") return ok({ scope: "all_journey_options", optionIds: [...journeyIds] });
  if (previousGroup === null) return ok({ scope: "journey_selection", optionIds: [...journeyIds] });
  const known = new Set(journeyIds);
  const group = previousGroup.filter((id) => known.has(id));
  if (group.length < MIN_COMPARE) {
    return err([{ field: "scope", message: "the previous comparison group is gone: pass scope=all_journey_options or optionIds" }]);
  }
  return ok({ scope: "previous_group", optionIds: group });
}

export interface Comparison {
  scope: ComparisonScope;
  // The options shown, best first; the tool renders them as rows.
  shown: PublicOption[];
  // Store this as the journey's last comparison group: the next call without scope ranks it.
  group: string[];
  ranking: RankingResult;
}

// Said once per journey (on its first comparison): repeating it on every call costs tokens and
// adds nothing the model has not read.
export const PRESENTATION_GUIDANCE: Record<Lang, string> = {
  ru:
    "Покажите пользователю только эти варианты в этом порядке, не добавляя других отелей. " +
    "Цены (price) показывайте как есть: не делите и не умножайте их заново. " +
    "Завтрак связывайте с ценой только при «завтрак в цене»; «нет данных» показывайте как есть.",
  en:
    "Show the user only these options, in this order, adding no other hotels. " +
    "Quote prices (price) as given: never divide or multiply them again. " +
    "Tie breakfast to the price only for «breakfast included»; show «no data» as it is.",
};

// With an applied band the comparison is the recommendation: the options inside the band, the
// alternatives being shown apart. Options the person named are compared whatever their price, and
// with fewer than two inside there is nothing to compare but the ranked order.
function recommended(ranking: RankingResult, scope: ComparisonScope): string[] {
  if (!ranking.preferencesApplied.applied || scope === "explicit") return ranking.orderedIds;
  const inside = ranking.orderedIds.filter((id) => ranking.bestValue?.[id]?.bandPosition === "inside");
  return inside.length >= MIN_COMPARE ? inside : ranking.orderedIds;
}

/**
 * Ranks the whole journey and keeps the options in scope in that order: a comparison never orders
 * two hotels differently from plan_stay and get_stay_options under the same ranking (best_value
 * scores depend on the set they are computed over, so ranking only the subset could).
 */
export function compareOptions(
  all: readonly PublicOption[],
  inScope: ReadonlySet<string>,
  scope: ComparisonScope,
  params: RankingParams,
  maxRows: number = MAX_COMPARE,
): Comparison {
  const ranking = rankOptions(all, params, inScope);
  const byId = new Map(all.map((o) => [o.optionId, o]));
  const ids = recommended(ranking, scope).slice(0, Math.max(MIN_COMPARE, Math.min(MAX_COMPARE, maxRows)));
  const shown = ids.flatMap((id) => {
    const option = byId.get(id);
    return option ? [option] : [];
  });
  return { scope, shown, group: ids, ranking };
}

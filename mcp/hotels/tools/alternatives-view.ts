import { quoted } from "../../../shared/provider-text.js";
import type { Lang } from "../../../shared/locale.js";
import type { PublicOption } from "../journey/options.js";
import type { RankingResult } from "../journey/ranking.js";
import type { JourneyView } from "../journey/view.js";
import { ALTERNATIVES, percentDisplay, priceDisplay } from "../journey/wording.js";
import type { AlternativeT } from "./schemas.js";

// With an applied band the options inside it are the recommendation; the good ones just outside it
// are offered apart, each by name, price and why, whatever page they would fall on: a bare optionId
// tells neither channel what the hotel is, and most of them are past the first page.

/** The ranking's alternatives in its order (best first), as entries both channels can quote. */
export function preferenceAlternatives(r: RankingResult, options: readonly PublicOption[], view: JourneyView): AlternativeT[] {
  const side = new Map<string, "below" | "above">([
    ...r.preferenceAlternatives.below.map((id) => [id, "below"] as const),
    ...r.preferenceAlternatives.above.map((id) => [id, "above"] as const),
  ]);
  if (side.size === 0) return [];
  const byId = new Map(options.map((o) => [o.optionId, o]));
  return r.orderedIds.flatMap((id) => {
    const s = side.get(id);
    const o = byId.get(id);
    if (s === undefined || o === undefined) return [];
    // At least 1 %: an option outside the band never reads as "0 % above" it.
    const deviationPercent = Math.max(1, Math.round((r.bestValue?.[id]?.bandDeviation ?? 0) * 100));
    // The score is why it is offered; its review count would only add tokens to every listing.
    const rating = o.rating === null ? "" : `${view.lang === "en" ? o.rating : String(o.rating).replace(".", ",")}/10`;
    return [{
      optionId: id,
      name: o.name,
      price: priceDisplay(o, view.rooms, view.lang, o.priceSource === "search"),
      side: s,
      deviationPercent,
      why: ALTERNATIVES[view.lang].why(percentDisplay(deviationPercent, view.lang), s, rating),
    }];
  });
}

export function alternativesFields(alternatives: readonly AlternativeT[]): { alternatives?: AlternativeT[] } {
  return alternatives.length === 0 ? {} : { alternatives: [...alternatives] };
}

/** The text block after the recommendation: a heading, then one line per alternative. */
export function alternativesLines(alternatives: readonly AlternativeT[], lang: Lang): string[] {
  if (alternatives.length === 0) return [];
  return [`${ALTERNATIVES[lang].heading}:`, ...alternatives.map((a) => `- ${a.optionId} ${quoted(a.name)} · ${a.price} · ${a.why}`)];
}

/** What a listing's next step adds when the band ranked it: the recommendation first, the alternatives apart. */
export function bandGuidance(r: RankingResult, alternatives: readonly AlternativeT[]): string {
  if (!r.preferencesApplied.applied) return "";
  return `Recommend the options inside the band first${alternatives.length > 0 ? "; show alternatives apart, each with its why" : ""}. `;
}

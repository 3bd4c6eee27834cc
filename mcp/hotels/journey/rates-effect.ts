import type { Lang } from "../../../shared/locale.js";
import { journeyFilters } from "./criteria.js";
import { applyFilters } from "./filters.js";
import { roomShape, withLoadedRates } from "./options.js";
import type { JourneyState } from "./state.js";
import { guestsPhrase } from "./wording.js";

// Loading a hotel's rates can settle that it has no room for the party or nothing bookable, or
// raise its price over the cap: the listing then shrinks or reorders, and says how many and why.

export type RatesEffectReason = "no_room" | "no_rates" | "price";

export interface RatesEffect {
  /** Options the journey's filters kept on the search's facts but not on the loaded rates'. */
  removed: Partial<Record<RatesEffectReason, number>>;
  /** Options still listed but moved after those that fit or may (no room, or nothing bookable). */
  movedDown: Partial<Record<RatesEffectReason, number>>;
}

type RatesState = Pick<JourneyState, "options" | "loadedRates" | "cashback" | "amenityCheck"> & { request: Pick<JourneyState["request"], "rooms" | "filters"> };

export function ratesEffect(state: RatesState): RatesEffect | null {
  const shape = roomShape(state.request.rooms);
  // The filters and facts every listing applies (cashback, amenities checked on cards included).
  const [filters, facts] = journeyFilters(state);
  const effect: RatesEffect = { removed: {}, movedDown: {} };
  let any = false;
  for (const o of state.options) {
    const loaded = state.loadedRates[o.public.optionId];
    if (!loaded) continue;
    const before = o.public;
    const after = withLoadedRates(before, loaded, shape);
    const reason: RatesEffectReason | null =
      before.hasRates && !after.hasRates ? "no_rates" : before.roomFit !== "does_not_fit" && after.roomFit === "does_not_fit" ? "no_room" : null;
    const removed = filters !== undefined && applyFilters([before], filters, facts).kept.length === 1 && applyFilters([after], filters, facts).kept.length === 0;
    if (removed) effect.removed[reason ?? "price"] = (effect.removed[reason ?? "price"] ?? 0) + 1;
    else if (reason) effect.movedDown[reason] = (effect.movedDown[reason] ?? 0) + 1;
    any ||= removed || reason !== null;
  }
  return any ? effect : null;
}

const WORDS: Record<Lang, { lead: string; removed: string; movedDown: string; reason: (r: RatesEffectReason, g: string) => string }> = {
  ru: {
    lead: "после загрузки тарифов",
    removed: "убрано фильтрами",
    movedDown: "в конце списка",
    reason: (r, g) => (r === "no_room" ? `нет номера на ${g}` : r === "no_rates" ? "нет тарифов для брони" : "цена по тарифам выше лимита"),
  },
  en: {
    lead: "after loading rates",
    removed: "removed by the filters",
    movedDown: "moved to the end",
    reason: (r, g) => (r === "no_room" ? `no room for ${g}` : r === "no_rates" ? "no bookable rates" : "rates price over the cap"),
  },
};

/** "после загрузки тарифов: убрано фильтрами 1 (нет номера на 3 гостей); в конце списка 1 (нет тарифов для брони)". */
export function ratesEffectLine(effect: RatesEffect, guestsPerRoom: number, lang: Lang): string {
  const w = WORDS[lang];
  const g = guestsPhrase(guestsPerRoom, lang);
  const part = (label: string, counts: RatesEffect["removed"]) => {
    const entries = Object.entries(counts) as [RatesEffectReason, number][];
    if (entries.length === 0) return [];
    const total = entries.reduce((n, [, c]) => n + c, 0);
    return [`${label} ${total} (${entries.map(([r, c]) => `${w.reason(r, g)}: ${c}`).join(", ")})`];
  };
  return `${w.lead}: ${[...part(w.removed, effect.removed), ...part(w.movedDown, effect.movedDown)].join("; ")}`;
}

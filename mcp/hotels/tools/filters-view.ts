import { decimalFromProviderNumber, formatMoney } from "../../../shared/money.js";
import { DEFAULT_LANG, type Lang } from "../../../shared/locale.js";
import type { FilterName, FilterReport, HardFilters } from "../journey/filters.js";

// What the hard filters did, in both channels: per filter its limit and how many options it
// removed, then how many of the collection remain.

export const NEXT_NO_STAYS_WITH_FILTERS =
  "No collected option passes the filters. Tell the user how many each filter removed; relax a filter only if the user asks, then list again with tbank_hotels_get_stay_options and the relaxed filters (no new search).";

export interface FilterFieldT {
  limit: string | number | boolean;
  removed: number;
  /** maxPricePerNight only: its removals priced in another currency, per currency. */
  otherCurrency?: Record<string, number>;
  /** maxPricePerNight only: its removals with no room for the party (their price is for a smaller room). */
  noRoomForParty?: number;
  /** amenities only: checked on hotel cards here, how many were read of those tested (unread ones are removed). */
  note?: string;
}

const amenityNote = (check: { checked: number; of: number }) => `checked locally on hotel cards: ${check.checked} of ${check.of} read, unread ones removed`;

export type FiltersAppliedT = Partial<Record<FilterName, FilterFieldT>> & { remain?: number; of?: number };

function limitOf(filters: HardFilters, name: FilterName, lang: Lang): { shown: string; value: string | number | boolean } {
  switch (name) {
    case "maxPricePerNight": {
      const p = filters.maxPricePerNight;
      const money = p ? formatMoney(decimalFromProviderNumber(p.amount), p.currency, lang) : "";
      return { shown: `≤ ${money}`, value: money };
    }
    case "minRating":
      return { shown: `≥ ${filters.minRating}`, value: filters.minRating ?? 0 };
    case "minStars":
      return { shown: `≥ ${filters.minStars}`, value: filters.minStars ?? 0 };
    case "maxDistanceKm":
      return { shown: `≤ ${filters.maxDistanceKm}`, value: filters.maxDistanceKm ?? 0 };
    case "bookableOnly":
      return { shown: "", value: true };
    case "minCashbackPercent":
      return { shown: `≥ ${filters.minCashbackPercent}`, value: filters.minCashbackPercent ?? 0 };
    case "amenities": {
      const list = (filters.amenities ?? []).join(", ");
      return { shown: list, value: list };
    }
  }
}

/** `filtersApplied` for the structured result; nothing when no filter was active. */
export function filtersFields(report: FilterReport | null, lang: Lang = DEFAULT_LANG): { filtersApplied?: FiltersAppliedT } {
  if (!report) return {};
  const out: FiltersAppliedT = {};
  for (const { filter, count } of report.removed) {
    const price = filter === "maxPricePerNight";
    const other = price && Object.keys(report.otherCurrency).length > 0 ? { otherCurrency: report.otherCurrency } : {};
    const noRoom = price && report.noRoom > 0 ? { noRoomForParty: report.noRoom } : {};
    const cards = filter === "amenities" && report.amenityCheck ? { note: amenityNote(report.amenityCheck) } : {};
    out[filter] = { limit: limitOf(report.filters, filter, lang).value, removed: count, ...other, ...noRoom, ...cards };
  }
  return { filtersApplied: { ...out, remain: report.kept, of: report.collected } };
}

/** `filters: maxPricePerNight ≤ 8 000 ₽ removed 12 (3 noRoomForParty), minRating ≥ 8 removed 5; 40 of 113 remain`. */
export function filtersLine(report: FilterReport | null, lang: Lang = DEFAULT_LANG): string | undefined {
  if (!report) return undefined;
  const parts = report.removed.map(({ filter, count }) => {
    const { shown } = limitOf(report.filters, filter, lang);
    const others = Object.entries(report.otherCurrency).map(([currency, n]) => `${n} in ${currency}`);
    if (report.noRoom > 0) others.push(`${report.noRoom} noRoomForParty`);
    const check = report.amenityCheck;
    const other =
      filter === "maxPricePerNight" && others.length > 0
        ? ` (${others.join(", ")})`
        : filter === "amenities" && check
          ? ` (${amenityNote(check)})`
          : "";
    return `${filter}${shown ? ` ${shown}` : ""} removed ${count}${other}`;
  });
  return `filters: ${parts.join(", ")}; ${report.kept} of ${report.collected} remain`;
}

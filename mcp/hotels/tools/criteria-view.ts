import type { Lang } from "../../../shared/locale.js";
import { AMENITY_FILTER_IDS, type Amenity, type AmenityGroup } from "../journey/amenities.js";
import type { CashbackCoverage } from "../journey/cashback-ranking.js";

// How the cashback and amenity criteria read in both channels, in the journey's language.

/** What highest_cashback covered: stated percents over the collection, and where the rest went. */
export function cashbackCoverageDisplay(c: CashbackCoverage, lang: Lang): string {
  if (c.unavailable) return lang === "en" ? "cashback: no data, provider order kept" : "кешбэк: нет данных, порядок поставщика";
  const rest = c.unstatedListed;
  if (lang === "en") return `cashback stated for ${c.stated} of ${c.of} options${rest > 0 ? `; ${rest} without a stated percent are listed last` : ""}`;
  return `кешбэк указан у ${c.stated} из ${c.of} вариантов${rest > 0 ? `; ${rest} без указанного кешбэка — в конце списка` : ""}`;
}

/** Amenities the provider filtered, for conditionsApplied: like breakfastIncluded, they hold for the whole collection. */
export function amenityConditions(byProvider: readonly Amenity[]): string[] {
  if (byProvider.length === 0) return [];
  return [`amenities ${byProvider.join(", ")} filtered by the provider for the whole collection (filters ${byProvider.map((a) => AMENITY_FILTER_IDS[a]).join(", ")})`];
}

export const AMENITY_GROUP_LABELS: Record<Lang, Record<AmenityGroup, string>> = {
  ru: {
    internet: "интернет",
    parking_transport: "парковка и транспорт",
    pool_spa_fitness: "бассейн, спа и фитнес",
    food: "питание",
    family: "для семьи",
    accessibility: "доступная среда",
    pets: "питомцы",
    other: "прочее",
  },
  en: {
    internet: "internet",
    parking_transport: "parking & transport",
    pool_spa_fitness: "pool, spa & fitness",
    food: "food & drink",
    family: "family",
    accessibility: "accessibility",
    pets: "pets",
    other: "other",
  },
};

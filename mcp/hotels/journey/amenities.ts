import type { ProviderFilterDescription, ProviderSearchFilter } from "../provider/index.js";

// Amenities as criteria: the values plan_stay's `amenities` takes, the provider filter each one is
// when the destination's filter catalogue offers it, and how a hotel card's own words are read
// for the ones it does not offer (and for grouping a details card).

// Each value costs tokens in tools/list: the amenities people filter by, not every one a card lists.
export const AMENITIES = ["parking", "pool", "pets", "family_rooms", "accessible"] as const;
export type Amenity = (typeof AMENITIES)[number];

/** The boolean filter a provider's catalogue may offer for each amenity (docs/provider-contract.md). */
export const AMENITY_FILTER_IDS: Record<Amenity, string> = {
  parking: "parking",
  pool: "pool",
  pets: "pets_allowed",
  family_rooms: "family_rooms",
  accessible: "accessible",
};

/** How a card's amenity names say each amenity, in Russian or English (the provider writes either). */
export const AMENITY_WORDS: Record<Amenity, RegExp> = {
  parking: /парковк|parking/iu,
  pool: /бассейн|pool/iu,
  pets: /питом|живот|pets?\b/iu,
  family_rooms: /семейн|family/iu,
  accessible: /инвалид|ограниченн|доступная среда|маломобильн|accessib|wheelchair|disab/iu,
};

export const hasAmenity = (names: readonly string[], amenity: Amenity): boolean => names.some((n) => AMENITY_WORDS[amenity].test(n));

/** Which wanted amenities the provider filters (its catalogue offers a boolean filter) and which the journey checks itself. */
export interface AmenitySplit {
  byProvider: Amenity[];
  local: Amenity[];
}

/** The split for a destination; without a catalogue (its call failed) every amenity is checked locally. */
export function splitAmenities(wanted: readonly Amenity[], catalogue: readonly ProviderFilterDescription[] | null): AmenitySplit {
  const offered = new Set((catalogue ?? []).filter((f) => f.$objectType === "boolean").map((f) => f.filterId));
  return { byProvider: wanted.filter((a) => offered.has(AMENITY_FILTER_IDS[a])), local: wanted.filter((a) => !offered.has(AMENITY_FILTER_IDS[a])) };
}

export function amenityFilters(byProvider: readonly Amenity[]): Extract<ProviderSearchFilter, { $objectType: "boolean" }>[] {
  return byProvider.map((a) => ({ $objectType: "boolean", filterId: AMENITY_FILTER_IDS[a], value: true }));
}

/** How a details card groups every amenity the provider gives, in the order people ask about them. */
export const AMENITY_GROUPS = ["internet", "parking_transport", "pool_spa_fitness", "food", "family", "accessibility", "pets", "other"] as const;
export type AmenityGroup = (typeof AMENITY_GROUPS)[number];

// "Спа" is a word of its own ("спагетти" is not a spa); \b does not see Cyrillic letters.
const SPA = /(?<!\p{L})(?:спа|spa)(?!\p{L})|сауна|sauna|хаммам|hammam|фитнес|тренаж|fitness|gym/iu;

const GROUP_WORDS: Record<Exclude<AmenityGroup, "other">, RegExp> = {
  internet: /wi-?fi|интернет|internet/iu,
  parking_transport: /парковк|parking|гараж|garage|трансфер|transfer|шаттл|shuttle|электромобил|charging|прокат/iu,
  pool_spa_fitness: new RegExp(`${AMENITY_WORDS.pool.source}|${SPA.source}`, "iu"),
  food: /завтрак|breakfast|ресторан|restaurant|(?<!\p{L})(?:бар|bar)(?!\p{L})|кафе|cafe|кухн|kitchen|room service|обслуживание номеров/iu,
  family: /семейн|family|детск|дети|child|kids|нян|babysit/iu,
  accessibility: AMENITY_WORDS.accessible,
  pets: AMENITY_WORDS.pets,
};

export function amenityGroup(name: string): AmenityGroup {
  for (const group of AMENITY_GROUPS) if (group !== "other" && GROUP_WORDS[group].test(name)) return group;
  return "other";
}

/** Every name under its group, groups in AMENITY_GROUPS order, names in the provider's order. */
export function groupAmenities(names: readonly string[]): { group: AmenityGroup; names: string[] }[] {
  const byGroup = new Map<AmenityGroup, string[]>();
  for (const name of names) {
    const group = amenityGroup(name);
    byGroup.set(group, [...(byGroup.get(group) ?? []), name]);
  }
  return AMENITY_GROUPS.flatMap((group) => {
    const list = byGroup.get(group);
    return list ? [{ group, names: list }] : [];
  });
}

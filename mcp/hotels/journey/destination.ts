import { editDistance, isLatinName, latinKey, normalizeName, typoAllowance } from "./text.js";
import type { CatalogLocation } from "./provider-shapes.js";

export const MAX_CANDIDATES = 5;

export interface DestinationCandidate {
  destinationId: string;
  name: string;
  region: string;
  country: string;
}

export type DestinationResolution =
  | { status: "resolved"; destination: DestinationCandidate }
  | { status: "clarification_required"; reason: "ambiguous" | "no_exact_match"; candidates: DestinationCandidate[] }
  | { status: "destination_not_found"; candidates: [] };

const CITY_PREFIX = /^(г|город|city of)\s+/;

function cityName(text: string): string {
  return normalizeName(text).replace(CITY_PREFIX, "");
}

// English names that are not transliterations of the Russian one (keys as latinKey gives them).
const EXONYMS: Readonly<Record<string, string>> = {
  moscow: "москва",
  "saint petersburg": "санкт петербург",
  "st petersburg": "санкт петербург",
  petersburg: "санкт петербург",
};

// Countries a qualifier may name in English whose Russian name is not a transliteration.
const COUNTRY_EXONYMS: Readonly<Record<string, string>> = {
  russia: "россия",
  "russian federation": "россия",
  armenia: "армения",
  georgia: "грузия",
  turkey: "турция",
  turkiye: "турция",
  egypt: "египет",
  uae: "оаэ",
  "united arab emirates": "оаэ",
  thailand: "таиланд",
  abkhazia: "абхазия",
};

const candidate = (l: CatalogLocation): DestinationCandidate => ({ destinationId: l.id, name: l.name, region: l.region, country: l.country });

// Bigger cities first among equals: the likelier reading of an ambiguous name.
function bySize(locations: readonly CatalogLocation[]): CatalogLocation[] {
  return [...locations].sort((a, b) => b.hotelsCount - a.hotelsCount);
}

// "Кировск" matches two cities and asks; "Кировск, Мурманская область" narrows by region/country.
// Nothing exact: prefix and typo-distance candidates, always as a question, never auto-resolved.
export function resolveDestination(query: string, catalog: readonly CatalogLocation[]): DestinationResolution {
  const [head = "", ...rest] = query.split(",");
  // A name in Latin letters is compared by its Latin spelling; the catalog's names are Russian.
  const key = isLatinName(query) ? latinKey : (s: string): string => s;
  const typed = key(cityName(head));
  const exonym = Object.hasOwn(EXONYMS, typed) ? EXONYMS[typed] : undefined;
  const name = exonym === undefined ? typed : key(exonym);
  const full = key(cityName(query));
  const qualifiers = rest
    .map((q) => key(normalizeName(q)))
    .map((q) => (Object.hasOwn(COUNTRY_EXONYMS, q) ? key(COUNTRY_EXONYMS[q] ?? q) : q))
    .filter((q) => q !== "");
  if (name === "") return { status: "destination_not_found", candidates: [] };

  const exact = catalog.filter((l) => key(cityName(l.name)) === name || key(normalizeName(l.fullName)) === full);
  const narrowed = exact.filter((l) => {
    const where = key(normalizeName(`${l.region} ${l.country} ${l.fullName}`));
    return qualifiers.every((q) => where.includes(q));
  });
  // A qualifier that fits none of them ("St. Petersburg, Florida") is a question, never a guess.
  if (qualifiers.length > 0 && narrowed.length === 0 && exact.length > 0) {
    return { status: "clarification_required", reason: exact.length > 1 ? "ambiguous" : "no_exact_match", candidates: bySize(exact).slice(0, MAX_CANDIDATES).map(candidate) };
  }
  const matches = narrowed.length > 0 ? narrowed : exact;
  if (matches.length === 1 && matches[0]) return { status: "resolved", destination: candidate(matches[0]) };
  if (matches.length > 1) {
    return { status: "clarification_required", reason: "ambiguous", candidates: bySize(matches).slice(0, MAX_CANDIDATES).map(candidate) };
  }

  const allowance = typoAllowance(name.length);
  const scored = catalog
    .map((l) => {
      const n = key(cityName(l.name));
      // "Rostov-on-Don" for "Ростов-на-Дону": a multi-word name whose first word is the city's.
      const firstWord = name.includes(" ") && n.split(" ")[0] === name.split(" ")[0];
      const prefix = firstWord || (name.length >= 2 && (n.startsWith(name) || n.split(" ").some((word) => word.startsWith(name))));
      return { l, prefix, distance: editDistance(n, name) };
    })
    .filter((s) => s.prefix || s.distance <= allowance)
    .sort((a, b) => Number(b.prefix) - Number(a.prefix) || a.distance - b.distance || b.l.hotelsCount - a.l.hotelsCount);
  if (scored.length === 0) return { status: "destination_not_found", candidates: [] };
  return { status: "clarification_required", reason: "no_exact_match", candidates: scored.slice(0, MAX_CANDIDATES).map((s) => candidate(s.l)) };
}

export interface HotelNameMatch {
  optionId: string;
  name: string;
  match: "exact" | "contains" | "fuzzy";
}

const GENERIC_WORDS = new Set(["отель", "гостиница", "hotel", "the"]);

function hotelTokens(text: string): string[] {
  return normalizeName(text)
    .split(" ")
    .filter((w) => w !== "" && !GENERIC_WORDS.has(w));
}

// Only among the destination's provider results: no global hotel search exists in the contract.
export function matchHotelName(query: string, options: readonly { optionId: string; name: string }[], limit = MAX_CANDIDATES): HotelNameMatch[] {
  const q = hotelTokens(query);
  const qText = q.join(" ");
  if (qText === "") return [];
  const rows = options.map((o) => ({ o, tokens: hotelTokens(o.name) }));
  const exact = rows.filter((r) => r.tokens.join(" ") === qText);
  if (exact.length > 0) return exact.slice(0, limit).map((r) => ({ optionId: r.o.optionId, name: r.o.name, match: "exact" }));
  const found: HotelNameMatch[] = [];
  for (const { o, tokens } of rows) {
    const text = tokens.join(" ");
    if (text === "") continue;
    if ((qText.length >= 3 && text.includes(qText)) || (text.length >= 3 && qText.includes(text))) {
      found.push({ optionId: o.optionId, name: o.name, match: "contains" });
    } else if (q.every((w) => w.length >= 3 && tokens.some((t) => editDistance(t, w) <= typoAllowance(w.length)))) {
      found.push({ optionId: o.optionId, name: o.name, match: "fuzzy" });
    }
  }
  // Contains before fuzzy; within each, provider order.
  return [...found.filter((m) => m.match === "contains"), ...found.filter((m) => m.match === "fuzzy")].slice(0, limit);
}

import type { Lang } from "../../../shared/locale.js";

// Room names as the words of a few kinds: grade, beds, view and what the room is. A name is
// recognised only when every word of it is one of these; then it is said in the answer's language
// ("Стандартный двухместный номер" ↔ "Standard double room"). Anything else keeps the provider's words.

type Grade = "standard" | "superior" | "family" | "deluxe" | "comfort" | "economy";
type Beds = "single" | "double" | "twin" | "triple";
type View = "city" | "sea" | "river" | "park" | "garden" | "mountain";
type Noun = "room" | "suite" | "junior_suite" | "studio";

interface RoomKind {
  grade?: Grade;
  beds?: Beds;
  view?: View;
  noun: Noun;
}

type Slot = { grade: Grade } | { beds: Beds } | { view: View } | { noun: Noun };

// Longest phrases first: "junior suite" before "suite", "с двумя кроватями" before its words.
const PHRASES: readonly [RegExp, Slot][] = [
  [/^(полулюкс|полу люкс|junior suite)(?= |$)/, { noun: "junior_suite" }],
  [/^(люкс|suite)(?= |$)/, { noun: "suite" }],
  [/^(студия|studio)(?= |$)/, { noun: "studio" }],
  [/^(номер|room)(?= |$)/, { noun: "room" }],
  [/^(стандартн\p{L}*|стандарт|standard|std)(?= |$)/u, { grade: "standard" }],
  [/^(улучшенн\p{L}*|superior)(?= |$)/u, { grade: "superior" }],
  [/^(семейн\p{L}*|family)(?= |$)/u, { grade: "family" }],
  [/^(делюкс|де люкс|deluxe|de luxe)(?= |$)/, { grade: "deluxe" }],
  [/^(комфорт|comfort)(?= |$)/, { grade: "comfort" }],
  [/^(эконом|economy)(?= |$)/, { grade: "economy" }],
  [/^(с (двумя|2) (отдельными |раздельными )?кроватями|twin|твин|with (two|2) (single |separate )?beds)(?= |$)/, { beds: "twin" }],
  [/^(одноместн\p{L}*|single)(?= |$)/u, { beds: "single" }],
  [/^(двухместн\p{L}*|double|dbl)(?= |$)/u, { beds: "double" }],
  [/^(трехместн\p{L}*|triple)(?= |$)/u, { beds: "triple" }],
  [/^((с )?видом на город|(with )?(a )?city view)(?= |$)/, { view: "city" }],
  [/^((с )?видом на море|(with )?(a )?sea view)(?= |$)/, { view: "sea" }],
  [/^((с )?видом на реку|(with )?(a )?river view)(?= |$)/, { view: "river" }],
  [/^((с )?видом на парк|(with )?(a )?park view)(?= |$)/, { view: "park" }],
  [/^((с )?видом на сад|(with )?(a )?garden view)(?= |$)/, { view: "garden" }],
  [/^((с )?видом на горы|(with )?(a )?mountain view)(?= |$)/, { view: "mountain" }],
];

/** The kind of a room name, or null when any word of it is not a room word we know. */
export function roomKindOf(roomName: string): RoomKind | null {
  let rest = roomName.toLowerCase().replace(/ё/g, "е").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const kind: Partial<RoomKind> = {};
  while (rest !== "") {
    const hit = PHRASES.find(([re]) => re.test(rest));
    if (!hit || !fill(kind, hit[1])) return null;
    rest = rest.replace(hit[0], "").trim();
  }
  if (kind.noun === undefined && kind.grade === undefined && kind.beds === undefined) return null;
  return { ...kind, noun: kind.noun ?? "room" };
}

// False when the slot is already said otherwise: two grades or two views are not one room we know.
function fill(kind: Partial<RoomKind>, slot: Slot): boolean {
  if ("noun" in slot) {
    // "Номер люкс": the room word beside a suite adds nothing.
    if (slot.noun === "room") kind.noun ??= "room";
    else if (kind.noun === undefined || kind.noun === "room") kind.noun = slot.noun;
    else return false;
    return true;
  }
  if ("beds" in slot) {
    // "Двухместный номер с двумя отдельными кроватями" is a twin.
    const pair = new Set([kind.beds, slot.beds]);
    if (kind.beds === undefined) kind.beds = slot.beds;
    else if (pair.size === 2 && pair.has("twin") && pair.has("double")) kind.beds = "twin";
    else return false;
    return true;
  }
  if ("grade" in slot) {
    if (kind.grade !== undefined) return false;
    kind.grade = slot.grade;
    return true;
  }
  if (kind.view !== undefined) return false;
  kind.view = slot.view;
  return true;
}

type Gendered = { m: string; f: string };

const RU_GRADE: Record<Grade, Gendered | string> = {
  standard: { m: "стандартный", f: "стандартная" },
  superior: { m: "улучшенный", f: "улучшенная" },
  family: { m: "семейный", f: "семейная" },
  // Said after the noun: «Номер делюкс».
  deluxe: "делюкс",
  comfort: "комфорт",
  economy: "эконом",
};
const RU_BEDS: Record<Beds, Gendered> = {
  single: { m: "одноместный", f: "одноместная" },
  double: { m: "двухместный", f: "двухместная" },
  twin: { m: "двухместный", f: "двухместная" },
  triple: { m: "трёхместный", f: "трёхместная" },
};
const RU_NOUN: Record<Noun, { word: string; gender: keyof Gendered }> = {
  room: { word: "номер", gender: "m" },
  suite: { word: "люкс", gender: "m" },
  junior_suite: { word: "полулюкс", gender: "m" },
  studio: { word: "студия", gender: "f" },
};
const RU_VIEW: Record<View, string> = { city: "город", sea: "море", river: "реку", park: "парк", garden: "сад", mountain: "горы" };

const EN_GRADE: Record<Grade, string> = { standard: "standard", superior: "superior", family: "family", deluxe: "deluxe", comfort: "comfort", economy: "economy" };
const EN_NOUN: Record<Noun, string> = { room: "room", suite: "suite", junior_suite: "junior suite", studio: "studio" };

function capitalized(words: readonly (string | undefined)[]): string {
  const text = words.filter((w) => w !== undefined && w !== "").join(" ");
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A recognised room name said in `lang`; null when the name is not one we recognise. */
export function roomKindDisplay(roomName: string, lang: Lang): string | null {
  const k = roomKindOf(roomName);
  if (k === null) return null;
  if (lang === "en") {
    return capitalized([k.grade && EN_GRADE[k.grade], k.beds, EN_NOUN[k.noun], k.view && `with ${k.view} view`]);
  }
  const noun = RU_NOUN[k.noun];
  const grade = k.grade && RU_GRADE[k.grade];
  return capitalized([
    typeof grade === "object" ? grade[noun.gender] : undefined,
    k.beds && RU_BEDS[k.beds][noun.gender],
    noun.word,
    typeof grade === "string" ? grade : undefined,
    k.beds === "twin" ? "с двумя отдельными кроватями" : undefined,
    k.view && `с видом на ${RU_VIEW[k.view]}`,
  ]);
}

// Name normalization shared by destination and hotel-name matching: case, ё, every dash variant,
// quotes and runs of whitespace must not decide whether two spellings are "the same place".

const DASHES = /[\u002d\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const QUOTES = /["'«»„“”‘’`]/g;

export function normalizeName(value: string): string {
  return value
    .normalize("NFC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(DASHES, " ")
    .replace(QUOTES, "")
    .replace(/[.,;:!?()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// Classic two-row Levenshtein distance; the inputs are short names, so O(n·m) is fine.
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      cur.push(Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = cur;
  }
  return prev[y.length] ?? 0;
}

// How many typos a name of this length tolerates before a match stops being plausible.
export function typoAllowance(length: number): number {
  if (length < 4) return 0;
  if (length < 8) return 1;
  return 2;
}

const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m",
  н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh",
  щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

/** True when a name is written in Latin letters only (an agent or person writing in English). */
export function isLatinName(value: string): boolean {
  return /[a-z]/i.test(value) && !/[\u0400-\u04ff]/.test(value);
}

/**
 * A Latin spelling key for a normalized name, so "Kazan" meets "Казань" and "Nizhny Novgorod" meets
 * "Нижний Новгород": Russian letters are transliterated (BGN-like), then the spellings that vary
 * between romanizations are folded (a word-initial "ye", the "-iy"/"-yy" endings).
 */
export function latinKey(normalized: string): string {
  const latin = [...normalized].map((ch) => CYRILLIC_TO_LATIN[ch] ?? ch).join("");
  return latin
    .split(" ")
    .map((word) => word.replace(/^ye/, "e").replace(/(iy|yy|ii|ij)$/, "y"))
    .join(" ");
}

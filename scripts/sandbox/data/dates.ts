const DAY_MS = 86_400_000;

// Pricing a search asks for the same few dates thousands of times (every night of every rate of
// every hotel): both answers are remembered, up to MEMO entries each, then forgotten all at once.
const MEMO = 4096;
const parsed = new Map<string, number | undefined>();
const shifted = new Map<string, string>();

/** Milliseconds at UTC midnight for a real calendar date "YYYY-MM-DD", else undefined. */
export function parseIsoDate(value: string): number | undefined {
  if (parsed.has(value)) return parsed.get(value);
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  const valid = Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? undefined : ms;
  // Only dates are remembered: other text (a request's) would fill the memo with garbage.
  if (valid !== undefined) remember(parsed, value, valid);
  return valid;
}

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  const known = shifted.get(key);
  if (known !== undefined) return known;
  const ms = parseIsoDate(date);
  if (ms === undefined) throw new Error(`not a date: ${date}`);
  return remember(shifted, key, new Date(ms + days * DAY_MS).toISOString().slice(0, 10));
}

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO) memo.clear();
  memo.set(key, value);
  return value;
}

export function daysBetween(from: string, to: string): number {
  return Math.round(((parseIsoDate(to) ?? 0) - (parseIsoDate(from) ?? 0)) / DAY_MS);
}

/** The UTC calendar date of an instant. */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** An instant rendered at a fixed UTC offset, e.g. "2026-09-14T18:00:00+03:00". */
export function isoAtOffset(ms: number, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const shift = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  return `${new Date(Math.floor(ms / 1000) * 1000 + shift).toISOString().slice(0, 19)}${offset}`;
}

/** The calendar date of an instant at a fixed UTC offset: "today" in a destination. */
export function dateAtOffset(ms: number, offset: string): string {
  return isoAtOffset(ms, offset).slice(0, 10);
}

import { setNewest } from "../../../shared/bounded-map.js";

const DAY_MS = 86_400_000;

// Pricing a search asks for the same few dates thousands of times (every night of every rate of
// every hotel): both answers are remembered, the DATE_MEMO last made of each.
export const DATE_MEMO = 4096;
const parsed = new Map<string, number>();
const shifted = new Map<string, string>();

/** How many dates each memo holds now (tests check the bound). */
export function dateMemoSizes(): { parsed: number; shifted: number } {
  return { parsed: parsed.size, shifted: shifted.size };
}

/** Milliseconds at UTC midnight for a real calendar date "YYYY-MM-DD", else undefined. */
export function parseIsoDate(value: string): number | undefined {
  const known = parsed.get(value);
  if (known !== undefined) return known;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  // Only dates are remembered: other text (a request's) never fills the memo.
  setNewest(parsed, value, ms, DATE_MEMO);
  return ms;
}

export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  const known = shifted.get(key);
  if (known !== undefined) return known;
  const ms = parseIsoDate(date);
  if (ms === undefined) throw new Error(`not a date: ${date}`);
  const shiftedDate = new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
  setNewest(shifted, key, shiftedDate, DATE_MEMO);
  return shiftedDate;
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

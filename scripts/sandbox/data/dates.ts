const DAY_MS = 86_400_000;

/** Milliseconds at UTC midnight for a real calendar date "YYYY-MM-DD", else undefined. */
export function parseIsoDate(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  return ms;
}

export function addDays(date: string, days: number): string {
  const ms = parseIsoDate(date);
  if (ms === undefined) throw new Error(`not a date: ${date}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
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

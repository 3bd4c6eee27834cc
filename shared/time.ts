// Dates and provider timestamps. Stay dates are calendar dates with no zone; provider timestamps
// carry an explicit UTC offset, which is kept and shown as such. An offset is not a time zone, so
// nothing here ever calls a time "local hotel time".

import { DEFAULT_LANG, type Lang } from "./locale.js";

export type IsoDate = string;
// Milliseconds now: `Date.now` for wall time, `performance.now` where only durations count.
export type Clock = () => number;

export const MISSING = "нет данных";

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateToUtcMs(value: string): number | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  // Date rolls 2026-02-30 over to March; a real calendar date survives the round trip unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.getTime();
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === "string" && dateToUtcMs(value) !== undefined;
}

function requireDate(value: string): number {
  const ms = dateToUtcMs(value);
  if (ms === undefined) throw new RangeError("not a calendar date (YYYY-MM-DD)");
  return ms;
}

function utcMsToIsoDate(ms: number): IsoDate {
  const d = new Date(ms);
  const year = String(d.getUTCFullYear()).padStart(4, "0");
  return `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

// Negative when checkout is before checkin; callers decide whether that is an error.
export function nightsBetween(checkin: IsoDate, checkout: IsoDate): number {
  return Math.round((requireDate(checkout) - requireDate(checkin)) / DAY_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError("days must be an integer");
  return utcMsToIsoDate(requireDate(date) + days * DAY_MS);
}

const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function dateDisplay(year: number, month: number, day: number, lang: Lang): string {
  if (lang === "en") return `${day} ${EN_MONTHS[month - 1] ?? ""} ${year}`;
  return `${pad2(day)}.${pad2(month)}.${String(year).padStart(4, "0")}`;
}

// ru "12.03.2027", en "12 Mar 2027": one date format per language in every answer.
export function formatIsoDate(date: IsoDate, lang: Lang = DEFAULT_LANG): string {
  requireDate(date);
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return dateDisplay(year, month, day, lang);
}

// The calendar date at a given UTC offset (minutes east of UTC), e.g. "today" for Moscow users.
export function isoDateAt(now: Clock = Date.now, offsetMinutes = 0): IsoDate {
  return utcMsToIsoDate(now() + offsetMinutes * 60_000);
}

export interface OffsetDateTime {
  // The wall-clock fields exactly as the provider wrote them, at `offsetMinutes` east of UTC.
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
  // True for "Z": shown as "UTC" rather than "UTC+00:00".
  zulu: boolean;
  epochMs: number;
}

const OFFSET_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/;

// A timestamp without an offset is refused: guessing a zone is how "18:00" silently becomes 21:00.
export function parseOffsetDateTime(value: string): OffsetDateTime | undefined {
  const m = OFFSET_TIMESTAMP.exec(value);
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  const dayMs = dateToUtcMs(date);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6] ?? "0");
  const millis = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  if (dayMs === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
  const zulu = m[8] === "Z";
  const offH = Number(m[10] ?? "0");
  const offM = Number(m[11] ?? "0");
  if (offH > 18 || offM > 59) return undefined;
  const offsetMinutes = (m[9] === "-" ? -1 : 1) * (offH * 60 + offM);
  const epochMs = dayMs + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offsetMinutes * 60_000;
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour, minute, second, offsetMinutes, zulu, epochMs };
}

export function isOffsetDateTime(value: unknown): value is string {
  return typeof value === "string" && parseOffsetDateTime(value) !== undefined;
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

export function formatUtcOffset(offsetMinutes: number, zulu = false): string {
  if (zulu) return "UTC";
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

// "14.09.2026 18:00 (UTC+03:00)": the provider's wall clock with its offset spelled out.
export function formatOffsetDateTime(value: string | OffsetDateTime, lang: Lang = DEFAULT_LANG): string {
  const ts = typeof value === "string" ? parseOffsetDateTime(value) : value;
  if (!ts) throw new RangeError("not a timestamp with an explicit UTC offset");
  return `${dateDisplay(ts.year, ts.month, ts.day, lang)} ${pad2(ts.hour)}:${pad2(ts.minute)} (${formatUtcOffset(ts.offsetMinutes, ts.zulu)})`;
}

/** An instant as the wall clock at a fixed offset shows it, e.g. a UTC timestamp in UTC+03:00. */
export function formatInstantAt(epochMs: number, offsetMinutes: number, lang: Lang = DEFAULT_LANG): string {
  const d = new Date(epochMs + offsetMinutes * 60_000);
  return `${dateDisplay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), lang)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} (${formatUtcOffset(offsetMinutes)})`;
}

export function toIsoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

import { langOf } from "../../../shared/locale.js";
import { isoDateAt, parseOffsetDateTime, type IsoDate } from "../../../shared/time.js";
import type { JourneyState } from "./state.js";
import type { View } from "./wording.js";

/** A journey's view: its language, now, the destination's offset, and the room shape of the search. */
export interface JourneyView extends View {
  rooms: number;
  /** The most guests any one room of the search holds: what a rate's room must fit. */
  guestsPerRoom: number;
  /** The near point's name, when the journey measures distances from one. */
  near?: string;
  /** Cashback percent by optionId, as the provider stated it (see journey/value.ts). */
  cashback?: Readonly<Record<string, number>>;
}

const LONG_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/;
// Building an Intl.DateTimeFormat is slow and every journey call asks; IANA zones are few.
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    if (offsetFormats.size < 1000) offsetFormats.set(timeZone, format);
  }
  return format;
}

// formatToParts is still slow, on every journey call. Zones change offset only at instants on
// a quarter hour of UTC (every rule in use since local mean time was given up does), so one answer
// serves its quarter hour.
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number | null>();

/** The UTC offset of an IANA zone at an instant, in minutes; null for a zone this runtime does not know. */
export function zoneOffsetMinutes(timeZone: string, atMs: number): number | null {
  const quarter = Math.floor(atMs / QUARTER_HOUR_MS);
  const key = `${timeZone} ${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const offset = computeOffset(timeZone, quarter * QUARTER_HOUR_MS);
  // Bounded: a long-lived process sees a new quarter hour every 15 minutes.
  if (offsets.size >= 1000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

function computeOffset(timeZone: string, atMs: number): number | null {
  try {
    const part = offsetFormat(timeZone).formatToParts(atMs).find((p) => p.type === "timeZoneName");
    const m = LONG_OFFSET.exec(part?.value ?? "");
    if (!m) return null;
    return m[1] === undefined ? 0 : (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  } catch {
    return null;
  }
}

/**
 * The destination's offset now: from the catalog's time zone, else from the offset the provider
 * wrote on this destination's own timestamps (cancellation deadlines), else unknown.
 */
export function destinationOffset(state: Pick<JourneyState, "destination" | "options">, nowMs: number): number | null {
  const zone = state.destination.timeZone;
  if (zone !== undefined) {
    const offset = zoneOffsetMinutes(zone, nowMs);
    if (offset !== null) return offset;
  }
  for (const o of state.options) {
    const ts = o.public.freeCancellationUntil === null ? undefined : parseOffsetDateTime(o.public.freeCancellationUntil);
    if (ts && !ts.zulu) return ts.offsetMinutes;
  }
  return null;
}

export function journeyView(state: Pick<JourneyState, "destination" | "options" | "request" | "cashback">, nowMs: number): JourneyView {
  const rooms = state.request.rooms;
  return {
    lang: langOf(state.request.language),
    nowMs,
    offsetMinutes: destinationOffset(state, nowMs),
    rooms: rooms.length,
    guestsPerRoom: Math.max(...rooms.map((r) => r.adults + r.childrenAges.length)),
    ...(state.destination.near ? { near: state.destination.near.name } : {}),
    ...(state.cashback ? { cashback: state.cashback.percents } : {}),
  };
}

/** Today's date at the destination (UTC's when its offset is unknown). */
export function destinationToday(view: View): IsoDate {
  return isoDateAt(() => view.nowMs, view.offsetMinutes ?? 0);
}

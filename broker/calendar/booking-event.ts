import type { Lang } from "../../shared/locale.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { CalendarEntryFacts } from "../../shared/protocol/ops-hotels.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { addDays, formatOffsetDateTime, formatUtcOffset, isIsoDate, nightsBetween, parseOffsetDateTime, toIsoTimestamp, type OffsetDateTime } from "../../shared/time.js";
import type { ProviderOrderV1 } from "../provider/hotels-schemas.js";
import { calendarText, dateValue, escapeText, localDateTime, utcDateTime, utcOffsetValue } from "./ics.js";

// The booking's stay as one VEVENT. The provider gives bare check-in/out times ("14:00") and no
// time zone; its free-cancellation deadline is dated at the destination's UTC offset
// (docs/provider-contract.md). So the times are written in a fixed-offset VTIMEZONE named by that
// offset, or, without a deadline to read it from, as floating local times, and the text says which.
// Nothing about the guests, their contacts or the order id is written (they are not read here, and
// any text that contains one of them is dropped).

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
// The reminder comes this long before the deadline, or at once when that moment has passed.
const REMIND_BEFORE_MS = 24 * 3_600_000;

export interface CalendarEntry {
  text: string;
  facts: CalendarEntryFacts;
}

export interface CalendarEntryOptions {
  uid: string;
  now: number;
  lang: Lang;
  /** The order id and the guests' and contacts' strings: text containing one is left out. */
  secrets: readonly string[];
}

const WORDS = {
  ru: {
    stay: "Проживание в отеле",
    times: (inn: string, out: string) => `Заезд с ${inn}, выезд до ${out}`,
    zone: (z: string) => `время отеля, ${z}`,
    floating: "местное время отеля; часовой пояс банк не сообщил",
    dates: "время заезда и выезда банк не сообщил",
    free: (at: string) => `Бесплатная отмена до ${at}`,
    alarm: (at: string) => `Бесплатная отмена бронирования заканчивается ${at}`,
  },
  en: {
    stay: "Hotel stay",
    times: (inn: string, out: string) => `Check-in from ${inn}, check-out until ${out}`,
    zone: (z: string) => `hotel time, ${z}`,
    floating: "the hotel's local time; the bank gave no time zone",
    dates: "the bank gave no check-in and check-out times",
    free: (at: string) => `Free cancellation until ${at}`,
    alarm: (at: string) => `Free cancellation of the booking ends ${at}`,
  },
} as const;

function hhmm(value: string | null | undefined): string | null {
  const m = typeof value === "string" ? HHMM.exec(value) : null;
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Builds the iCalendar text and the facts the tool reports; throws when the order has no stay dates. */
export function bookingCalendarEntry(order: ProviderOrderV1, opts: CalendarEntryOptions): CalendarEntry {
  const words = WORDS[opts.lang];
  const place = placeOf(order, opts.secrets);
  const deadline = parseOffsetDateTime(order.rateData?.cancellation?.freeCancellationUntil ?? "") ?? null;
  const stay = stayOf(order, deadline);
  const remind = deadline && deadline.epochMs > opts.now ? Math.max(deadline.epochMs - REMIND_BEFORE_MS, opts.now) : null;
  const deadlineShown = deadline && remind !== null ? formatOffsetDateTime(deadline, opts.lang) : null;
  const zoneWords = stay.offset === null ? words.floating : words.zone(formatUtcOffset(stay.offset));
  const description = [
    stay.times ? `${words.times(stay.times.checkin, stay.times.checkout)} (${zoneWords}).` : `${words.dates}.`,
    ...(deadlineShown ? [`${words.free(deadlineShown)}.`] : []),
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//tbank-hotels-toolkit//calendar entry//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...stay.vtimezone,
    "BEGIN:VEVENT",
    `UID:${opts.uid}`,
    `DTSTAMP:${utcDateTime(opts.now)}`,
    ...stay.span,
    `SUMMARY:${escapeText(place.name ?? words.stay)}`,
    ...(place.location ? [`LOCATION:${escapeText(place.location)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    `STATUS:${eventStatus(order.status)}`,
    // A stay of several days must not mark the person busy for all of them.
    "TRANSP:TRANSPARENT",
    ...(remind !== null && deadlineShown ? alarm(remind, words.alarm(deadlineShown)) : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  const facts = { hotelName: place.name, ...stay.wall, utcOffset: stay.times && stay.offset !== null ? formatUtcOffset(stay.offset).slice(3) : null, reminderAt: remind === null ? null : toIsoTimestamp(remind) };
  return { text: calendarText(lines), facts };
}

/** The hotel's name and where it is, without any text that carries one of the secrets. */
function placeOf(order: ProviderOrderV1, secrets: readonly string[]): { name: string | null; location: string | null } {
  const clean = (value: string | null): string | null => (value !== null && secrets.some((s) => s !== "" && value.includes(s)) ? null : value);
  const name = clean(providerTextOrNull(order.hotel?.name, "name"));
  const address = clean(providerTextOrNull(order.hotel?.address, "address"));
  const city = clean(providerTextOrNull(order.hotel?.city, "place"));
  return { name, location: address && city && !address.includes(city) ? `${address}, ${city}` : (address ?? city) };
}

interface StayTimes {
  /** The hotel's times when both are known, else the event is all-day. */
  times: { checkin: string; checkout: string } | null;
  /** Minutes east of UTC that the times are at; null: floating (or all-day). */
  offset: number | null;
  span: string[];
  vtimezone: string[];
  wall: { checkin: string; checkout: string };
}

function stayOf(order: ProviderOrderV1, deadline: OffsetDateTime | null): StayTimes {
  const { checkinDate, checkoutDate } = order;
  if (!isIsoDate(checkinDate) || !isIsoDate(checkoutDate) || nightsBetween(checkinDate, checkoutDate) < 1) {
    throw new BrokerError("provider_error", "the booking has no stay dates to put in a calendar");
  }
  const checkin = hhmm(order.hotel?.checkinTime);
  const checkout = hhmm(order.hotel?.checkoutTime);
  // A "Z" deadline is a UTC stamp, not the destination's offset.
  const offset = deadline && !deadline.zulu ? deadline.offsetMinutes : null;
  if (checkin === null || checkout === null) {
    // All-day dates end exclusively: the day after check-out keeps the check-out day in view.
    const span = [`DTSTART;VALUE=DATE:${dateValue(checkinDate)}`, `DTEND;VALUE=DATE:${dateValue(addDays(checkoutDate, 1))}`];
    return { times: null, offset: null, span, vtimezone: [], wall: { checkin: checkinDate, checkout: checkoutDate } };
  }
  const tzid = offset === null ? null : `UTC${utcOffsetValue(offset)}`;
  const when = (date: string, time: string): string => `${tzid ? `;TZID=${tzid}` : ""}:${localDateTime(date, time)}`;
  return {
    times: { checkin, checkout },
    offset,
    span: [`DTSTART${when(checkinDate, checkin)}`, `DTEND${when(checkoutDate, checkout)}`],
    vtimezone: tzid !== null && offset !== null ? vtimezone(tzid, offset) : [],
    wall: { checkin: `${checkinDate}T${checkin}`, checkout: `${checkoutDate}T${checkout}` },
  };
}

// One fixed offset all year: the provider states an offset, not a zone with summer-time rules.
function vtimezone(tzid: string, offset: number): string[] {
  const value = utcOffsetValue(offset);
  return ["BEGIN:VTIMEZONE", `TZID:${tzid}`, "BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${value}`, `TZOFFSETTO:${value}`, `TZNAME:${escapeText(formatUtcOffset(offset))}`, "END:STANDARD", "END:VTIMEZONE"];
}

function alarm(at: number, text: string): string[] {
  return ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(text)}`, `TRIGGER;VALUE=DATE-TIME:${utcDateTime(at)}`, "END:VALARM"];
}

function eventStatus(status: string): "CONFIRMED" | "CANCELLED" | "TENTATIVE" {
  if (status === "CONFIRMED" || status === "COMPLETED") return "CONFIRMED";
  return status === "CANCELLED" ? "CANCELLED" : "TENTATIVE";
}

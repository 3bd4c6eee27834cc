import type { Lang } from "../../shared/locale.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { CalendarEntryFacts } from "../../shared/protocol/ops-hotels.js";
import { providerTextOrNull } from "../../shared/provider-text.js";
import { addDays, formatOffsetDateTime, formatUtcOffset, isIsoDate, nightsBetween, parseOffsetDateTime, toIsoTimestamp } from "../../shared/time.js";
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
  const { checkinDate, checkoutDate } = order;
  if (!isIsoDate(checkinDate) || !isIsoDate(checkoutDate) || nightsBetween(checkinDate, checkoutDate) < 1) {
    throw new BrokerError("provider_error", "the booking has no stay dates to put in a calendar");
  }
  const words = WORDS[opts.lang];
  const clean = (value: string | null): string | null => (value !== null && opts.secrets.some((s) => s !== "" && value.includes(s)) ? null : value);
  const name = clean(providerTextOrNull(order.hotel?.name, "name"));
  const address = clean(providerTextOrNull(order.hotel?.address, "address"));
  const city = clean(providerTextOrNull(order.hotel?.city, "place"));
  const location = address && city && !address.includes(city) ? `${address}, ${city}` : (address ?? city);

  const deadline = parseOffsetDateTime(order.rateData?.cancellation?.freeCancellationUntil ?? "");
  // A "Z" deadline is a UTC stamp, not the destination's offset.
  const offset = deadline && !deadline.zulu ? deadline.offsetMinutes : null;
  const checkinTime = hhmm(order.hotel?.checkinTime);
  const checkoutTime = hhmm(order.hotel?.checkoutTime);
  const timed = checkinTime !== null && checkoutTime !== null;
  const tzid = offset === null ? null : `UTC${utcOffsetValue(offset)}`;
  const zoneWords = offset === null ? words.floating : words.zone(formatUtcOffset(offset));

  const when = (date: string, time: string): string => `${tzid ? `;TZID=${tzid}` : ""}:${localDateTime(date, time)}`;
  const span =
    checkinTime !== null && checkoutTime !== null
      ? [`DTSTART${when(checkinDate, checkinTime)}`, `DTEND${when(checkoutDate, checkoutTime)}`]
      : // All-day dates end exclusively: the day after check-out keeps the check-out day in view.
        [`DTSTART;VALUE=DATE:${dateValue(checkinDate)}`, `DTEND;VALUE=DATE:${dateValue(addDays(checkoutDate, 1))}`];

  const remind = deadline && deadline.epochMs > opts.now ? Math.max(deadline.epochMs - REMIND_BEFORE_MS, opts.now) : null;
  const deadlineShown = deadline ? formatOffsetDateTime(deadline, opts.lang) : null;
  const description = [
    timed ? `${words.times(checkinTime, checkoutTime)} (${zoneWords}).` : `${words.dates}.`,
    ...(deadlineShown && remind !== null ? [`${words.free(deadlineShown)}.`] : []),
  ].join("\n");

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//tbank-hotels-toolkit//calendar entry//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(tzid !== null && offset !== null && timed ? vtimezone(tzid, offset) : []),
    "BEGIN:VEVENT",
    `UID:${opts.uid}`,
    `DTSTAMP:${utcDateTime(opts.now)}`,
    ...span,
    `SUMMARY:${escapeText(name ?? words.stay)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    `STATUS:${eventStatus(order.status)}`,
    // A stay of several days must not mark the person busy for all of them.
    "TRANSP:TRANSPARENT",
    ...(remind !== null && deadlineShown ? alarm(remind, words.alarm(deadlineShown)) : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return {
    text: calendarText(lines),
    facts: {
      hotelName: name,
      checkin: timed ? `${checkinDate}T${checkinTime}` : checkinDate,
      checkout: timed ? `${checkoutDate}T${checkoutTime}` : checkoutDate,
      utcOffset: timed && offset !== null ? formatUtcOffset(offset).slice(3) : null,
      reminderAt: remind === null ? null : toIsoTimestamp(remind),
    },
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

import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingCalendarEntry, type CalendarEntryOptions } from "../../broker/calendar/booking-event.js";
import { escapeText, foldLine } from "../../broker/calendar/ics.js";
import type { ProviderOrderV1 } from "../../broker/provider/hotels-schemas.js";

const NOW = Date.parse("2027-03-01T09:00:00Z");
const OPTS: CalendarEntryOptions = { uid: "u1@tbank-hotels-toolkit", now: NOW, lang: "ru", secrets: [] };

function order(over: Partial<ProviderOrderV1> = {}, hotel: Record<string, unknown> = {}, deadline: string | null = "2027-03-02T18:00:00+05:00"): ProviderOrderV1 {
  return {
    status: "CONFIRMED",
    checkinDate: "2027-03-05",
    checkoutDate: "2027-03-07",
    hotel: { name: "Отель «Урал»", address: "ул. Ленина, 1", city: "Екатеринбург", checkinTime: "14:00", checkoutTime: "12:00", ...hotel },
    rateData: { cancellation: { freeCancellationUntil: deadline } },
    ...over,
  };
}

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevent = root.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { root, vevent, event: new ICAL.Event(vevent) };
}

describe("RFC 5545 text", () => {
  it("escapes backslash, semicolon, comma and line breaks (3.3.11)", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    expect(escapeText("x\u0007y")).toBe("xy");
  });

  it("folds at 75 octets without splitting a UTF-8 character (3.1)", () => {
    const line = `SUMMARY:${"Ж".repeat(100)}`;
    const physical = foldLine(line).split("\r\n");
    expect(physical.length).toBeGreaterThan(2);
    for (const p of physical) expect(Buffer.byteLength(p, "utf8")).toBeLessThanOrEqual(75);
    for (const p of physical.slice(1)) expect(p.startsWith(" ")).toBe(true);
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});

describe("a booking's calendar entry, parsed back by ical.js", () => {
  it("puts check-in and check-out at the hotel's offset, with a VTIMEZONE, and the deadline as an alarm", () => {
    const { text, facts } = bookingCalendarEntry(order(), OPTS);
    for (const line of text.split("\r\n").slice(0, -1)) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text.endsWith("\r\n")).toBe(true);
    const { event, vevent, root } = parse(text);
    expect(event.uid).toBe("u1@tbank-hotels-toolkit");
    expect(event.summary).toBe("Отель «Урал»");
    expect(event.location).toBe("ул. Ленина, 1, Екатеринбург");
    expect(root.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("UTC+0500");
    expect(event.startDate.zone?.tzid).toBe("UTC+0500");
    // 14:00 at UTC+05:00 is 09:00 UTC; 12:00 is 07:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-05T09:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-07T07:00:00.000Z");
    const alarm = vevent.getFirstSubcomponent("valarm");
    const trigger = alarm?.getFirstPropertyValue("trigger");
    // 24 hours before 18:00 (UTC+05:00) on 2 March.
    expect(trigger instanceof ICAL.Time ? trigger.toJSDate().toISOString() : trigger).toBe("2027-03-01T13:00:00.000Z");
    expect(alarm?.getFirstPropertyValue("action")).toBe("DISPLAY");
    expect(String(event.description)).toContain("02.03.2027 18:00 (UTC+05:00)");
    expect(facts).toEqual({ hotelName: "Отель «Урал»", checkin: "2027-03-05T14:00", checkout: "2027-03-07T12:00", utcOffset: "+05:00", reminderAt: "2027-03-01T13:00:00.000Z" });
  });

  it("reminds at once when the deadline is less than a day away, and not at all once it has passed", () => {
    const soon = bookingCalendarEntry(order(), { ...OPTS, now: Date.parse("2027-03-02T10:00:00Z") });
    expect(soon.facts.reminderAt).toBe("2027-03-02T10:00:00.000Z");
    const late = bookingCalendarEntry(order(), { ...OPTS, now: Date.parse("2027-03-02T13:00:01Z") });
    expect(late.facts.reminderAt).toBeNull();
    expect(parse(late.text).vevent.getFirstSubcomponent("valarm")).toBeNull();
    expect(late.text).not.toContain("Бесплатная отмена");
  });

  it("without a deadline to read the offset from, writes floating local times and says so", () => {
    const { text, facts } = bookingCalendarEntry(order({}, {}, null), { ...OPTS, lang: "en" });
    const { event, root } = parse(text);
    expect(root.getFirstSubcomponent("vtimezone")).toBeNull();
    expect(event.startDate.toString()).toBe("2027-03-05T14:00:00");
    expect(event.startDate.zone?.tzid).toBe("floating");
    expect(String(event.description)).toContain("no time zone");
    expect(facts.utcOffset).toBeNull();
    expect(facts.reminderAt).toBeNull();
  });

  it("without check-in and check-out times, spans the stay's dates as all-day", () => {
    const { text, facts } = bookingCalendarEntry(order({}, { checkinTime: null }), OPTS);
    const { event } = parse(text);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2027-03-05");
    expect(event.endDate.toString()).toBe("2027-03-08");
    expect(facts).toMatchObject({ checkin: "2027-03-05", checkout: "2027-03-07", utcOffset: null });
  });

  it("keeps provider text inside its property: commas, semicolons, line breaks, long names", () => {
    const name = `Hotel; X-INJECT:1, ${"long name ".repeat(7)}end`;
    const { text } = bookingCalendarEntry(order({}, { name, address: "Line 1\nBEGIN:VALARM\nLine 3" }), OPTS);
    const { event, vevent } = parse(text);
    expect(event.summary).toBe(name);
    expect(event.location).toBe("Line 1 BEGIN:VALARM Line 3, Екатеринбург");
    expect(vevent.getAllSubcomponents("valarm")).toHaveLength(1);
    expect(vevent.getFirstPropertyValue("x-inject")).toBeNull();
  });

  it("leaves out any text that carries the order id or a guest's details", () => {
    const { text, facts } = bookingCalendarEntry(order({}, { name: "Hotel ord_SECRET_1", address: "для Иванова" }), { ...OPTS, secrets: ["ord_SECRET_1", "Иванова"] });
    expect(text).not.toContain("ord_SECRET_1");
    expect(text).not.toContain("Иванова");
    expect(facts.hotelName).toBeNull();
    expect(parse(text).event.summary).toBe("Проживание в отеле");
  });

  it("refuses an order without stay dates", () => {
    expect(() => bookingCalendarEntry(order({ checkinDate: null }), OPTS)).toThrow(/no stay dates/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  formatInstantAt,
  formatIsoDate,
  formatOffsetDateTime,
  formatUtcOffset,
  isIsoDate,
  isoDateAt,
  isOffsetDateTime,
  nightsBetween,
  parseOffsetDateTime,
} from "../../shared/time.js";

const fixed = (ms: number) => () => ms;

describe("calendar dates", () => {
  it("accepts real calendar dates only", () => {
    for (const ok of ["2026-09-14", "2028-02-29", "2000-02-29", "2026-12-31", "2026-01-01"]) expect(isIsoDate(ok), ok).toBe(true);
    for (const bad of ["2026-02-30", "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-9-14", "14.09.2026", "2026-09-14T00:00:00Z", "", " 2026-09-14"]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(isIsoDate(20260914)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it("counts nights, across months, leap days and DST-free", () => {
    expect(nightsBetween("2026-09-15", "2026-09-17")).toBe(2);
    expect(nightsBetween("2026-09-15", "2026-09-15")).toBe(0);
    expect(nightsBetween("2026-09-17", "2026-09-15")).toBe(-2);
    expect(nightsBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(nightsBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(nightsBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(() => nightsBetween("2026-02-30", "2026-03-02")).toThrow(RangeError);
  });

  it("adds days", () => {
    expect(addDays("2026-09-14", 1)).toBe("2026-09-15");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(() => addDays("2026-01-01", 0.5)).toThrow(RangeError);
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("addDays and nightsBetween agree", () => {
    const date = fc.date({ min: new Date("1971-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: -1000, max: 1000 }), (d, n) => {
        const later = addDays(d, n);
        return isIsoDate(later) && nightsBetween(d, later) === n;
      }),
    );
  });

  it("formats dates for display and finds today at an offset", () => {
    expect(formatIsoDate("2026-09-14")).toBe("14.09.2026");
    const at2130Utc = Date.UTC(2026, 8, 14, 21, 30);
    expect(isoDateAt(fixed(at2130Utc))).toBe("2026-09-14");
    expect(isoDateAt(fixed(at2130Utc), 180)).toBe("2026-09-15");
  });
});

describe("provider timestamps with an offset", () => {
  it("parses and keeps the offset", () => {
    const ts = parseOffsetDateTime("2026-09-14T18:00:00+03:00");
    expect(ts).toMatchObject({ year: 2026, month: 9, day: 14, hour: 18, minute: 0, offsetMinutes: 180, zulu: false });
    expect(ts?.epochMs).toBe(Date.UTC(2026, 8, 14, 15, 0));
    const z = parseOffsetDateTime("2026-09-14T18:00:00Z");
    expect(z).toMatchObject({ offsetMinutes: 0, zulu: true, epochMs: Date.UTC(2026, 8, 14, 18) });
    expect(parseOffsetDateTime("2026-09-14T18:00:00.250-05:30")).toMatchObject({ offsetMinutes: -330, epochMs: Date.UTC(2026, 8, 14, 23, 30, 0, 250) });
    expect(parseOffsetDateTime("2026-09-14T18:00+0300")?.offsetMinutes).toBe(180);
  });

  it("refuses timestamps without an offset or with impossible fields", () => {
    for (const bad of ["2026-09-14T18:00:00", "2026-09-14 18:00:00+03:00", "2026-02-30T10:00:00Z", "2026-09-14T24:00:00Z", "2026-09-14T18:60:00Z", "2026-09-14T18:00:00+19:00", "2026-09-14", "", "now"]) {
      expect(parseOffsetDateTime(bad), bad).toBeUndefined();
      expect(isOffsetDateTime(bad)).toBe(false);
    }
  });

  it("formats with the offset spelled out, never as local hotel time", () => {
    expect(formatOffsetDateTime("2026-09-14T18:00:00+03:00")).toBe("14.09.2026 18:00 (UTC+03:00)");
    expect(formatOffsetDateTime("2026-09-14T18:00:00Z")).toBe("14.09.2026 18:00 (UTC)");
    expect(formatOffsetDateTime("2026-09-14T18:00:00+00:00")).toBe("14.09.2026 18:00 (UTC+00:00)");
    expect(formatOffsetDateTime("2026-01-02T07:05:59-09:30")).toBe("02.01.2026 07:05 (UTC-09:30)");
    const parsed = parseOffsetDateTime("2026-09-14T12:00:00+05:00")!;
    expect(formatOffsetDateTime(parsed)).toBe("14.09.2026 12:00 (UTC+05:00)");
    expect(formatOffsetDateTime("2026-09-14T18:00:00+03:00")).not.toMatch(/местн|local/i);
    expect(() => formatOffsetDateTime("2026-09-14T18:00:00")).toThrow(RangeError);
    expect(formatUtcOffset(-60)).toBe("UTC-01:00");
  });
});

describe("dates in English", () => {
  it("writes day, month abbreviation and year", () => {
    expect(formatIsoDate("2027-03-12", "en")).toBe("12 Mar 2027");
    expect(formatIsoDate("2027-03-12")).toBe("12.03.2027");
    expect(formatOffsetDateTime("2026-09-04T18:00:00+03:00", "en")).toBe("4 Sep 2026 18:00 (UTC+03:00)");
  });

  it("shows an instant on the wall clock of a fixed offset", () => {
    expect(formatInstantAt(Date.UTC(2027, 2, 1, 22, 30), 180)).toBe("02.03.2027 01:30 (UTC+03:00)");
    expect(formatInstantAt(Date.UTC(2027, 2, 1, 22, 30), 180, "en")).toBe("2 Mar 2027 01:30 (UTC+03:00)");
  });
});

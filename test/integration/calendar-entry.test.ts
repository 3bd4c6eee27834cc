import { lstat, readdir, readFile, utimes } from "node:fs/promises";
import { join } from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoucherStore } from "../../broker/vouchers/store.js";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { buildBookings, customerProfile, type Booking } from "../../scripts/sandbox/data/customer.js";
import { parseOffsetDateTime } from "../../shared/time.js";
import { callOp, openCalendarRun, type CalendarRun } from "./helpers/calendar-run.js";

// The calendar entry for every booking of the sandbox customer, on several dates chosen to be
// awkward (a leap day late in the evening UTC, when the hotels' dates are already tomorrow; the
// turn of a year): each date is the injected clock of the sandbox and the broker alike, so the
// answers never depend on the machine's date (CI replays this under faketime as well).
const CANARY = "CANARY-cal-3b7e";
// A seed whose bookings sit at four offsets (+02:00 to +05:00), two of them with no deadline to read one from.
const SEED = "calendar";
const DATES = ["2027-03-01T09:00:00Z", "2028-02-29T23:30:00Z", "2027-12-31T22:45:00Z"];
const DAY_MS = 86_400_000;

interface Run extends CalendarRun {
  orderIds: string[];
}

async function open(at: string, hostileName?: string): Promise<Run> {
  const hostile = hostileName === undefined ? {} : { hostileText: true, hostileName };
  return { ...(await openCalendarRun(at, { seed: SEED, canary: CANARY, ...hostile })), orderIds: [] };
}

const call = callOp;

/** The sandbox's own booking behind a listed row, from the sandbox's data functions and the same clock. */
function sourceOf(run: Run, bookingRef: string): Booking {
  const orderId = run.deps.refs.resolve(bookingRef, run.deps.session.sessionId(), "hotels");
  run.orderIds.push(orderId);
  const all = buildBookings(SEED, CANARY, createCatalog(SEED, () => "http://sandbox.invalid"), run.time.now());
  const found = all.find((b) => b.orderId === orderId);
  if (!found) throw new Error("the listed booking is not in the sandbox's data");
  return found;
}

function parsed(text: string) {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevent = root.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const trigger = vevent.getFirstSubcomponent("valarm")?.getFirstPropertyValue("trigger");
  return { root, event: new ICAL.Event(vevent), trigger: trigger instanceof ICAL.Time ? trigger.toJSDate().getTime() : null };
}

describe.each(DATES)("calendar entries with the clock at %s", (at) => {
  let run: Run;
  const offsetsSeen = new Set<string | null>();
  beforeAll(async () => {
    run = await open(at);
  });
  afterAll(async () => {
    await run.close();
  });

  it("writes each booking's stay at the hotel's offset, parsed back by ical.js with the right instants", async () => {
    const { items } = await call(run, "hotels.list_bookings", { limit: 20 });
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const row of items) {
      const b = sourceOf(run, row.bookingRef);
      const saved = await call(run, "hotels.save_calendar_entry_v1", { bookingRef: row.bookingRef, language: "en" });
      const text = await readFile(saved.path, "utf8");
      const { event, trigger, root } = parsed(text);
      const offset = b.freeCancellationUntil ? b.location.profile.utcOffset : null;
      offsetsSeen.add(offset);
      expect(saved).toMatchObject({ checkin: `${b.stay.checkinDate}T${b.hotel.checkinTime}`, checkout: `${b.stay.checkoutDate}T${b.hotel.checkoutTime}`, utcOffset: offset });
      expect(event.summary).toBe(b.hotel.name);
      expect(event.location).toContain(b.hotel.address);
      if (offset) {
        // The instants themselves: the hotel's wall clock at the offset its deadlines carry.
        expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(`${b.stay.checkinDate}T${b.hotel.checkinTime}:00${offset}`));
        expect(event.endDate.toJSDate().getTime()).toBe(Date.parse(`${b.stay.checkoutDate}T${b.hotel.checkoutTime}:00${offset}`));
        expect(root.getFirstSubcomponent("vtimezone")?.getFirstSubcomponent("standard")?.getFirstPropertyValue("tzoffsetto")?.toString()).toBe(offset);
      } else {
        expect(event.startDate.zone?.tzid).toBe("floating");
        expect(event.startDate.toString()).toBe(`${b.stay.checkinDate}T${b.hotel.checkinTime}:00`);
      }
      const deadline = b.freeCancellationUntil ? parseOffsetDateTime(b.freeCancellationUntil)!.epochMs : null;
      const expected = deadline !== null && deadline > run.time.now() ? Math.max(deadline - DAY_MS, run.time.now()) : null;
      expect(trigger).toBe(expected);
      expect(saved.reminderAt).toBe(expected === null ? null : new Date(expected).toISOString());
    }
  });

  it("covered hotels at several offsets, and floating times where the provider gave none", () => {
    expect([...offsetsSeen].sort()).toEqual(["+02:00", "+03:00", "+04:00", "+05:00", null]);
  });

  it("writes 0600 files in the 0700 voucher directory, with no guest, contact or order id", async () => {
    const dir = run.deps.vouchers.directory;
    expect((await lstat(dir)).mode & 0o777).toBe(0o700);
    const names = await readdir(dir);
    expect(names.length).toBeGreaterThanOrEqual(6);
    const guest = customerProfile(CANARY);
    const forbidden = [CANARY, guest.firstName, guest.lastName, guest.middleName, guest.phone, guest.email, "Игорь", ...run.orderIds];
    for (const name of names) {
      expect(name).toMatch(/^calendar-[A-Za-z0-9_-]{22}\.ics$/);
      const info = await lstat(join(dir, name));
      expect(info.isFile()).toBe(true);
      expect(info.mode & 0o777).toBe(0o600);
      const text = await readFile(join(dir, name), "utf8");
      for (const s of forbidden) expect(text, `${name} carries ${s}`).not.toContain(s);
    }
  });

  it("keeps one UID per booking across saves, and a different one per booking", async () => {
    const { items } = await call(run, "hotels.list_bookings", { limit: 20 });
    const uidOf = async (ref: string) => parsed(await readFile((await call(run, "hotels.save_calendar_entry_v1", { bookingRef: ref })).path, "utf8")).event.uid;
    const first = await uidOf(items[0]!.bookingRef);
    expect(await uidOf(items[0]!.bookingRef)).toBe(first);
    expect(await uidOf(items[1]!.bookingRef)).not.toBe(first);
    for (const id of run.orderIds) expect(first).not.toContain(id);
  });

  it("deletes the files after the voucher TTL, and the start-up sweep takes expired ones", async () => {
    const dir = run.deps.vouchers.directory;
    const saved = await call(run, "hotels.save_calendar_entry_v1", { bookingRef: (await call(run, "hotels.list_bookings", { limit: 1 })).items[0]!.bookingRef });
    run.time.advance(900_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(await readdir(dir)).toEqual([]);
    // A file left by a broker that crashed: the next broker's sweep judges it by its mtime.
    const again = await call(run, "hotels.save_calendar_entry_v1", { bookingRef: (await call(run, "hotels.list_bookings", { limit: 1 })).items[0]!.bookingRef });
    const old = new Date(run.time.now() - 901_000);
    await utimes(again.path, old, old);
    const fresh = new VoucherStore({ directory: dir, ttlSeconds: 900, now: run.time.now, scheduler: run.time.scheduler });
    expect(await fresh.sweep()).toBe(1);
    expect(saved.path).not.toBe(again.path);
  });
});

describe("a provider that writes the guest's details into the hotel's text", () => {
  let run: Run;
  const guest = customerProfile(CANARY);
  beforeAll(async () => {
    // Every booking is then at its city's hostile hotel: its name carries the guest and the email.
    run = await open(DATES[0]!, `Отель «${guest.lastName}» ${guest.email}`);
  });
  afterAll(async () => {
    await run.close();
  });

  it("leaves that text out of the file and the answer, and the hostile text cannot add properties", async () => {
    const { items } = await call(run, "hotels.list_bookings", { limit: 20 });
    for (const row of items) {
      const saved = await call(run, "hotels.save_calendar_entry_v1", { bookingRef: row.bookingRef });
      const text = await readFile(saved.path, "utf8");
      for (const s of [CANARY, guest.lastName, guest.email]) expect(text).not.toContain(s);
      expect(saved.hotelName).toBeNull();
      const { root } = parsed(text);
      expect(root.getAllSubcomponents("vevent")).toHaveLength(1);
      expect(root.getFirstSubcomponent("vevent")!.getAllSubcomponents("valarm").length).toBeLessThanOrEqual(1);
    }
  });
});

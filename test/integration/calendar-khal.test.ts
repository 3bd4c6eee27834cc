import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOp, openCalendarRun, type CalendarRun } from "./helpers/calendar-run.js";

// The saved calendar entry opened by a real calendar program: khal (Debian's `khal`, installed by
// the test setup, scripts/test-env/plan.mjs) reads the file with python-icalendar and prints each
// event in its own configured zone, here UTC. Where khal cannot be installed (not root, no apt),
// the test is skipped and says why; in CI, where the setup installs it, a missing khal fails.
const run = promisify(execFile);
const khalPath = (process.env.PATH ?? "").split(delimiter).find((dir) => dir !== "" && existsSync(join(dir, "khal")));

const CONFIG = `[calendars]
[[saved]]
path = CAL
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
local_timezone = UTC
default_timezone = UTC
`;

/** "2027-03-05 09:00" for an instant, as khal prints it in UTC. */
const utcMinute = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

describe("a saved calendar entry opened with khal", () => {
  let cal: CalendarRun;
  let home: string;
  beforeAll(async () => {
    cal = await openCalendarRun("2028-02-29T23:30:00Z", { seed: "calendar", canary: "CANARY-khal-41d0" });
    home = await mkdtemp(join(tmpdir(), "khal-"));
    await mkdir(join(home, "cal"));
    await mkdir(join(home, ".config", "khal"), { recursive: true });
    await writeFile(join(home, ".config", "khal", "config"), CONFIG.replace("CAL", join(home, "cal")));
  });
  afterAll(async () => {
    await cal.close();
    await rm(home, { recursive: true, force: true });
  });

  it("prints each booking's stay at the instants the file means, zoned and floating alike", async (ctx) => {
    if (khalPath === undefined) {
      if (process.env.CI === "true") throw new Error("khal is missing although the test setup installs it (scripts/test-env/plan.mjs)");
      ctx.skip("khal is not installed (Debian package `khal`; `npm run test:setup` installs it as root)");
    }
    const env = { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_DATA_HOME: join(home, "data"), LANG: "C.UTF-8" };
    const { items } = await callOp(cal, "hotels.list_bookings", { limit: 20 });
    let zoned = 0;
    for (const row of items) {
      const saved = await callOp(cal, "hotels.save_calendar_entry_v1", { bookingRef: row.bookingRef });
      const { stdout } = await run("khal", ["printics", "--format", "{start}|{end}|{title}", saved.path], { env, timeout: 15_000 });
      const [count, line] = stdout.trim().split("\n");
      expect(count).toBe(`1 events found in ${saved.path}`);
      // A zoned time is shown in khal's zone (UTC): the hotel's wall clock minus its offset.
      const shown = (wall: string): string => (saved.utcOffset === null ? wall.replace("T", " ") : utcMinute(Date.parse(`${wall}:00${saved.utcOffset}`)));
      expect(line).toBe(`${shown(saved.checkin)}|${shown(saved.checkout)}|${saved.hotelName}`);
      if (saved.utcOffset !== null && saved.utcOffset !== "+00:00") zoned += 1;
    }
    expect(zoned).toBeGreaterThanOrEqual(3);
  });
});

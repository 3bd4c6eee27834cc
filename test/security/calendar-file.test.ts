import { execFile } from "node:child_process";
import { chmod } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callOp, openCalendarRun, type CalendarRun } from "../integration/helpers/calendar-run.js";

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** What uid 65534 gets when it reads `path`: the bytes, or the errno code. */
async function readAsStranger(path: string): Promise<string> {
  const script = `try { process.stdout.write(require("node:fs").readFileSync(process.argv[1], "utf8")); } catch (e) { process.stdout.write("ERR:" + e.code); }`;
  const { stdout } = await run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "-e", script, path]);
  return stdout;
}

describe.runIf(isRoot || process.env.CI === "true")("a saved calendar entry read by a second user (uid 65534)", () => {
  let cal: CalendarRun;
  let path: string;
  beforeAll(async () => {
    cal = await openCalendarRun("2027-03-01T09:00:00Z", { seed: "calendar", canary: "CANARY-uid-6a2c" });
    const { items } = await callOp(cal, "hotels.list_bookings", { limit: 1 });
    path = (await callOp(cal, "hotels.save_calendar_entry_v1", { bookingRef: items[0]!.bookingRef })).path;
    // Deliberately open every directory on the way, so only the file's own 0600 mode stands
    // between the stranger and the entry.
    await chmod(cal.root, 0o755);
    await chmod(dirname(path), 0o755);
  });
  afterAll(async () => {
    await cal.close();
  });

  it("is refused by the file's own mode", async () => {
    expect(await readAsStranger(path)).toBe("ERR:EACCES");
  });

  it("would be readable with a looser mode (the check above can fail)", async () => {
    await chmod(path, 0o644);
    expect(await readAsStranger(path)).toContain("BEGIN:VCALENDAR");
  });
});

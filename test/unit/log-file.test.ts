import { chmod, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogFile } from "../../broker/log-file.js";

describe("broker LogFile", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "tbank-log-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("creates the log 0600, batches lines and writes them all on close", async () => {
    const path = join(dir, "broker.log");
    const log = new LogFile(path, 1024 * 1024, 60_000);
    log.write("one\n");
    log.write("two\n");
    expect(await readFile(path, "utf8")).toBe("");
    log.close();
    expect(await readFile(path, "utf8")).toBe("one\ntwo\n");
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it("flushes once the pending lines pass the size limit", async () => {
    const path = join(dir, "broker.log");
    const log = new LogFile(path, 8, 60_000);
    log.write("0123456789\n");
    expect(await readFile(path, "utf8")).toBe("0123456789\n");
    log.close();
  });

  it("refuses a symlink planted at the log path", async () => {
    const target = join(dir, "elsewhere");
    await writeFile(target, "", { mode: 0o600 });
    await symlink(target, join(dir, "broker.log"));
    expect(() => new LogFile(join(dir, "broker.log"))).toThrow();
  });

  it("refuses an existing log readable by group or others", async () => {
    const path = join(dir, "broker.log");
    await writeFile(path, "");
    await chmod(path, 0o644);
    expect(() => new LogFile(path)).toThrow(/group or others/);
  });
});

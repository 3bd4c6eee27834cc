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

  it("rotates past its size cap into a few 0600 generations, so a flood cannot fill the disk", async () => {
    const path = join(dir, "broker.log");
    const log = new LogFile(path, 0, 60_000, { maxBytes: 100, generations: 2 });
    for (let i = 0; i < 20; i++) log.write(`${String(i).padStart(2, "0")}${"x".repeat(47)}\n`);
    log.close();
    const sizes = await Promise.all([path, `${path}.1`, `${path}.2`].map(async (p) => (await stat(p)).size));
    expect(sizes.every((size) => size <= 100)).toBe(true);
    await expect(stat(`${path}.3`)).rejects.toThrow();
    expect(await readFile(path, "utf8")).toContain("19");
    for (const p of [path, `${path}.1`, `${path}.2`]) expect((await stat(p)).mode & 0o777).toBe(0o600);
  });

  it("does not rotate into a symlink planted at a generation's path", async () => {
    const path = join(dir, "broker.log");
    const target = join(dir, "elsewhere");
    await writeFile(target, "keep", { mode: 0o600 });
    const log = new LogFile(path, 0, 60_000, { maxBytes: 100, generations: 2 });
    await symlink(target, `${path}.1`);
    for (let i = 0; i < 10; i++) log.write(`${"y".repeat(49)}\n`);
    log.close();
    expect(await readFile(target, "utf8")).toBe("keep");
  });
});

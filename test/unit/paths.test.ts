import { chmod, chown, mkdir, mkdtemp, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkSocketPathLength, ensurePrivateDir, verifyPrivateDir } from "../../shared/paths.js";

const isRoot = process.getuid?.() === 0;

describe("checkSocketPathLength", () => {
  it("allows 107 bytes on Linux and 103 on macOS, counting bytes not characters", () => {
    const at = (n: number) => `/${"a".repeat(n - 1)}`;
    expect(checkSocketPathLength(at(107), "linux").ok).toBe(true);
    expect(checkSocketPathLength(at(108), "linux").ok).toBe(false);
    expect(checkSocketPathLength(at(103), "darwin").ok).toBe(true);
    expect(checkSocketPathLength(at(104), "darwin").ok).toBe(false);
    // 54 two-byte characters are 108 bytes.
    expect(checkSocketPathLength(`/${"ж".repeat(53)}`, "linux").ok).toBe(true);
    expect(checkSocketPathLength(`/${"ж".repeat(54)}`, "linux").ok).toBe(false);
  });

  it("says how long the path is and what the limit is", () => {
    const r = checkSocketPathLength(`/${"a".repeat(200)}`, "linux");
    expect(r.ok === false && r.error).toMatch(/201 bytes.*at most 107/);
  });
});

describe("private directories", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "tbank-paths-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("creates a missing directory (and parents) as 0700", async () => {
    const dir = join(root, "a", "b", "state");
    expect(await ensurePrivateDir(dir)).toEqual({ ok: true, value: { created: true } });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await ensurePrivateDir(dir)).toEqual({ ok: true, value: { created: false } });
  });

  it("refuses a looser existing directory and leaves its mode alone", async () => {
    const dir = join(root, "loose");
    await mkdir(dir);
    await chmod(dir, 0o755);
    const r = await ensurePrivateDir(dir);
    expect(r).toMatchObject({ ok: false, error: { problem: "too_permissive" } });
    expect((await stat(dir)).mode & 0o777).toBe(0o755);
  });

  it("refuses a symlinked directory even when its target is private", async () => {
    const target = join(root, "target");
    await mkdir(target, { mode: 0o700 });
    const link = join(root, "link");
    await symlink(target, link);
    expect(await verifyPrivateDir(link)).toMatchObject({ ok: false, error: { problem: "symlink" } });
    expect(await ensurePrivateDir(link)).toMatchObject({ ok: false, error: { problem: "symlink" } });
  });

  it("refuses a file in place of the directory", async () => {
    const { writeFile } = await import("node:fs/promises");
    const path = join(root, "file");
    await writeFile(path, "x", { mode: 0o600 });
    expect(await ensurePrivateDir(path)).toMatchObject({ ok: false, error: { problem: "not_directory" } });
  });

  it("refuses a directory owned by someone else (expected uid injected)", async () => {
    const dir = join(root, "mine");
    await mkdir(dir, { mode: 0o700 });
    const me = process.getuid?.() ?? 0;
    expect(await verifyPrivateDir(dir, { uid: me + 1 })).toMatchObject({ ok: false, error: { problem: "foreign_owner" } });
  });

  it.runIf(isRoot)("refuses a directory really owned by another uid", async () => {
    const dir = join(root, "foreign");
    await mkdir(dir, { mode: 0o700 });
    await chown(dir, 65534, 65534);
    expect(await ensurePrivateDir(dir)).toMatchObject({ ok: false, error: { problem: "foreign_owner" } });
  });
});

import { spawn } from "node:child_process";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FileSessionStore, SESSION_FILE_NAME } from "../../broker/session/file-store.js";
import type { PersistedSession } from "../../broker/session/types.js";
import { createLogger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { bundleFixture, childEnv, type BundledFixture } from "../fixtures/bundle.js";
import { sessionForGeneration } from "../fixtures/session-fixture-data.js";

const dirs: string[] = [];
async function tempRoot(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "session-store-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => void lines.push(line) }, level: "debug" });
  return { logger, lines, events: () => lines.map((l) => (JSON.parse(l) as { event?: string }).event) };
}

const session = (generation: number): PersistedSession => sessionForGeneration(generation);

describe("FileSessionStore", () => {
  it("creates a 0700 state dir and writes session.json as 0600", async () => {
    const dir = join(await tempRoot(), "state");
    const store = new FileSessionStore({ dir });
    expect(await store.load()).toBeUndefined();
    await store.save(session(1));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, SESSION_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect(await new FileSessionStore({ dir }).load()).toEqual(session(1));
  });

  it("refuses a state dir that is group- or world-accessible, without chmod'ing it", async () => {
    const dir = join(await tempRoot(), "loose");
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    const store = new FileSessionStore({ dir });
    await expect(store.save(session(1))).rejects.toMatchObject({ code: "internal", message: expect.stringContaining("0700") as unknown });
    await expect(store.load()).rejects.toBeInstanceOf(BrokerError);
    expect((await stat(dir)).mode & 0o777).toBe(0o755);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a symlinked state dir", async () => {
    const root = await tempRoot();
    await mkdir(join(root, "real"), { mode: 0o700 });
    await symlink(join(root, "real"), join(root, "link"));
    await expect(new FileSessionStore({ dir: join(root, "link") }).save(session(1))).rejects.toMatchObject({ code: "internal" });
  });

  it("does not follow a symlinked session file, and treats it as no session", async () => {
    const root = await tempRoot();
    const dir = join(root, "state");
    const elsewhere = join(root, "elsewhere");
    await mkdir(elsewhere, { mode: 0o700 });
    await new FileSessionStore({ dir: elsewhere }).save(session(7));
    await mkdir(dir, { mode: 0o700 });
    await symlink(join(elsewhere, SESSION_FILE_NAME), join(dir, SESSION_FILE_NAME));
    const log = capture();
    expect(await new FileSessionStore({ dir, logger: log.logger }).load()).toBeUndefined();
    expect(log.events()).toContain("session_store_refused");
    expect(log.lines.join("")).not.toContain(session(7).refreshToken);
  });

  it("ignores a session file that is not 0600", async () => {
    const dir = join(await tempRoot(), "state");
    const store = new FileSessionStore({ dir });
    await store.save(session(1));
    await chmod(join(dir, SESSION_FILE_NAME), 0o644);
    const log = capture();
    expect(await new FileSessionStore({ dir, logger: log.logger }).load()).toBeUndefined();
    expect(log.events()).toContain("session_store_refused");
  });

  it.each([
    ["truncated JSON", '{"version":1,"refreshToken":"rt_abc'],
    ["not JSON", "\u0000\u0001garbage"],
    ["the wrong shape", JSON.stringify({ version: 1, refreshToken: "rt_x", generation: "one" })],
    ["extra fields", JSON.stringify({ ...session(1), accessToken: "at_should_never_be_here" })],
    ["empty", ""],
  ])("treats a corrupt file (%s) as no session and logs it", async (_label, content) => {
    const dir = join(await tempRoot(), "state");
    await mkdir(dir, { mode: 0o700 });
    await writeFile(join(dir, SESSION_FILE_NAME), content, { mode: 0o600 });
    const log = capture();
    expect(await new FileSessionStore({ dir, logger: log.logger }).load()).toBeUndefined();
    expect(log.events()).toContain("session_store_corrupt");
  });

  it("only lets the generation grow, also across instances", async () => {
    const dir = join(await tempRoot(), "state");
    const store = new FileSessionStore({ dir });
    await store.save(session(1));
    await store.save(session(2));
    await expect(store.save(session(2))).rejects.toMatchObject({ code: "internal" });
    await expect(store.save(session(1))).rejects.toMatchObject({ code: "internal" });
    const next = new FileSessionStore({ dir });
    expect((await next.load())?.generation).toBe(2);
    await expect(next.save(session(2))).rejects.toMatchObject({ code: "internal" });
    await next.save(session(5));
    expect((await new FileSessionStore({ dir }).load())?.generation).toBe(5);
  });

  it("wipes idempotently, and removes temp files left by a crash on load", async () => {
    const dir = join(await tempRoot(), "state");
    const store = new FileSessionStore({ dir });
    await store.save(session(1));
    await writeFile(join(dir, `.${SESSION_FILE_NAME}.0123456789abcdef.tmp`), "half", { mode: 0o600 });
    await writeFile(join(dir, "unrelated.txt"), "keep", { mode: 0o600 });
    expect((await store.load())?.generation).toBe(1);
    expect((await readdir(dir)).sort()).toEqual([SESSION_FILE_NAME, "unrelated.txt"]);
    await store.wipe();
    await store.wipe();
    expect(await store.load()).toBeUndefined();
    await expect(lstat(join(dir, SESSION_FILE_NAME))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("FileSessionStore crash safety", () => {
  let fixture: BundledFixture;
  beforeAll(async () => {
    fixture = await bundleFixture("test/fixtures/session-writer.ts");
  });
  afterAll(async () => {
    await fixture.cleanup();
  });

  /** Runs the writer until it has acknowledged at least one save, then kills it after `killAfterMs`. */
  function runWriter(dir: string, killAfterMs: number | undefined): Promise<{ acked: number[]; code: number | null; signal: string | null }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fixture.file, dir, "200"], { env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
      const acked: number[] = [];
      let buffered = "";
      let stderr = "";
      let timer: NodeJS.Timeout | undefined;
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) acked.push(Number(line));
        if (killAfterMs !== undefined && timer === undefined) timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (code !== 0 && signal !== "SIGKILL") reject(new Error(`writer failed (${code}): ${stderr}`));
        else resolve({ acked, code, signal });
      });
    });
  }

  it("leaves either the old or the new session after SIGKILL at random points, never a torn file", { timeout: 120_000 }, async () => {
    const dir = join(await tempRoot(), "state");
    let lastAcked = 0;
    let kills = 0;
    for (let round = 0; round < 24; round++) {
      const result = await runWriter(dir, Math.floor(Math.random() * 40));
      if (result.signal === "SIGKILL") kills++;
      if (result.acked.length > 0) lastAcked = result.acked[result.acked.length - 1]!;
      // At most one temp file: the one the killed write was filling.
      expect((await readdir(dir)).filter((f) => f.endsWith(".tmp")).length).toBeLessThanOrEqual(1);
      const loaded = await new FileSessionStore({ dir }).load();
      expect(loaded).toBeDefined();
      // The kill may land after the rename but before the acknowledgement was printed.
      expect([lastAcked, lastAcked + 1]).toContain(loaded!.generation);
      expect(loaded).toEqual(sessionForGeneration(loaded!.generation));
      lastAcked = loaded!.generation;
      expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
      expect((await stat(join(dir, SESSION_FILE_NAME))).mode & 0o777).toBe(0o600);
    }
    expect(kills).toBeGreaterThan(16);
    const finished = await runWriter(dir, undefined);
    expect(finished.code).toBe(0);
    expect((await new FileSessionStore({ dir }).load())?.generation).toBe(lastAcked + 200);
  });
});

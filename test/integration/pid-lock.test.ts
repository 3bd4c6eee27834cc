import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSessionStore } from "../../broker/session/select-store.js";
import { lockWithHolderPid } from "../../shared/pid-lock.js";

// proper-lockfile refreshes its lock's mtime every `update` ms (at least 1 s) and calls the lock
// compromised when it finds an mtime it did not set. The holder's pid file, created inside the lock
// directory after the lock was taken, changed that mtime: every broker gave up its session store at
// the first update, 10 s after start (seen as a logout that did not stick: the stepped-down broker
// skipped the wipe).
const MIN_UPDATE_MS = 1_000;

/** Waits until proper-lockfile has refreshed the lock (its mtime moved) or reported it compromised. */
async function firstUpdate(lockDir: string, compromised: () => boolean): Promise<void> {
  const before = (await stat(lockDir)).mtimeMs;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !compromised()) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if ((await stat(lockDir)).mtimeMs !== before) return;
  }
}

describe("a lock that records its holder's pid", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  const tempDir = async (): Promise<string> => {
    const d = await mkdtemp(join(tmpdir(), "tbk-pidlock-"));
    dirs.push(d);
    return d;
  };

  it("stays its holder's through its updates, with the holder's pid recorded", async () => {
    const target = join(await tempDir(), "session.json");
    const compromised: Error[] = [];
    const release = await lockWithHolderPid(target, { realpath: false, stale: 5_000, update: MIN_UPDATE_MS, onCompromised: (err) => void compromised.push(err) });
    expect((await readFile(join(`${target}.lock`, "pid"), "utf8")).trim()).toBe(String(process.pid));
    const before = (await stat(`${target}.lock`)).mtimeMs;
    await firstUpdate(`${target}.lock`, () => compromised.length > 0);
    expect(compromised.map((e) => e.message)).toEqual([]);
    expect((await stat(`${target}.lock`)).mtimeMs).not.toBe(before);
    await release();
  });

  it("the session store it guards still saves and wipes after the lock's first update", async () => {
    const stateDir = join(await tempDir(), "state");
    const { store } = await openSessionStore({ choice: "file", stateDir, lock: { staleMs: 5_000, updateMs: MIN_UPDATE_MS } });
    await firstUpdate(join(stateDir, "session.json.lock"), () => false);
    await store.save({ version: 1, refreshToken: "rt_lock_test", sessionId: "s1", generation: 1 });
    expect((await store.load())?.refreshToken).toBe("rt_lock_test");
    await store.wipe();
    expect(await store.load()).toBeUndefined();
    await store.close?.();
  });
});

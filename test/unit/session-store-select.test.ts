import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LockOptions } from "proper-lockfile";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Keytar } from "../../broker/session/keychain-store.js";
import { BrokerSessionManager } from "../../broker/session/manager.js";
import type { IdentityProvider } from "../../broker/session/provider.js";
import { openSessionStore, probeKeychain } from "../../broker/session/select-store.js";
import { LockedSessionStore, type LockFn } from "../../broker/session/store-lock.js";
import type { SessionStore } from "../../broker/session/types.js";
import { sessionForGeneration } from "../fixtures/session-fixture-data.js";

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
async function stateDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "session-select-"));
  dirs.push(dir);
  return join(dir, "state");
}
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

function memoryKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: (s, a) => Promise.resolve(entries.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => Promise.resolve(void entries.set(`${s}/${a}`, p)),
    deletePassword: (s, a) => Promise.resolve(entries.delete(`${s}/${a}`)),
  };
}

describe("session store selection", () => {
  it("file: never touches the keychain", async () => {
    const loadKeytar = vi.fn(() => Promise.resolve(memoryKeytar()));
    const opened = await openSessionStore({ choice: "file", stateDir: await stateDir(), loadKeytar });
    closers.push(() => opened.store.close!());
    expect(opened.backend).toEqual({ kind: "file" });
    expect(loadKeytar).not.toHaveBeenCalled();
  });

  it("auto: uses a working keychain, and the probe leaves nothing behind", async () => {
    const keytar = memoryKeytar();
    const opened = await openSessionStore({ choice: "auto", stateDir: await stateDir(), loadKeytar: () => Promise.resolve(keytar) });
    closers.push(() => opened.store.close!());
    expect(opened.backend).toEqual({ kind: "keychain" });
    expect(keytar.entries.size).toBe(0);
    await opened.store.save(sessionForGeneration(1));
    expect([...keytar.entries.keys()]).toEqual(["tbank-auth-broker/session"]);
  });

  it("auto: falls back to the file store when keytar is missing, and says why", async () => {
    const dir = await stateDir();
    const opened = await openSessionStore({ choice: "auto", stateDir: dir, loadKeytar: () => Promise.resolve(undefined) });
    closers.push(() => opened.store.close!());
    expect(opened.backend).toEqual({ kind: "file", note: expect.stringContaining("keytar is not installed") as unknown });
    await opened.store.save(sessionForGeneration(1));
    expect((await stat(join(dir, "session.json"))).mode & 0o777).toBe(0o600);
  });

  it("auto: abandons a hanging keychain probe when its timeout fires and falls back to the file store", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const hangingKeytar = () => {
        let probing!: () => void;
        const started = new Promise<void>((resolve) => (probing = resolve));
        const keytar = memoryKeytar();
        const getPassword = vi.fn(keytar.getPassword);
        const hanging: Keytar = { ...keytar, getPassword, setPassword: () => (probing(), new Promise<void>(() => undefined)) };
        return { hanging, getPassword, started };
      };

      const probe = hangingKeytar();
      let answer: unknown;
      void probeKeychain(() => Promise.resolve(probe.hanging), 100).then((a) => (answer = a));
      await probe.started;
      await vi.advanceTimersByTimeAsync(99);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toEqual({ ok: false, error: { problem: "locked", reason: "keychain did not answer within 100 ms (waiting to be unlocked?)" } });
      // The probe never went past the write that hung.
      expect(probe.getPassword).not.toHaveBeenCalled();

      const store = hangingKeytar();
      const opening = openSessionStore({ choice: "auto", stateDir: await stateDir(), probeTimeoutMs: 100, loadKeytar: () => Promise.resolve(store.hanging) });
      await store.started;
      await vi.advanceTimersByTimeAsync(100);
      const opened = await opening;
      closers.push(() => opened.store.close!());
      expect(opened.backend).toEqual({ kind: "file", note: expect.stringContaining("did not answer within 100 ms") as unknown });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keychain: fails clearly instead of falling back", async () => {
    const broken: Keytar = { ...memoryKeytar(), setPassword: () => Promise.reject(new Error("org.freedesktop.DBus.Error.ServiceUnknown: secret")) };
    await expect(openSessionStore({ choice: "keychain", stateDir: await stateDir(), loadKeytar: () => Promise.resolve(broken) })).rejects.toMatchObject({
      code: "internal",
      message: expect.stringContaining("TBANK_AUTH_SESSION_STORE=keychain") as unknown,
    });
    expect(await probeKeychain(() => Promise.resolve(broken))).toEqual({ ok: false, error: { problem: "absent", reason: expect.not.stringContaining("DBus") as unknown } });
  });
});

describe("keychain probe: absent, locked and broken told apart", () => {
  const failing = (message: string): Keytar => ({ ...memoryKeytar(), setPassword: () => Promise.reject(new Error(message)) });
  // Messages libsecret (Linux, through keytar) and the Security framework (macOS) give.
  const cases: [string, string][] = [
    ["The name org.freedesktop.secrets was not provided by any .service files", "absent"],
    ["Cannot autolaunch D-Bus without X11 $DISPLAY", "absent"],
    ["The specified keychain could not be found.", "absent"],
    ["Cannot create an item in a locked collection", "locked"],
    ["User interaction is not allowed.", "locked"],
    ["Prompt dismissed", "locked"],
    ["Unknown error (-50)", "broken"],
  ];
  it.each(cases)("%s: %s", async (message, problem) => {
    const probe = await probeKeychain(() => Promise.resolve(failing(message)));
    expect(probe).toMatchObject({ ok: false, error: { problem } });
    expect(JSON.stringify(probe)).not.toContain(message);
  });

  it("no keytar is absent; a keychain that gives back another value is broken", async () => {
    expect(await probeKeychain(() => Promise.resolve(undefined))).toEqual({ ok: false, error: { problem: "absent", reason: "keytar is not installed" } });
    const liar: Keytar = { ...memoryKeytar(), getPassword: () => Promise.resolve("something else") };
    expect(await probeKeychain(() => Promise.resolve(liar))).toMatchObject({ ok: false, error: { problem: "broken" } });
  });
});

describe("session store lock", () => {
  it("refuses a second broker while the first holds the store", async () => {
    const dir = await stateDir();
    const first = await openSessionStore({ choice: "file", stateDir: dir });
    await expect(openSessionStore({ choice: "file", stateDir: dir })).rejects.toMatchObject({ code: "busy" });
    await first.store.close!();
    const second = await openSessionStore({ choice: "file", stateDir: dir });
    await second.store.close!();
  });

  it("steps down on a compromised lock: the manager stops writing and asks for a login", async () => {
    let compromise: ((err: Error) => void) | undefined;
    const fakeLock = ((_file: string, opts?: LockOptions) => {
      compromise = opts?.onCompromised as (err: Error) => void;
      return Promise.resolve(() => Promise.resolve());
    }) as LockFn;
    const saved: number[] = [];
    let wiped = 0;
    const inner: SessionStore = {
      load: () => Promise.resolve(sessionForGeneration(3)),
      save: (s) => Promise.resolve(void saved.push(s.generation)),
      wipe: () => Promise.resolve(void wiped++),
    };
    const store = await LockedSessionStore.acquire(inner, { target: join(await stateDir(), "session.json"), lock: fakeLock });
    const provider = { issuer: "http://127.0.0.1:9/" } as IdentityProvider;
    const manager = new BrokerSessionManager({ store, backend: { kind: "file" }, provider, timeoutMs: 1_000 });
    await manager.start();
    const ended = vi.fn();
    manager.onEnded(ended);
    expect(manager.state()).toBe("mobile_read_only_ready");

    compromise!(new Error("lock stolen"));
    expect(manager.state()).toBe("mobile_login_required");
    expect(ended).toHaveBeenCalledOnce();
    await expect(manager.getAccessToken(AbortSignal.timeout(1_000))).rejects.toMatchObject({ code: "mobile_login_required" });
    await expect(manager.loginStart(AbortSignal.timeout(1_000))).rejects.toMatchObject({ code: "busy" });
    await expect(store.save(sessionForGeneration(4))).rejects.toMatchObject({ code: "busy" });
    expect(await manager.logout(AbortSignal.timeout(1_000))).toEqual({ hadSession: false });
    expect(saved).toEqual([]);
    expect(wiped).toBe(0);
    await manager.close();
  });
});

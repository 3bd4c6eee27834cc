import { access, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_ID, FileSessionStore, type BrokerSessionManager } from "../../broker/session/index.js";
import type { PersistedSession, SessionStore } from "../../broker/session/types.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { CANARY, FakeScheduler, harness, loginWith, signal, waitFor, type Harness } from "./helpers/session-harness.js";
import { postForm } from "./helpers/sandbox-oauth.js";
import { startSandbox } from "../../scripts/sandbox/index.js";

let h: Harness | undefined;
const errors: unknown[] = [];

async function setup(...args: Parameters<typeof harness>): Promise<Harness> {
  h = await harness(...args);
  return h;
}

afterEach(async () => {
  if (!h) return;
  const { lines } = h;
  await h.close();
  h = undefined;
  // The canary is inside every token and every simulated provider error body.
  expect(lines.join("\n")).not.toContain(CANARY);
  for (const err of errors.splice(0)) expect(err instanceof Error ? `${err.name}: ${err.message}` : String(err)).not.toContain(CANARY);
});

async function failure(work: Promise<unknown>): Promise<BrokerError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  errors.push(err);
  expect(err).toBeInstanceOf(BrokerError);
  return err as BrokerError;
}

const spending = async (hh: Harness, token: string): Promise<number> =>
  (await fetch(`${hh.sandbox.urls.bankingApiBaseUrl}/v1/travel/spending`, { headers: { authorization: `Bearer ${token}` } })).status;

const sessionFile = (hh: Harness): string => join(hh.dir, "session.json");
const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

function ended(m: BrokerSessionManager): { count: number } {
  const counter = { count: 0 };
  m.onEnded(() => counter.count++);
  return counter;
}

describe("device login", () => {
  it("runs start → pending → approved, and the token works at the provider", async () => {
    const hh = await setup();
    const m = await hh.manager();
    expect(m.state()).toBe("mobile_login_required");
    expect(m.backend()).toEqual({ kind: "file" });
    await expect(m.getAccessToken(signal())).rejects.toMatchObject({ code: "mobile_login_required" });

    const beforeStart = hh.sandbox.control.now();
    const start = await m.loginStart(signal());
    const afterStart = hh.sandbox.control.now();
    expect(start.loginId).toMatch(/^lgn_/);
    expect(start.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(start.verificationUri).toBe(`${hh.sandbox.urls.origin}/oauth/device`);
    expect(start.verificationUriComplete).toContain(start.userCode);
    expect(start.intervalSeconds).toBe(1);
    // Ten minutes from when the code was issued, on the sandbox clock: bracketed, not a tolerance.
    expect(Date.parse(start.expiresAt)).toBeGreaterThanOrEqual(beforeStart + 600_000);
    expect(Date.parse(start.expiresAt)).toBeLessThanOrEqual(afterStart + 600_000);
    await waitFor(() => hh.sandbox.control.requestCount("token") >= 2);
    expect(await m.loginPoll(start.loginId, signal())).toEqual({ state: "pending" });
    expect(m.state()).toBe("login_pending");

    const beforeApproval = hh.sandbox.control.now();
    hh.sandbox.control.approveDevice(start.userCode);
    await waitFor(async () => (await m.loginPoll(start.loginId, signal())).state === "approved");
    expect(m.state()).toBe("mobile_read_only_ready");
    expect(m.sessionId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(m.accessExpiresAt()).toBeGreaterThanOrEqual(beforeApproval + 600_000);
    expect(m.accessExpiresAt()).toBeLessThanOrEqual(hh.sandbox.control.now() + 600_000);
    expect(await exists(sessionFile(hh))).toBe(true);

    const tokenCalls = hh.sandbox.control.requestCount("token");
    const token = await m.getAccessToken(signal());
    expect(hh.sandbox.control.requestCount("token")).toBe(tokenCalls);
    expect(await spending(hh, token)).toBe(200);
    expect(hh.tokenForms.every((f) => f.get("client_id") === "tbank-mcp-toolkit")).toBe(true);
    // Only the refresh side is persisted; the access token lives in memory.
    const stored = await readFile(sessionFile(hh), "utf8");
    expect(stored).toContain(await hh.persistedRefreshToken());
    expect(stored).not.toContain(token);
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(["generation", "issuer", "refreshToken", "sessionId", "version"]);
    await expect(m.loginPoll("lgn_AAAAAAAAAAAAAAAAAAAAAA", signal())).rejects.toMatchObject({ code: "invalid_ref" });
  });

  it("honours slow_down by adding 5 s to the polling interval", async () => {
    const hh = await setup({ deviceIntervalSeconds: 1 });
    // The second wait advances the provider clock by only half the interval: that poll is too early.
    const scheduler = new FakeScheduler(hh.sandbox, (ms, index) => (ms > 60_000 ? undefined : index === 1 ? ms / 2 : ms));
    const m = await hh.manager({ scheduler });
    const start = await m.loginStart(signal());
    await waitFor(() => scheduler.timers.length >= 5);
    hh.sandbox.control.approveDevice(start.userCode);
    await waitFor(async () => (await m.loginPoll(start.loginId, signal())).state === "approved");
    const polls = scheduler.timers.filter((t) => t.ms <= 60_000).map((t) => t.ms);
    expect(polls.slice(0, 3)).toEqual([1_000, 1_000, 6_000]);
    expect(polls.slice(2).every((ms) => ms === 6_000)).toBe(true);
  });

  it("reports a denied login", async () => {
    const hh = await setup();
    const m = await hh.manager();
    const start = await m.loginStart(signal());
    hh.sandbox.control.denyDevice(start.userCode);
    await waitFor(async () => (await m.loginPoll(start.loginId, signal())).state === "denied");
    expect(m.state()).toBe("mobile_login_required");
    expect(await exists(sessionFile(hh))).toBe(false);
  });

  it("reports an expired login once the device code lifetime has passed", async () => {
    const hh = await setup({ deviceCodeTtlSeconds: 60 });
    const m = await hh.manager();
    const start = await m.loginStart(signal());
    hh.sandbox.control.advanceClock(61_000);
    await waitFor(async () => (await m.loginPoll(start.loginId, signal())).state === "expired");
    expect(m.state()).toBe("mobile_login_required");
  });

  it("replaces a pending login with a new one", async () => {
    const hh = await setup();
    const m = await hh.manager();
    const first = await m.loginStart(signal());
    const second = await m.loginStart(signal());
    await expect(m.loginPoll(first.loginId, signal())).rejects.toMatchObject({ code: "invalid_ref" });
    hh.sandbox.control.approveDevice(second.userCode);
    await waitFor(async () => (await m.loginPoll(second.loginId, signal())).state === "approved");
  });
});

describe("refresh", () => {
  it("resumes after a restart without a new login", async () => {
    const hh = await setup();
    const first = await hh.manager();
    await loginWith(first, hh.sandbox);
    const sessionId = first.sessionId();
    await first.close();

    const second = await hh.manager();
    expect(second.state()).toBe("mobile_read_only_ready");
    expect(second.sessionId()).toBe(sessionId);
    expect(second.accessExpiresAt()).toBeUndefined();
    const before = hh.sandbox.control.requestCount("token");
    const token = await second.getAccessToken(signal());
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 1);
    expect(await spending(hh, token)).toBe(200);
  });

  it("makes exactly one token call for 100 concurrent callers on an expired token", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const old = await m.getAccessToken(signal());
    hh.sandbox.control.advanceClock(60_000);
    const before = hh.sandbox.control.requestCount("token");
    const tokens = await Promise.all(Array.from({ length: 100 }, () => m.getAccessToken(signal())));
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(old);
    expect(await spending(hh, tokens[0]!)).toBe(200);
  });

  it("rotates many times, across a restart, without ever reusing a refresh token", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    let m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const seen = new Set<string>([await m.getAccessToken(signal())]);
    for (let i = 0; i < 6; i++) {
      if (i === 3) {
        await m.close();
        m = await hh.manager();
      }
      hh.sandbox.control.advanceClock(60_000);
      const token = await m.getAccessToken(signal());
      expect(seen.has(token)).toBe(false);
      seen.add(token);
      expect(await spending(hh, token)).toBe(200);
      expect(hh.sandbox.control.identityStats().reuseDetections).toBe(0);
    }
    const presented = hh.tokenForms.filter((f) => f.get("grant_type") === "refresh_token").map((f) => f.get("refresh_token"));
    expect(presented).toHaveLength(6);
    expect(new Set(presented).size).toBe(6);
    expect(hh.sandbox.control.identityStats()).toMatchObject({ refreshRotations: 6, reuseDetections: 0 });
  });

  it("does not refresh on every call when the token lives shorter than the expiry skew", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 8 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const before = hh.sandbox.control.requestCount("token");
    await m.getAccessToken(signal());
    await m.getAccessToken(signal());
    expect(hh.sandbox.control.requestCount("token")).toBe(before);
  });

  it("persists the rotated refresh token before handing out the new access token", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const file = new FileSessionStore({ dir: hh.dir });
    let failNext = false;
    const flaky: SessionStore = {
      load: () => file.load(),
      wipe: () => file.wipe(),
      save: (p: PersistedSession) => {
        // The journal marker written before the request is let through; the save of the rotation fails.
        if (!failNext || p.refreshStartedAt !== undefined) return file.save(p);
        failNext = false;
        return Promise.reject(new Error("disk full"));
      },
    };
    const m = await hh.manager({ store: { store: flaky, backend: { kind: "file" } } });
    await loginWith(m, hh.sandbox);
    const spent = await hh.persistedRefreshToken();
    failNext = true;
    hh.sandbox.control.advanceClock(60_000);
    expect((await failure(m.getAccessToken(signal()))).code).toBe("internal");
    expect(await hh.persistedRefreshToken()).toBe(spent);
    const calls = hh.sandbox.control.requestCount("token");
    const token = await m.getAccessToken(signal());
    // The held tokens were saved on the second try; no second rotation was needed.
    expect(hh.sandbox.control.requestCount("token")).toBe(calls);
    expect(await hh.persistedRefreshToken()).not.toBe(spent);
    expect(await spending(hh, token)).toBe(200);
  });

  it("refreshes early after markRejected", async () => {
    const hh = await setup();
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const first = await m.getAccessToken(signal());
    m.markRejected("at_not_the_current_token");
    expect(await m.getAccessToken(signal())).toBe(first);
    m.markRejected(first);
    const second = await m.getAccessToken(signal());
    expect(second).not.toBe(first);
  });

  it("retries 503 twice with the same refresh token, then succeeds", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const refreshToken = await hh.persistedRefreshToken();
    hh.sandbox.control.setFault("token", { kind: "status", status: 503, times: 2 });
    hh.sandbox.control.advanceClock(60_000);
    const before = hh.sandbox.control.requestCount("token");
    const token = await m.getAccessToken(signal());
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 3);
    const presented = hh.tokenForms.slice(-3).map((f) => f.get("refresh_token"));
    expect(presented).toEqual([refreshToken, refreshToken, refreshToken]);
    expect(await hh.persistedRefreshToken()).not.toBe(refreshToken);
    expect(await spending(hh, token)).toBe(200);
    expect(hh.sandbox.control.identityStats().reuseDetections).toBe(0);
  });

  it("waits for Retry-After on 429", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const scheduler = new FakeScheduler(hh.sandbox, (ms) => (ms > 30_000 ? undefined : ms));
    const m = await hh.manager({ scheduler });
    await loginWith(m, hh.sandbox);
    hh.sandbox.control.setFault("token", { kind: "rate_limit", retryAfterSeconds: 3, times: 1 });
    hh.sandbox.control.advanceClock(60_000);
    const waitsBefore = scheduler.timers.length;
    await m.getAccessToken(signal());
    expect(scheduler.timers.slice(waitsBefore).some((t) => t.ms >= 3_000 && t.ms <= 30_000)).toBe(true);
  });

  it("gives up with provider_unavailable within the budget and keeps the session", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 }, { timeoutMs: 1_500 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    hh.sandbox.control.setFault("token", { kind: "status", status: 502 });
    hh.sandbox.control.advanceClock(60_000);
    expect((await failure(m.getAccessToken(signal()))).code).toBe("provider_unavailable");
    expect(m.state()).toBe("mobile_read_only_ready");
    hh.sandbox.control.clearFaults();
    expect(await spending(hh, await m.getAccessToken(signal()))).toBe(200);
    expect(hh.sandbox.control.identityStats().reuseDetections).toBe(0);
  });

  it("never replays a refresh token whose outcome is unknown: the session ends instead", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 }, { timeoutMs: 1_000 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const counter = ended(m);
    hh.sandbox.control.setFault("token", { kind: "hang", times: 1 });
    hh.sandbox.control.advanceClock(60_000);
    const before = hh.sandbox.control.requestCount("token");
    expect((await failure(m.getAccessToken(signal()))).code).toBe("session_expired");
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 1);
    expect(m.state()).toBe("mobile_login_required");
    expect(counter.count).toBe(1);
    expect(await exists(sessionFile(hh))).toBe(false);
    expect(hh.sandbox.control.identityStats()).toMatchObject({ reuseDetections: 0, sessionsActive: 0 });
  });

  it("a restart after a crash mid-refresh reports the session as interrupted at once and revokes it", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 }, { timeoutMs: 1_000 });
    const first = await hh.manager();
    await loginWith(first, hh.sandbox);
    hh.sandbox.control.setFault("token", { kind: "hang", times: 1 });
    hh.sandbox.control.advanceClock(60_000);
    const before = hh.sandbox.control.requestCount("token");
    const inflight = first.getAccessToken(signal()).catch((err: unknown) => err);
    await waitFor(() => hh.sandbox.control.requestCount("token") > before);
    // The crash: the broker goes away with the refresh request sent and no answer recorded.
    await first.close();

    const second = await hh.manager();
    expect(second.state()).toBe("mobile_login_required");
    expect(second.refreshInterrupted()).toBe(true);
    expect(await exists(sessionFile(hh))).toBe(false);
    await waitFor(() => hh.sandbox.control.identityStats().sessionsActive === 0);
    errors.push(await inflight);
    await loginWith(second, hh.sandbox);
    expect(second.refreshInterrupted()).toBe(false);
  });

  it("treats invalid_grant as the end of the session", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const counter = ended(m);
    expect((await postForm(hh.sandbox, "/oauth/revoke", { token: await hh.persistedRefreshToken() })).status).toBe(200);
    hh.sandbox.control.advanceClock(60_000);
    expect((await failure(m.getAccessToken(signal()))).code).toBe("session_expired");
    expect(m.state()).toBe("mobile_login_required");
    expect(m.sessionId()).toBeUndefined();
    expect(counter.count).toBe(1);
    expect(await exists(sessionFile(hh))).toBe(false);
    expect((await failure(m.getAccessToken(signal()))).code).toBe("mobile_login_required");
  });

  it("refreshes proactively at about two thirds of the access lifetime", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 600 });
    const scheduler = new FakeScheduler(hh.sandbox, (ms) => (ms > 60_000 ? undefined : ms));
    const m = await hh.manager({ scheduler });
    await loginWith(m, hh.sandbox);
    const first = await m.getAccessToken(signal());
    const firstExpiry = m.accessExpiresAt()!;
    const [timer, ...others] = scheduler.waiting();
    expect(others).toEqual([]);
    expect(timer!.ms).toBeGreaterThanOrEqual(600_000 * (2 / 3 - 0.05));
    expect(timer!.ms).toBeLessThanOrEqual(600_000 * (2 / 3 + 0.05));
    hh.sandbox.control.advanceClock(timer!.ms);
    const before = hh.sandbox.control.requestCount("token");
    scheduler.fire(timer!);
    await waitFor(() => m.accessExpiresAt()! >= firstExpiry + timer!.ms);
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 1);
    const second = await m.getAccessToken(signal());
    expect(second).not.toBe(first);
    expect(hh.sandbox.control.requestCount("token")).toBe(before + 1);
    // The next proactive refresh is scheduled for the new token.
    expect(scheduler.waiting()).toHaveLength(1);
  });
});

describe("logout", () => {
  it("revokes at the provider, wipes the store, forgets secrets and fires onEnded", async () => {
    const hh = await setup();
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    const token = await m.getAccessToken(signal());
    const counter = ended(m);
    expect(hh.secrets.size).toBeGreaterThan(0);
    const revokes = hh.sandbox.control.requestCount("revoke");
    expect(await m.logout(signal())).toEqual({ hadSession: true });
    expect(hh.sandbox.control.requestCount("revoke")).toBe(revokes + 1);
    expect(hh.sandbox.control.identityStats()).toMatchObject({ sessionsActive: 0, sessionsRevoked: 1 });
    expect(await spending(hh, token)).toBe(401);
    expect(await exists(sessionFile(hh))).toBe(false);
    expect(hh.secrets.size).toBe(0);
    expect(counter.count).toBe(1);
    expect(m.state()).toBe("mobile_login_required");
    expect(await m.logout(signal())).toEqual({ hadSession: false });
    expect(counter.count).toBe(1);
    await m.close();
    const restarted = await hh.manager();
    expect(restarted.state()).toBe("mobile_login_required");
  });

  /**
   * A signed-in session whose token refresh is under way with its rotated tokens held at the store
   * (the journal marker before the request is saved; the save after it waits until `g.release()`).
   * The store counts wipes and hands out its onLost listener as `g.lose`.
   */
  async function heldRotation() {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const file = new FileSessionStore({ dir: hh.dir });
    const g = { armed: false, held: false, wipes: 0, release: (): void => undefined, lose: (_reason: string): void => undefined };
    const gate = new Promise<void>((r) => (g.release = r));
    const store: SessionStore = {
      load: () => file.load(),
      wipe: () => {
        g.wipes += 1;
        return file.wipe();
      },
      save: async (p: PersistedSession) => {
        if (g.armed && p.refreshStartedAt === undefined) {
          g.held = true;
          await gate;
        }
        return file.save(p);
      },
      onLost: (listener) => void (g.lose = listener),
    };
    const m = await hh.manager({ store: { store, backend: { kind: "file" } } });
    await loginWith(m, hh.sandbox);
    g.armed = true;
    hh.sandbox.control.advanceClock(60_000);
    const refreshing = m.getAccessToken(signal()).then(
      () => "handed out a token",
      (e: unknown) => (e instanceof BrokerError ? e.code : "other error"),
    );
    await waitFor(() => g.held);
    return { hh, g, m, refreshing };
  }

  it("a rotation still being saved when the person logs out does not bring the session back: the wipe comes after it", async () => {
    const { hh, g, m, refreshing } = await heldRotation();
    const loggingOut = m.logout(signal());
    await new Promise((r) => setTimeout(r, 50));
    g.release();
    expect(await loggingOut).toEqual({ hadSession: true });
    expect(await exists(sessionFile(hh))).toBe(false);
    expect(await refreshing).toBe("mobile_login_required");
    expect(hh.sandbox.control.identityStats()).toMatchObject({ sessionsActive: 0 });
    await m.close();
    expect((await hh.manager()).state()).toBe("mobile_login_required");
  });

  it("a store lost while a save is queued is not wiped by the logout waiting behind it: it is another broker's now", async () => {
    const { hh, g, m, refreshing } = await heldRotation();
    // The logout's wipe queues behind the held save (right after its revocation reaches the
    // provider); the store is lost before the wipe's turn comes.
    const loggingOut = m.logout(signal());
    await waitFor(() => hh.sandbox.control.identityStats().sessionsActive === 0);
    await new Promise((r) => setTimeout(r, 20));
    g.lose("another tbank-auth-broker took over the session store");
    g.release();
    await loggingOut;
    await refreshing;
    expect(g.wipes).toBe(0);
    expect(await exists(sessionFile(hh))).toBe(true);
    expect(m.state()).toBe("mobile_login_required");
    await m.close();
  });

  it("a login approved while the person logs out does not become the session: the wipe comes after its save", async () => {
    const hh = await setup();
    const file = new FileSessionStore({ dir: hh.dir });
    let release = (): void => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let held = false;
    const slow: SessionStore = {
      load: () => file.load(),
      wipe: () => file.wipe(),
      save: async (p: PersistedSession) => {
        held = true;
        await gate;
        return file.save(p);
      },
    };
    const m = await hh.manager({ store: { store: slow, backend: { kind: "file" } } });
    const start = await m.loginStart(signal());
    hh.sandbox.control.approveDevice(start.userCode);
    await waitFor(() => held);
    const loggingOut = m.logout(signal());
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await loggingOut).toEqual({ hadSession: false });
    await waitFor(() => hh.sandbox.control.identityStats().sessionsActive === 0);
    expect(m.state()).toBe("mobile_login_required");
    expect(await exists(sessionFile(hh))).toBe(false);
    await m.close();
    expect((await hh.manager()).state()).toBe("mobile_login_required");
  });

  it("a second login whose save fails leaves the first session in place, still able to save its refreshes", async () => {
    const hh = await setup({ accessTokenTtlSeconds: 60 });
    const file = new FileSessionStore({ dir: hh.dir });
    let failInstall = false;
    let firstSessionId: string | undefined;
    const flaky: SessionStore = {
      load: () => file.load(),
      wipe: () => file.wipe(),
      save: (p: PersistedSession) => {
        // The second login's session (a new sessionId) cannot be saved; the first one's can.
        firstSessionId ??= p.sessionId;
        if (failInstall && p.sessionId !== firstSessionId) return Promise.reject(new Error("disk full"));
        return file.save(p);
      },
    };
    const m = await hh.manager({ store: { store: flaky, backend: { kind: "file" } } });
    await loginWith(m, hh.sandbox);
    const first = await hh.persistedRefreshToken();
    failInstall = true;
    const start = await m.loginStart(signal());
    hh.sandbox.control.approveDevice(start.userCode);
    await waitFor(async () => (await m.loginPoll(start.loginId, signal())).state !== "pending");
    expect(m.state()).toBe("mobile_read_only_ready");
    hh.sandbox.control.advanceClock(60_000);
    const token = await m.getAccessToken(signal());
    expect(await spending(hh, token)).toBe(200);
    // The first session's rotation was saved: it was not taken for ended.
    expect(await hh.persistedRefreshToken()).not.toBe(first);
  });

  it("still wipes when the provider cannot be reached", async () => {
    const hh = await setup();
    const m = await hh.manager();
    await loginWith(m, hh.sandbox);
    hh.sandbox.control.setFault("revoke", { kind: "status", status: 500 });
    expect(await m.logout(signal())).toEqual({ hadSession: true });
    expect(await exists(sessionFile(hh))).toBe(false);
  });
});

describe("a session of another issuer", () => {
  it("is revoked at its own issuer and wiped when the broker restarts configured for another", async () => {
    const hh = await setup();
    const other = await startSandbox({ seed: "broker-session-b", canary: CANARY, deviceIntervalSeconds: 0 });
    try {
      const first = await hh.manager();
      await loginWith(first, hh.sandbox);
      const tokenA = await hh.persistedRefreshToken();
      await first.close();

      const second = await hh.manager({ issuerUrl: other.urls.authIssuerUrl });
      expect(second.state()).toBe("mobile_login_required");
      expect(await exists(sessionFile(hh))).toBe(false);
      const reply = await postForm(hh.sandbox, "/oauth/token", { grant_type: "refresh_token", refresh_token: tokenA, client_id: CLIENT_ID });
      expect(reply).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      expect(other.control.requestCount("token")).toBe(0);
      expect(hh.lines.some((l) => l.includes("session_issuer_changed"))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("a stored session naming no issuer (an older file) belongs to the configured one", async () => {
    const hh = await setup();
    const first = await hh.manager();
    await loginWith(first, hh.sandbox);
    const sessionId = first.sessionId();
    await first.close();
    const { issuer: _issuer, ...older } = JSON.parse(await readFile(sessionFile(hh), "utf8")) as PersistedSession;
    await writeFile(sessionFile(hh), JSON.stringify(older), { mode: 0o600 });

    const second = await hh.manager();
    expect(second.state()).toBe("mobile_read_only_ready");
    expect(second.sessionId()).toBe(sessionId);
    expect(await spending(hh, await second.getAccessToken(signal()))).toBe(200);
    expect((JSON.parse(await readFile(sessionFile(hh), "utf8")) as PersistedSession).issuer).toBe(hh.sandbox.urls.authIssuerUrl);
  });
});

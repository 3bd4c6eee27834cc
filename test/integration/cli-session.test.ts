import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FileSessionStore } from "../../broker/session/index.js";
import { main } from "../../scripts/cli/main.js";
import type { CommandIo } from "../../scripts/cli/io.js";
import { run as login } from "../../scripts/cli/commands/login.js";
import { run as logout } from "../../scripts/cli/commands/logout.js";
import { run as status } from "../../scripts/cli/commands/status.js";
import { run as stopBroker } from "../../scripts/cli/commands/stop-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { brokerEnv, brokerPids, type BrokerEnv } from "../e2e/helpers/broker-process.js";
import { login as sandboxLogin, refresh as sandboxRefresh } from "./helpers/sandbox-oauth.js";

const CANARY = "CANARY-cli-session-5d2f";
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Captured extends CommandIo {
  out: () => string;
  err: () => string;
}

function capture(env: Record<string, string>): Captured {
  let out = "";
  let err = "";
  return {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env,
    signal: new AbortController().signal,
    out: () => out,
    err: () => err,
  };
}

describe("tbank-mcp login, logout, stop-broker, status (commands as functions, real broker, sandbox)", () => {
  let sandbox: Sandbox;
  const envs: BrokerEnv[] = [];
  const outputs: string[] = [];

  async function freshEnv(): Promise<BrokerEnv> {
    const b = await brokerEnv(sandbox);
    envs.push(b);
    return b;
  }
  function io(b: BrokerEnv): Captured {
    const c = capture(b.env);
    outputs.push("");
    const slot = outputs.length - 1;
    const record = (): void => void (outputs[slot] = c.out() + c.err());
    return { ...c, stdout: { write: (s: string) => (c.stdout.write(s), record()) }, stderr: { write: (s: string) => (c.stderr.write(s), record()) } };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "cli-session", canary: CANARY, deviceIntervalSeconds: 1 });
  });
  afterEach(async () => {
    for (const b of envs.splice(0)) {
      for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGTERM");
      for (let i = 0; i < 40 && (await brokerPids(b.stateDir)).length > 0; i++) await sleep(50);
      for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
      await b.cleanup();
    }
  });
  afterAll(async () => {
    await sandbox.close();
    for (const o of outputs) expect(o).not.toContain(CANARY);
  });

  it("stop-broker, logout and status with no broker running start none", async () => {
    const b = await freshEnv();
    const stop = io(b);
    await stopBroker([], stop);
    expect(stop.out()).toMatch(/No auth broker is running/);
    const out = io(b);
    await logout([], out);
    expect(out.out()).toMatch(/hadSession: false/);
    const st = io(b);
    await status(["--json"], st);
    expect(JSON.parse(st.out())).toMatchObject({ running: false });
    await sleep(300);
    expect(await brokerPids(b.stateDir)).toEqual([]);
    expect(existsSync(b.socketPath)).toBe(false);
  });

  it("logs in end to end, shows the session, logs out, and never prints a token", async () => {
    const b = await freshEnv();
    const signIn = io(b);
    const done = login(["--timeout", "30"], signIn);
    let code: string | undefined;
    for (let i = 0; i < 200 && code === undefined; i++) {
      code = /enter the code (\S+)/.exec(signIn.out())?.[1];
      if (code === undefined) await sleep(25);
    }
    expect(code).toBeDefined();
    sandbox.control.approveDevice(code ?? "");
    await done;
    expect(signIn.out()).toMatch(/Signed in\. Session: mobile_read_only_ready; stored in: file/);
    expect(signIn.err()).toMatch(/Started the auth broker/);
    expect(await brokerPids(b.stateDir)).toHaveLength(1);

    const ready = io(b);
    await status([], ready);
    expect(ready.out()).toMatch(/session: +mobile_read_only_ready/);
    expect(ready.out()).toMatch(/store: +file/);
    const json = io(b);
    await status(["--json"], json);
    expect(JSON.parse(json.out())).toMatchObject({ running: true, state: "mobile_read_only_ready", storeBackend: "file", activeRefs: { bookingRefs: 0, paymentHandoffs: 0 } });

    const out = io(b);
    await logout([], out);
    expect(out.out()).toMatch(/hadSession: true, revokedRefs: 0/);
    const after = io(b);
    await status([], after);
    expect(after.out()).toMatch(/session: +mobile_login_required/);

    const stop = io(b);
    await stopBroker([], stop);
    expect(stop.out()).toMatch(/Stopped the auth broker/);
    expect(existsSync(b.socketPath)).toBe(false);
    for (let i = 0; i < 40 && (await brokerPids(b.stateDir)).length > 0; i++) await sleep(50);
    expect(await brokerPids(b.stateDir)).toEqual([]);
  });

  it("logout with no broker wipes a stored session file under the store lock", async () => {
    const b = await freshEnv();
    const store = new FileSessionStore({ dir: b.stateDir });
    await store.save({ version: 1, refreshToken: `rt-${CANARY}`, sessionId: "s-1", generation: 1, issuer: sandbox.urls.authIssuerUrl });
    expect(existsSync(`${b.stateDir}/session.json`)).toBe(true);
    const out = io(b);
    await logout([], out);
    expect(out.out()).toMatch(/wiped the stored session directly \(file store\)\. hadSession: true/);
    expect(existsSync(`${b.stateDir}/session.json`)).toBe(false);
    expect(await brokerPids(b.stateDir)).toEqual([]);
  });

  it("logout with no broker revokes a group-readable session file it refuses to load, then wipes it", async () => {
    const b = await freshEnv();
    const tokens = await sandboxLogin(sandbox);
    const store = new FileSessionStore({ dir: b.stateDir });
    await store.save({ version: 1, refreshToken: tokens.refresh_token, sessionId: "s-loose", generation: 1, issuer: sandbox.urls.authIssuerUrl });
    await chmod(`${b.stateDir}/session.json`, 0o640);
    const out = io(b);
    await logout([], out);
    expect(out.out()).toMatch(/revoked at the bank/);
    expect(existsSync(`${b.stateDir}/session.json`)).toBe(false);
    // The bank no longer honours the refresh token that sat in the loose file.
    expect((await sandboxRefresh(sandbox, tokens.refresh_token)).body).toMatchObject({ error: "invalid_grant" });
  });

  it("logout with no broker deletes saved vouchers, and only our voucher files", async () => {
    const b = await freshEnv();
    await mkdir(b.voucherDir, { recursive: true, mode: 0o700 });
    const ours = "voucher-AAAAAAAAAAAAAAAAAAAAAA.pdf";
    await writeFile(`${b.voucherDir}/${ours}`, "%PDF-1.7\n", { mode: 0o600 });
    await writeFile(`${b.voucherDir}/.voucher-BBBBBBBBBBBBBBBBBBBBBB.tmp`, "%PDF-", { mode: 0o600 });
    await writeFile(`${b.voucherDir}/notes.pdf`, "mine", { mode: 0o600 });
    // Calendar entries are saved beside the vouchers under the same rules; the person's own .ics stays.
    await writeFile(`${b.voucherDir}/calendar-CCCCCCCCCCCCCCCCCCCCCC.ics`, "BEGIN:VCALENDAR\r\n", { mode: 0o600 });
    await writeFile(`${b.voucherDir}/trip.ics`, "mine", { mode: 0o600 });
    const out = io(b);
    await logout([], out);
    expect(out.out()).toMatch(/deleted 3 saved voucher files/);
    expect((await readdir(b.voucherDir)).sort()).toEqual(["notes.pdf", "trip.ics"]);
  });

  it("login exits non-zero when the sign-in is denied", async () => {
    const b = await freshEnv();
    const signIn = io(b);
    const done = main(["login", "--timeout", "30"], signIn);
    let code: string | undefined;
    for (let i = 0; i < 200 && code === undefined; i++) {
      code = /enter the code (\S+)/.exec(signIn.out())?.[1];
      if (code === undefined) await sleep(25);
    }
    sandbox.control.denyDevice(code ?? "");
    expect(await done).toBe(1);
    expect(signIn.err()).toMatch(/denied/);
  });

  it("login --no-wait prints the code and returns; bad options are usage errors (exit 2)", async () => {
    const b = await freshEnv();
    const quick = io(b);
    await login(["--no-wait"], quick);
    expect(quick.out()).toMatch(/enter the code \S+/);
    expect(quick.out()).toMatch(/Not waiting/);
    const bad = io(b);
    expect(await main(["login", "--timeout", "soon"], bad)).toBe(2);
    expect(await main(["status", "--bogus"], io(b))).toBe(2);
  });
});

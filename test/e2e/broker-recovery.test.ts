import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { ensureBroker } from "../../shared/broker-launcher.js";
import { lockHolder } from "../../shared/pid-lock.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { BROKER_BIN, brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

const run = promisify(execFile);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitGone(stateDir: string): Promise<void> {
  for (let i = 0; i < 100 && (await brokerPids(stateDir)).length > 0; i++) await sleep(50);
}

const login = (b: BrokerEnv, sandbox: Sandbox): Promise<void> => signIn(b.socketPath, sandbox, 250);

describe("broker recovery after a crash or a stop (real processes)", () => {
  let sandbox: Sandbox;
  const envs: BrokerEnv[] = [];

  async function freshEnv(): Promise<BrokerEnv> {
    const b = await brokerEnv(sandbox);
    envs.push(b);
    return b;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "recovery", deviceIntervalSeconds: 1 });
  });
  afterEach(async () => {
    for (const b of envs.splice(0)) {
      for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
      await b.cleanup();
    }
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("after kill -9 a new broker starts at once: it takes the dead holder's store lock", async () => {
    const b = await freshEnv();
    // The session store opens with the first client's hello (an idle broker holds only its socket).
    const hello = async () => (await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 15_000 })).close();
    await startDaemon(b.env);
    const [first] = await brokerPids(b.stateDir);
    expect(await lockHolder(join(b.stateDir, "session.json.lock"))).toBeUndefined();
    await hello();
    expect(await lockHolder(join(b.stateDir, "session.json.lock"))).toBe(first);
    process.kill(first!, "SIGKILL");
    await waitGone(b.stateDir);

    expect(await ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: BROKER_BIN })).toBe("started");
    const [second] = await brokerPids(b.stateDir);
    expect(second).not.toBe(first);
    await hello();
    expect(await lockHolder(join(b.stateDir, "session.json.lock"))).toBe(second);
  }, 30_000);

  it("stopping the broker deletes the vouchers it saved", async () => {
    const b = await freshEnv();
    await startDaemon(b.env);
    await login(b, sandbox);
    const hotels = await connectBroker({ socketPath: b.socketPath, role: "hotels", clientVersion: "e2e", timeoutMs: 15_000 });
    const list = await hotels.call("hotels.list_bookings", {});
    const confirmed = list.items.find((i) => i.status === "CONFIRMED")!;
    const voucher = await hotels.call("hotels.save_voucher_v1", { bookingRef: confirmed.bookingRef });
    hotels.close();
    expect((await readdir(b.voucherDir)).length).toBe(1);
    await run(process.execPath, ["dist/tbank-mcp.js", "stop-broker"], { env: b.env, timeout: 15_000 });
    await waitGone(b.stateDir);
    expect(await readdir(b.voucherDir)).not.toContain(voucher.path.split("/").pop());
    expect(await readdir(b.voucherDir)).toEqual([]);
  }, 60_000);

  it("background start does not follow a symlink planted at broker.log", async () => {
    const b = await freshEnv();
    await mkdir(b.stateDir, { recursive: true, mode: 0o700 });
    const target = join(b.root, "elsewhere.log");
    await writeFile(target, "", { mode: 0o600 });
    await symlink(target, join(b.stateDir, "broker.log"));
    await expect(ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: BROKER_BIN })).rejects.toThrow(/ELOOP|symbolic link|broker\.log/);
    expect(await readFile(target, "utf8")).toBe("");
    expect(await brokerPids(b.stateDir)).toEqual([]);
  }, 30_000);
});

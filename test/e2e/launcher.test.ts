import { mkdir, readFile, stat } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBroker } from "../../shared/broker-launcher.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { BROKER_BIN, brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function killBrokers(stateDir: string): Promise<void> {
  for (const pid of await brokerPids(stateDir)) process.kill(pid, "SIGTERM");
  for (let i = 0; i < 40 && (await brokerPids(stateDir)).length > 0; i++) await sleep(50);
  for (const pid of await brokerPids(stateDir)) process.kill(pid, "SIGKILL");
}

describe("broker launcher (real processes)", () => {
  let sandbox: Sandbox;
  const envs: BrokerEnv[] = [];

  async function freshEnv(): Promise<BrokerEnv> {
    const b = await brokerEnv(sandbox);
    envs.push(b);
    return b;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "launcher" });
  });
  afterEach(async () => {
    for (const b of envs.splice(0)) {
      await killBrokers(b.stateDir);
      await b.cleanup();
    }
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("starts exactly one broker for ten concurrent callers, and all of them return", async () => {
    const b = await freshEnv();
    const results = await Promise.all(Array.from({ length: 10 }, () => ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: BROKER_BIN })));
    expect(results.filter((r) => r === "started")).toHaveLength(1);
    expect(results.filter((r) => r === "already_running")).toHaveLength(9);
    // A loser that spawned anyway would exit shortly: give it the time, then count.
    await sleep(500);
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
    expect((await stat(`${b.stateDir}/broker.log`)).mode & 0o777).toBe(0o600);
    expect(await ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: BROKER_BIN })).toBe("already_running");
  });

  it("fails clearly when the broker program is missing, and starts nothing", async () => {
    const b = await freshEnv();
    await expect(ensureBroker({ socketPath: b.socketPath, stateDir: b.stateDir, env: b.env, brokerBin: `${b.root}/missing.js` })).rejects.toThrow(/missing/);
    expect(await brokerPids(b.stateDir)).toEqual([]);
  });

  it("the broker bin started twice concurrently goes through the same launcher: one broker, nothing spawned in vain", async () => {
    const b = await freshEnv();
    await Promise.all([startDaemon(b.env), startDaemon(b.env)]);
    await startDaemon(b.env);
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
    // A second broker would have logged that another one already serves the socket.
    expect(await readFile(`${b.stateDir}/broker.log`, "utf8")).not.toContain("already serves");
  });

  async function connectionStatus(env: Record<string, string>): Promise<{ data: Record<string, unknown>; stderr: string; client: Client }> {
    let stderr = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-hotels-mcp.js"], env, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "e2e", version: "1" });
    await client.connect(transport);
    const result = (await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} })) as CallToolResult;
    return { data: result.structuredContent ?? {}, stderr, client };
  }

  it("the Hotels MCP bin auto-starts the broker, which outlives the MCP", async () => {
    const b = await freshEnv();
    // What `tbank-mcp setup` leaves behind: the private state directory.
    await mkdir(b.stateDir, { mode: 0o700 });
    const { data, stderr, client } = await connectionStatus({ ...b.env, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate });
    expect(data.customerReadiness).toMatchObject({ state: "mobile_login_required" });
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
    await client.close();
    await sleep(200);
    expect(await brokerPids(b.stateDir)).toHaveLength(1);
    expect(stderr).toBe("");
  });

  it("the MCP bin stays quiet and starts nothing when the state directory was never set up", async () => {
    const b = await freshEnv();
    const { data, stderr, client } = await connectionStatus({ ...b.env, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate });
    await client.close();
    expect(data.customerReadiness).toMatchObject({ state: "broker_unavailable" });
    expect(await brokerPids(b.stateDir)).toEqual([]);
    expect(stderr).toBe("");
  });
});

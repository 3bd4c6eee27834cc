import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../fixtures/in-process-broker.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker } from "../../shared/protocol/client.js";
import { brokerEnv, brokerPids, startDaemon, type BrokerEnv } from "./helpers/broker-process.js";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// Issue 13 item 13: after stop-broker or a crash the MCP server starts the broker again on the next
// customer tool call, instead of answering broker_unavailable until the person runs `login`.
describe("a running Hotels MCP restarts a stopped broker on demand", () => {
  let sandbox: Sandbox;
  let b: BrokerEnv;
  let client: Client | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "restart", deviceIntervalSeconds: 1 });
    b = await brokerEnv(sandbox);
    b.env.TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE = sandbox.urls.hotelPageUrlTemplate;
    await startDaemon(b.env);
    await signIn(b.socketPath, sandbox, 250);
  });

  afterAll(async () => {
    await client?.close().catch(() => undefined);
    for (const pid of await brokerPids(b.stateDir)) process.kill(pid, "SIGKILL");
    await sandbox.close();
    await b.cleanup();
  });

  it("lists bookings after broker.stop: one new broker, the stored session still there", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [join(process.cwd(), "dist", "tbank-hotels-mcp.js")], env: b.env, cwd: b.root, stderr: "pipe" });
    client = new Client({ name: "e2e", version: "1" });
    await client.connect(transport);
    const listBookings = async () => ((await client!.callTool({ name: "tbank_hotels_list_bookings", arguments: {} })) as CallToolResult).structuredContent as Record<string, unknown>;
    expect((await listBookings()).bookings).toHaveLength(7);

    const [before] = await brokerPids(b.stateDir);
    const toolkit = await connectBroker({ socketPath: b.socketPath, role: "toolkit", clientVersion: "e2e", timeoutMs: 15_000 });
    await toolkit.call("broker.stop", {});
    toolkit.close();
    for (let i = 0; i < 100 && (await brokerPids(b.stateDir)).length > 0; i++) await sleep(50);
    expect(await brokerPids(b.stateDir)).toEqual([]);

    const after = await listBookings();
    expect(after.status).not.toBe("broker_unavailable");
    expect(after.bookings).toHaveLength(7);
    const pids = await brokerPids(b.stateDir);
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(before);
  });
});

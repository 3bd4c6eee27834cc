import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBankingServer } from "../../mcp/banking/server.js";
import { parseConfig } from "../../shared/config/index.js";
import { newRef } from "../../shared/refs.js";
import { sampleHandlers, startTestBroker, tempBrokerDirs } from "../integration/helpers/broker-harness.js";

describe("tbank-banking-mcp over stdio (spawned bin, stdio front)", () => {
  let dirs: Awaited<ReturnType<typeof tempBrokerDirs>>;
  let broker: Awaited<ReturnType<typeof startTestBroker>>;
  let base: Record<string, string>;
  let configured: Record<string, string>;
  let stderr = "";
  const clients: Client[] = [];
  const children: ChildProcess[] = [];

  async function spawnClient(env: Record<string, string>): Promise<{ client: Client }> {
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-banking-mcp.js"], env, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "e2e", version: "1" });
    await client.connect(transport);
    clients.push(client);
    return { client };
  }

  async function inProcess(env: Record<string, string>) {
    const parsed = parseConfig(env);
    if (!parsed.ok) throw new Error("config");
    const { server, ctx } = createBankingServer(parsed.config);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "ref", version: "1" });
    await client.connect(a);
    const tools = (await client.listTools()).tools;
    const info = { version: client.getServerVersion(), instructions: client.getInstructions(), capabilities: client.getServerCapabilities() };
    await client.close();
    ctx.broker?.close();
    return { tools, info };
  }

  beforeAll(async () => {
    dirs = await tempBrokerDirs();
    // An in-process broker with sample answers: the spawned server reaches it over the real socket.
    broker = await startTestBroker({
      socketPath: dirs.socketPath,
      stateDir: dirs.stateDir,
      handlers: sampleHandlers({ "banking.status": () => Promise.resolve({ state: "mobile_read_only_ready" as const }) }),
    });
    base = { PATH: process.env.PATH ?? "", HOME: "/nonexistent-home" };
    configured = { ...base, TBANK_AUTH_BROKER_SOCKET: dirs.socketPath };
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await broker.stop("test");
    await dirs.cleanup();
  });

  it("answers initialize and tools/list exactly as the full server would", async () => {
    for (const env of [base, configured]) {
      const { client } = await spawnClient(env);
      const fast = (await client.listTools()).tools;
      const ref = await inProcess(env);
      expect(fast).toEqual(ref.tools);
      expect(fast.map((t) => t.name)).toEqual(["tbank_banking_connection_status", "tbank_banking_get_hotel_preferences", "tbank_banking_preview_hotel_payment"]);
      expect({ version: client.getServerVersion(), instructions: client.getInstructions(), capabilities: client.getServerCapabilities() }).toEqual(ref.info);
    }
  });

  it("reports connection_status in each reachable state, with a call sent before any tools/list", async () => {
    const cases: [Record<string, string>, string][] = [
      [base, "not_configured"],
      [{ ...base, TBANK_AUTH_BROKER_SOCKET: join(dirs.root, "run", "nobody.sock") }, "broker_unavailable"],
      [configured, "mobile_read_only_ready"],
    ];
    for (const [env, state] of cases) {
      const { client } = await spawnClient(env);
      const status = (await client.callTool({ name: "tbank_banking_connection_status", arguments: {} })) as CallToolResult;
      expect(status.structuredContent).toMatchObject({ brokerReadiness: state, paymentExecution: { available: false }, networkReachability: "not_checked" });
    }
  });

  it("reaches the broker over its socket for preferences and a preview, then exits by itself when its stdin ends", async () => {
    // The test owns the process here: StdioClientTransport.close() would SIGTERM a server that is
    // still running 2 s after stdin ended, which hides the bug this checks for.
    const child = spawn(process.execPath, ["dist/tbank-banking-mcp.js"], { env: configured, stdio: ["pipe", "pipe", "pipe"] });
    children.push(child);
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = once(child, "exit");
    const client = new Client({ name: "e2e", version: "1" });
    // The SDK's NDJSON stdio framing, pointed at the child's pipes.
    await client.connect(new StdioServerTransport(child.stdout, child.stdin));
    await client.listTools();
    const prefs = (await client.callTool({ name: "tbank_banking_get_hotel_preferences", arguments: {} })) as CallToolResult;
    expect(prefs.structuredContent).toMatchObject({ status: "ok", hotelPreferences: { ranking: "best_value" } });
    const preview = (await client.callTool({ name: "tbank_banking_preview_hotel_payment", arguments: { paymentHandoffRef: newRef("paymentHandoffRef") } })) as CallToolResult;
    expect(preview.structuredContent).toMatchObject({ status: "ok", amountDecimal: "18450.5", currency: "RUB", paid: false });
    const bad = (await client.callTool({ name: "tbank_banking_preview_hotel_payment", arguments: { paymentHandoffRef: "phr_nope" } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    // An open broker connection must not keep the process alive once stdin ends: it exits 0 on its
    // own, with nobody sending it a signal.
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
    await client.close();
  });

  it("keeps stdout for the protocol and stderr quiet", () => {
    expect(stderr).toBe("");
  });
});

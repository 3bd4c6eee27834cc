import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { osClockEnv, stayFrom } from "../fixtures/clock.js";

const CANARY = "CANARY-stdio-hotels-91ab";

describe("tbank-hotels-mcp over stdio (spawned bin, stdio front)", () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;
  const clients: Client[] = [];

  /** A spawned server; `stderr()` is what this one process wrote there so far. */
  async function spawnClient(extra: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
    let stderr = "";
    const transport = new StdioClientTransport({ command: process.execPath, args: ["dist/tbank-hotels-mcp.js"], env: { ...env, ...extra }, stderr: "pipe" });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: "e2e", version: "1" });
    await client.connect(transport);
    clients.push(client);
    return { client, stderr: () => stderr };
  }

  async function inProcessTools(extra: Record<string, string> = {}) {
    const parsed = parseConfig({ ...env, ...extra });
    if (!parsed.ok) throw new Error("config");
    const { server } = createHotelsServer(parsed.config);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: "ref", version: "1" });
    await client.connect(a);
    const tools = (await client.listTools()).tools;
    const info = { version: client.getServerVersion(), instructions: client.getInstructions(), capabilities: client.getServerCapabilities() };
    await client.close();
    return { tools, info };
  }

  beforeAll(async () => {
    // The spawned server reads the OS clock, so the sandbox does too and the stay is dated from it.
    sandbox = await startSandbox({ seed: "stdio", canary: CANARY, now: Date.now });
    env = { ...osClockEnv(), PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate };
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await sandbox.close();
  });

  it("answers initialize and tools/list exactly as the full server would, for each toolset choice", async () => {
    for (const toolsets of [undefined, "journey", "all", "lowlevel", "customer"]) {
      const extra: Record<string, string> = toolsets ? { TBANK_HOTELS_TOOLSETS: toolsets } : {};
      const { client, stderr } = await spawnClient(extra);
      const fast = (await client.listTools()).tools;
      const ref = await inProcessTools(extra);
      expect(fast).toEqual(ref.tools);
      expect({ version: client.getServerVersion(), instructions: client.getInstructions(), capabilities: client.getServerCapabilities() }).toEqual(ref.info);
      expect(stderr()).toBe("");
    }
  });

  it("hands over to the full server for tool calls, with no provider id or canary on the wire", async () => {
    const { client, stderr } = await spawnClient();
    await client.listTools();
    const status = (await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} })) as CallToolResult;
    expect(status.structuredContent).toMatchObject({ authMode: "anonymous", searchReady: true });
    const plan = (await client.callTool({
      name: "tbank_hotels_plan_stay",
      arguments: { destination: "Казань", ...stayFrom(sandbox.control.now(), 11, 2), rooms: [{ adults: 2, childrenAges: [] }] },
    })) as CallToolResult;
    expect(plan.isError).toBeFalsy();
    expect(plan.structuredContent).toMatchObject({ status: "ok" });
    expect(String(plan.structuredContent?.journeyId)).toMatch(/^jrn_/);
    expect(JSON.stringify(plan)).not.toContain(CANARY);
    expect(stderr()).toBe("");
  });

  it("handles a tool call sent before any tools/list (queued until the server loads)", async () => {
    const { client, stderr } = await spawnClient();
    const status = (await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} })) as CallToolResult;
    expect(status.structuredContent).toMatchObject({ networkReachability: "not_checked" });
    await client.ping();
    expect(stderr()).toBe("");
  });
});

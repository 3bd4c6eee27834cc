import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpInstance } from "../helpers/http-instance.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { osClockEnv } from "../fixtures/clock.js";

// The built bin in its remote mode: a real process on a free port, its URL read from stderr, a
// tool call, and SIGTERM while a slow call is in flight (the sandbox delays the provider's answer).

const SLOW_MS = 2500;

describe("tbank-hotels-mcp --http (spawned bin)", () => {
  let sandbox: Sandbox;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "http-process", now: Date.now });
    env = { ...osClockEnv(), PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate };
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await sandbox.close();
  });

  it("prints its URL, answers a tool call, and on SIGTERM finishes the call in flight, then exits 0", async () => {
    const server = await startHttpInstance({ env });
    children.push(server.child);
    const client = new Client({ name: "e2e-http", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const resolved = (await client.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } })) as CallToolResult;
    expect(resolved.structuredContent).toMatchObject({ status: "resolved" });

    sandbox.control.setFault("hotel", { kind: "latency", ms: SLOW_MS, times: 1 });
    const before = sandbox.control.requestCount("hotel");
    const started = Date.now();
    const slow = client.callTool({ name: "tbank_hotels_get_hotel", arguments: { hotelId: "1" } }) as Promise<CallToolResult>;
    while (sandbox.control.requestCount("hotel") === before) await new Promise((r) => setTimeout(r, 20));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));

    // Draining: probes read it, and a new MCP request is sent elsewhere.
    const ready = await fetch(new URL("/readyz", server.url));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining" });
    const fresh = await fetch(server.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }) });
    expect(fresh.status).toBe(503);

    const result = await slow;
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 100);
    expect(result.structuredContent).toHaveProperty("status");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("SIGTERM: finishing calls in flight");
    expect(server.stderr()).toContain("stopped");
    // One JSON line per request, with no key, token or body in it.
    const lines = server.stderr().split("\n").filter((l) => l.startsWith("{"));
    expect(lines.map((l) => JSON.parse(l) as { msg: string; path: string }).filter((l) => l.msg === "request" && l.path === "/mcp").length).toBeGreaterThanOrEqual(3);
    expect(server.stderr()).not.toContain("Казань");
  }, 30_000);

  it("exits 78 with a clear message for auth=none on a public address, 64 for a bad flag", async () => {
    const child = spawn(process.execPath, ["dist/tbank-hotels-mcp.js", "--http", "--host", "0.0.0.0", "--port", "0"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(78);
    expect(stderr).toContain("TBANK_HOTELS_HTTP_AUTH=none is allowed only on a loopback address");

    const bad = spawn(process.execPath, ["dist/tbank-hotels-mcp.js", "--port", "80"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let badErr = "";
    bad.stderr.on("data", (d: Buffer) => (badErr += d.toString()));
    expect(await new Promise((resolve) => bad.once("exit", resolve))).toBe(64);
    expect(badErr).toContain("--host and --port go with --http");
  });
});

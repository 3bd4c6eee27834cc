import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { createBankingServer } from "../../mcp/banking/server.js";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { serveStdio, type ToolCatalog } from "../../mcp/shared/stdio-front.js";
import { parseConfig } from "../../shared/config/index.js";
import type { ToolkitConfig } from "../../shared/config/types.js";

// The guard for the stdio front: it answers initialize, tools/list and ping for the SDK before the
// SDK is loaded, from the catalog the build shipped (dist/). Whatever the SDK's own server would
// answer to the same lines is what the front must answer; an SDK upgrade that changes one of them
// fails here, not in a client.

const catalogOf = (name: "hotels" | "banking"): ToolCatalog => JSON.parse(readFileSync(`dist/${name}-tools.json`, "utf8")) as ToolCatalog;

const initialize = (id: number, protocolVersion: string) => ({ jsonrpc: "2.0" as const, id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "guard", version: "1" } } });

// Every version the SDK supports, then one it does not (the server falls back to its latest).
const START_UP: JSONRPCMessage[] = [
  ...[...SUPPORTED_PROTOCOL_VERSIONS, "1999-01-01"].map((v, i) => initialize(100 + i, v)),
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: "list", method: "tools/list" },
  { jsonrpc: "2.0", id: "list-empty-params", method: "tools/list", params: {} },
  { jsonrpc: "2.0", id: 7, method: "ping" },
];
const ANSWERS = START_UP.filter((m) => "id" in m).length;

/** What the front writes for these lines while the full server has not loaded (it never does here). */
async function frontAnswers(catalog: ToolCatalog, toolsets: ReadonlySet<string>, messages: JSONRPCMessage[]): Promise<unknown[]> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let loads = 0;
  let written = "";
  stdout.on("data", (d: Buffer) => (written += d.toString()));
  serveStdio({ catalog, toolsets, stdin, stdout, onError: (err) => expect.fail(String(err)), load: () => (loads++, new Promise(() => undefined)) });
  stdin.end(messages.map((m) => `${JSON.stringify(m)}\n`).join(""));
  await new Promise((r) => setImmediate(r));
  expect(loads).toBe(0);
  return written
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
}

/** What the SDK's own server answers for the same lines, in order. */
async function serverAnswers(server: McpServer, messages: JSONRPCMessage[]): Promise<unknown[]> {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers: unknown[] = [];
  const done = new Promise<void>((resolve) => {
    client.onmessage = (m) => {
      answers.push(m);
      if (answers.length === ANSWERS) resolve();
    };
  });
  await server.connect(serverSide);
  await client.start();
  for (const m of messages) await client.send(m);
  await done;
  await server.close();
  return answers;
}

function config(env: Record<string, string>): ToolkitConfig {
  const parsed = parseConfig({ HOME: "/nonexistent-home", ...env });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.config;
}

describe("the stdio front answers start-up exactly as the SDK's server does", () => {
  const closers: (() => void)[] = [];
  afterAll(() => closers.forEach((close) => close()));

  it("ships the SDK's protocol versions, its latest first (the front's fallback)", () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    for (const name of ["hotels", "banking"] as const) expect(catalogOf(name).protocolVersions).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });

  for (const toolsets of [undefined, "journey", "lowlevel", "booking", "mutations", "all"]) {
    it(`tbank-hotels-mcp, toolsets ${toolsets ?? "default"}`, async () => {
      const cfg = config(toolsets ? { TBANK_HOTELS_TOOLSETS: toolsets } : {});
      const fromServer = await serverAnswers(createHotelsServer(cfg).server, START_UP);
      expect(await frontAnswers(catalogOf("hotels"), cfg.hotels.toolsets, START_UP)).toEqual(fromServer);
    });
  }

  for (const socket of [undefined, "/nonexistent-home/auth.sock"]) {
    it(`tbank-banking-mcp, broker ${socket ? "configured" : "not configured"}`, async () => {
      const cfg = config(socket ? { TBANK_AUTH_BROKER_SOCKET: socket } : {});
      const { server, ctx } = createBankingServer(cfg);
      closers.push(() => ctx.broker?.close());
      const fromServer = await serverAnswers(server, START_UP);
      expect(await frontAnswers(catalogOf("banking"), new Set(), START_UP)).toEqual(fromServer);
    });
  }
});

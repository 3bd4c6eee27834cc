import { PassThrough } from "node:stream";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { asEarlyMessage, serveStdio, type FullServer, type ToolCatalog } from "../../mcp/shared/stdio-front.js";

const catalog: ToolCatalog = {
  serverInfo: { name: "t", version: "1" },
  capabilities: { tools: {} },
  protocolVersions: ["2025-06-18", "2025-03-26"],
  tools: [
    { toolset: "always", tool: { name: "status" } },
    { toolset: "journey", tool: { name: "plan" } },
    { toolset: "lowlevel", tool: { name: "raw" } },
  ],
};

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "c", version: "1" } } };
const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };
const CALL = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "plan", arguments: {} } };
const line = (m: unknown): string => `${JSON.stringify(m)}\n`;
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

/** The front on in-memory streams, with a full server that loads only when `finishLoad()` is called. */
function harness(maxLineBytes?: number, sentOnConnect?: JSONRPCMessage) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const out: Record<string, unknown>[] = [];
  let pending = "";
  stdout.on("data", (d: Buffer) => {
    pending += d.toString();
    const parts = pending.split("\n");
    pending = parts.pop() ?? "";
    for (const p of parts) out.push(JSON.parse(p) as Record<string, unknown>);
  });
  const delivered: JSONRPCMessage[] = [];
  const errors: unknown[] = [];
  let loads = 0;
  let closes = 0;
  let transport: Transport | undefined;
  let finishLoad: () => void = () => undefined;
  const ready = new Promise<void>((r) => (finishLoad = r));
  serveStdio({
    catalog,
    toolsets: new Set(["journey"]),
    stdin,
    stdout,
    onError: (err) => errors.push(err),
    maxLineBytes,
    load: async (): Promise<FullServer> => {
      loads++;
      await ready;
      return {
        server: {
          connect: async (t) => {
            transport = t;
            await t.start();
            if (sentOnConnect) await t.send(sentOnConnect);
            // Answers every request the way a full server would, by echoing the method.
            t.onmessage = (m) => {
              delivered.push(m);
              if ("method" in m && "id" in m) void t.send({ jsonrpc: "2.0", id: m.id, result: { from: "full", method: m.method } });
            };
          },
        },
        close: () => void closes++,
      };
    },
  });
  return { stdin, out, delivered, errors, finishLoad, loads: () => loads, closes: () => closes, transport: () => transport };
}

describe("MCP stdio front", () => {
  it("answers initialize and tools/list from the catalog, then hands the full server the client's own initialize with its answer dropped", async () => {
    const h = harness();
    h.stdin.write(line(INIT));
    h.stdin.write(line(INITIALIZED) + line({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    await settle();
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-03-26", capabilities: { tools: {} }, serverInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", id: 2, result: { tools: [{ name: "status" }, { name: "plan" }] } },
    ]);
    expect(h.loads()).toBe(1);
    h.finishLoad();
    await settle();
    expect(h.delivered).toEqual([INIT, INITIALIZED]);
    // The full server's own initialize answer never reaches the client.
    expect(h.out).toHaveLength(2);
  });

  it("drops only the one answer to an initialize it gave: the server's requests and later answers pass", async () => {
    // A request from the server, sent before it sees the initialize, that numbers itself like it.
    const h = harness(undefined, { jsonrpc: "2.0", id: 1, method: "roots/list" });
    h.stdin.write(line(INIT) + line(INITIALIZED));
    h.finishLoad();
    h.stdin.write(line(CALL));
    await settle();
    await settle();
    await h.transport()?.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(h.out.slice(1)).toEqual([
      { jsonrpc: "2.0", id: 1, method: "roots/list" },
      { jsonrpc: "2.0", id: 3, result: { from: "full", method: "tools/call" } },
      { jsonrpc: "2.0", id: 1, result: {} },
    ]);
  });

  it("queues calls sent before the full server loads and delivers them in order once it has", async () => {
    const h = harness();
    h.stdin.write(line(INIT) + line(INITIALIZED) + line(CALL) + line({ jsonrpc: "2.0", id: 4, method: "ping" }));
    await settle();
    // ping comes after a queued call, so it waits for the full server too (answers stay in order).
    expect(h.out.map((m) => m.id)).toEqual([1]);
    h.finishLoad();
    await settle();
    expect(h.delivered.map((m) => ("method" in m ? m.method : "?"))).toEqual(["initialize", "notifications/initialized", "tools/call", "ping"]);
    expect(h.out.slice(1)).toEqual([
      { jsonrpc: "2.0", id: 3, result: { from: "full", method: "tools/call" } },
      { jsonrpc: "2.0", id: 4, result: { from: "full", method: "ping" } },
    ]);
  });

  it("answers a line that is not JSON with -32700 and id null, and keeps reading", async () => {
    const h = harness();
    h.stdin.write('{"jsonrpc":"2.0","id":9,"method":\n');
    h.stdin.write(line({ jsonrpc: "2.0", id: 5, method: "ping" }));
    await settle();
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } },
      { jsonrpc: "2.0", id: 5, result: {} },
    ]);
  });

  it("checks every forwarded message against the SDK schema: invalid ones get -32600, never the server", async () => {
    const h = harness();
    h.stdin.write(line({ ...CALL, id: 7, extra: true }) + line({ jsonrpc: "1.0", id: 8, method: "tools/call" }) + line([1, 2]));
    h.finishLoad();
    await settle();
    expect(h.delivered).toEqual([]);
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32600, message: "Invalid Request" } },
      { jsonrpc: "2.0", id: 8, error: { code: -32600, message: "Invalid Request" } },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } },
    ]);
  });

  it("leaves an initialize it cannot vouch for to the full server", async () => {
    const h = harness();
    const withMeta = { ...INIT, params: { ...INIT.params, _meta: { progressToken: "p" } } };
    h.stdin.write(line(withMeta));
    await settle();
    expect(h.out).toEqual([]);
    h.finishLoad();
    await settle();
    expect(h.delivered).toEqual([withMeta]);
    expect(h.out).toEqual([{ jsonrpc: "2.0", id: 1, result: { from: "full", method: "initialize" } }]);
  });

  it("answers an oversized line with -32700 and its id read from the line's start, and goes on with the next line", async () => {
    const h = harness(64);
    h.stdin.write(line({ jsonrpc: "2.0", id: 1, method: "ping" }));
    h.stdin.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${"x".repeat(40)}`);
    h.stdin.write(`${"y".repeat(40)}"}}\n${line({ jsonrpc: "2.0", id: 3, method: "ping" })}`);
    await settle();
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: 2, error: { code: -32700, message: "Parse error: line longer than 64 bytes" } },
      { jsonrpc: "2.0", id: 3, result: {} },
    ]);
    expect(h.stdin.destroyed).toBe(false);
  });

  it("answers a 9 MiB tools/call with its id written after the params (as the SDK's client does), in many chunks, then answers the next request", async () => {
    const h = harness();
    const call = `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"plan","arguments":{"id":5,"text":"${"x".repeat(9 * 1024 * 1024)}"}},"id":7}\n`;
    for (let at = 0; at < call.length; at += 65_536) h.stdin.write(call.slice(at, at + 65_536));
    h.stdin.write(line({ jsonrpc: "2.0", method: "ping", id: 8 }));
    await settle();
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32700, message: "Parse error: line longer than 8388608 bytes" } },
      { jsonrpc: "2.0", id: 8, result: {} },
    ]);
    expect(h.loads()).toBe(0);
  });

  it("recovers a string id from an oversized line that arrives in one chunk with its newline", async () => {
    const h = harness(64);
    h.stdin.write(`{ "id" : "call-7", "jsonrpc":"2.0","method":"tools/call","params":{"pad":"${"x".repeat(80)}"}}\n`);
    h.stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"pad":"${"x".repeat(2000)}"},"id" : "call-\\"8\\"" }\r\n`);
    await settle();
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: "call-7", error: { code: -32700, message: "Parse error: line longer than 64 bytes" } },
      { jsonrpc: "2.0", id: 'call-"8"', error: { code: -32700, message: "Parse error: line longer than 64 bytes" } },
    ]);
  });

  it("takes the top-level id, never one nested in params, and answers id null when it is neither near the start nor at the end", async () => {
    const h = harness(64);
    const pad = "x".repeat(2000);
    h.stdin.write(`{"method":"tools/call","params":{"arguments":{"id":5,"pad":"${"x".repeat(80)}"}},"jsonrpc":"2.0","id":6}\n`);
    h.stdin.write(`{"jsonrpc":"2.0","method":"tools/call","id":9,"params":{"arguments":{"pad":"${pad}","id":5}}}\n`);
    h.stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"pad":"${pad}","id":5}}}\n`);
    h.stdin.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"pad":"${pad}","x":"\\",\\"id\\":5}"}}\n`);
    await settle();
    const error = { code: -32700, message: "Parse error: line longer than 64 bytes" };
    expect(h.out).toEqual([
      { jsonrpc: "2.0", id: 6, error },
      { jsonrpc: "2.0", id: 9, error },
      { jsonrpc: "2.0", id: null, error },
      { jsonrpc: "2.0", id: null, error },
    ]);
  });

  it("a client that closes mid-load still gets its queued answers, then the server lets go", async () => {
    const h = harness();
    h.stdin.end(line(INIT) + line(CALL));
    await settle();
    expect(h.closes()).toBe(0);
    h.finishLoad();
    await settle();
    expect(h.out.map((m) => m.id)).toEqual([1, 3]);
    expect(h.closes()).toBe(1);
  });

  it("does not load the full server for a client that closed after tools/list", async () => {
    const h = harness();
    h.stdin.end(line(INIT) + line({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    await settle();
    await settle();
    expect(h.out.map((m) => m.id)).toEqual([1, 2]);
    expect(h.loads()).toBe(0);
  });
});

describe("MCP stdio front, a full server that cannot connect", () => {
  it("reports the failed connect through onError, not as an unhandled rejection", async () => {
    const errors: unknown[] = [];
    const stdin = new PassThrough();
    serveStdio({
      catalog,
      toolsets: new Set(["journey"]),
      stdin,
      stdout: new PassThrough(),
      onError: (err) => errors.push(err),
      load: (): Promise<FullServer> =>
        Promise.resolve({
          server: { connect: () => Promise.reject(new Error("cannot connect")) },
          close: () => undefined,
        }),
    });
    stdin.write(line(INIT) + line(CALL));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual([new Error("cannot connect")]);
    stdin.end();
  });
});

describe("asEarlyMessage", () => {
  const near = fc.record(
    {
      jsonrpc: fc.constantFrom("2.0", "1.0", 2),
      id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean()),
      method: fc.oneof(fc.constantFrom("initialize", "tools/list", "ping", "notifications/initialized"), fc.integer()),
      params: fc.oneof(fc.constant(null), fc.array(fc.integer()), fc.dictionary(fc.constantFrom("_meta", "cursor", "protocolVersion", "x"), fc.jsonValue())),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it("accepts only what the SDK's JSONRPCMessageSchema accepts", () => {
    fc.assert(
      fc.property(near, (m) => {
        const raw: unknown = JSON.parse(JSON.stringify(m));
        if (asEarlyMessage(raw)) expect(JSONRPCMessageSchema.safeParse(raw).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts the messages clients send at start-up", () => {
    for (const m of [INIT, INITIALIZED, { jsonrpc: "2.0", id: "a", method: "tools/list", params: {} }]) expect(asEarlyMessage(m)).toEqual(m);
  });
});

import type { Readable, Writable } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LineTooLongError, ReadBuffer } from "../shared/protocol/read-buffer.js";
import { asFastMessage, idFromLineEnd, idFromLineStart, type FastMessage } from "./fast-message.js";

/**
 * What `tools/list` and `initialize` answer, generated at build time from the real server
 * (scripts/gen-tool-catalog.ts) and checked against it by a test.
 */
export interface ToolCatalog {
  serverInfo: { name: string; version: string };
  instructions?: string;
  capabilities: Record<string, unknown>;
  protocolVersions: string[];
  tools: { toolset: string; tool: { name: string } & Record<string, unknown> }[];
}

/** The real server behind the fast path: it receives messages and sends its own through `write`. */
export interface LoadedServer {
  deliver(message: JSONRPCMessage): void;
  /** Releases what would keep the process alive (the broker connection) once the client is gone. */
  close(): void;
}

export interface FastStartOptions {
  catalog: ToolCatalog;
  toolsets: ReadonlySet<string>;
  /** Loads the full server; its outgoing messages go to `write`. */
  load: (write: (message: JSONRPCMessage) => void) => Promise<LoadedServer>;
  stdin: Readable;
  stdout: Writable;
  onError: (err: unknown) => void;
  maxLineBytes?: number;
}

type Outgoing = JSONRPCMessage | { jsonrpc: "2.0"; id: string | number | null; error: { code: number; message: string } };

const REPLAYED_INIT_ID = "tbank-fast-start-initialize";
// Generous for a tool call, small enough that a client that never sends "\n" cannot grow us without bound.
export const MAX_STDIN_LINE_BYTES = 8 * 1024 * 1024;
// JSON-RPC 2.0: when the id cannot be read from the message, the error's id is null.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Agents spawn an MCP server per session and wait for initialize and tools/list before anything
 * else. Those two answers are static, so they are served from the generated catalog while the SDK,
 * zod and the tools are still unloaded; the full server is loaded right after (or at the first
 * other message), the initialize is replayed into it with its answer dropped, and every queued
 * message follows in order, checked against the SDK's message schema first.
 */
export function startFastPath(opts: FastStartOptions): void {
  const write = (message: Outgoing): void => {
    if ("id" in message && message.id === REPLAYED_INIT_ID) return;
    opts.stdout.write(`${JSON.stringify(message)}\n`);
  };
  const fail = (code: number, message: string, id: string | number | null = null): void => write({ jsonrpc: "2.0", id, error: { code, message } });
  const tools = opts.catalog.tools.filter((t) => t.toolset === "always" || opts.toolsets.has(t.toolset)).map((t) => t.tool);
  const replay: FastMessage[] = [];
  const queue: unknown[] = [];
  let forward: ((raw: unknown) => void) | undefined;
  let loading: Promise<void> | undefined;
  let loaded: LoadedServer | undefined;
  let clientGone = false;

  const load = (): Promise<void> =>
    (loading ??= Promise.all([import("@modelcontextprotocol/sdk/types.js"), opts.load(write)]).then(([{ JSONRPCMessageSchema }, full]) => {
      loaded = full;
      forward = (raw) => {
        const parsed = JSONRPCMessageSchema.safeParse(raw);
        if (parsed.success) return full.deliver(parsed.data);
        const id = (raw as { id?: unknown } | null)?.id;
        fail(INVALID_REQUEST, "Invalid Request", typeof id === "string" || Number.isSafeInteger(id) ? (id as string | number) : null);
      };
      for (const m of [...replay, ...queue.splice(0)]) forward(m);
      if (clientGone) full.close();
    }, opts.onError));

  const fast = (m: FastMessage): boolean => {
    if (!("id" in m)) {
      if (m.method !== "notifications/initialized") return false;
      replay.push(m);
      return true;
    }
    if (m.method === "initialize") {
      const requested = m.params?.protocolVersion;
      const protocolVersion = typeof requested === "string" && opts.catalog.protocolVersions.includes(requested) ? requested : opts.catalog.protocolVersions[0];
      const result = { protocolVersion, capabilities: opts.catalog.capabilities, serverInfo: opts.catalog.serverInfo, ...(opts.catalog.instructions ? { instructions: opts.catalog.instructions } : {}) };
      replay.push({ ...m, id: REPLAYED_INIT_ID });
      write({ jsonrpc: "2.0", id: m.id, result });
      return true;
    }
    if (m.method === "tools/list" && m.params?.cursor === undefined) {
      write({ jsonrpc: "2.0", id: m.id, result: { tools } });
      // The client will call a tool next: have the full server ready by then.
      setImmediate(() => void (clientGone ? undefined : load()));
      return true;
    }
    if (m.method === "ping") {
      write({ jsonrpc: "2.0", id: m.id, result: {} });
      return true;
    }
    return false;
  };

  const receive = (raw: unknown): void => {
    if (forward) return forward(raw);
    const m = loading ? undefined : asFastMessage(raw);
    if (m && fast(m)) return;
    queue.push(raw);
    void load();
  };

  const buffer = new ReadBuffer({ maxLineBytes: opts.maxLineBytes ?? MAX_STDIN_LINE_BYTES, onLongLine: "skip" });
  const onData = (chunk: Buffer): void => {
    buffer.append(chunk);
    for (;;) {
      let line: string | undefined;
      try {
        line = buffer.readLine();
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        // The buffer skipped the line up to its newline, keeping its edges: the client hears about
        // its request by id (read last-first, as JSON.parse would take a duplicate key), and the
        // next line is read as usual.
        fail(PARSE_ERROR, `Parse error: line longer than ${buffer.maxLineBytes} bytes`, idFromLineEnd(err.tail) ?? idFromLineStart(err.head));
        continue;
      }
      if (line === undefined) return;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        fail(PARSE_ERROR, "Parse error");
        continue;
      }
      receive(raw);
    }
  };
  // The full server may still be answering a call when stdin ends (a piped client): it keeps
  // running, only what would hold the process open after the last answer is released.
  const onGone = (): void => {
    if (clientGone) return;
    clientGone = true;
    loaded?.close();
  };
  opts.stdin.on("data", onData);
  opts.stdin.once("end", onGone);
  opts.stdin.once("close", onGone);
}

import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { LineTooLongError, ReadBuffer } from "../../shared/protocol/read-buffer.js";

// The one place the stdio bins step in front of the SDK: with the SDK's own StdioServerTransport,
// loading the SDK, zod and the tools before the first answer misses the cold start goal (bench:mcp
// prints both paths; figures in docs/performance.md). test/integration/stdio-front.test.ts fails
// when the SDK answers initialize or tools/list differently from what this imitates.

/**
 * What `tools/list` and `initialize` answer, generated at build time from the real server
 * (scripts/gen-tool-catalog.ts).
 */
export interface ToolCatalog {
  serverInfo: { name: string; version: string };
  instructions?: string;
  capabilities: Record<string, unknown>;
  /**
   * Capabilities the server announces only with one of these toolsets on (resources: the journey's
   * view); any other capability is announced whatever the toolsets.
   */
  toolsetCapabilities?: Record<string, string[]>;
  /** The SDK's SUPPORTED_PROTOCOL_VERSIONS, its LATEST_PROTOCOL_VERSION first. */
  protocolVersions: string[];
  tools: { toolset: string; tool: { name: string } & Record<string, unknown> }[];
}

/** The real server behind the front, loaded lazily with the SDK, zod and every tool. */
export interface FullServer {
  server: { connect(transport: Transport): Promise<void> };
  /** Releases what would keep the process alive (the broker connection) once the client is gone. */
  close(): void;
}

export interface StdioFrontOptions {
  catalog: ToolCatalog;
  toolsets: ReadonlySet<string>;
  load: () => Promise<FullServer>;
  stdin: Readable;
  stdout: Writable;
  onError: (err: unknown) => void;
  maxLineBytes?: number;
}

type Outgoing = JSONRPCMessage | { jsonrpc: "2.0"; id: string | number | null; error: { code: number; message: string } };
type EarlyMessage = JSONRPCRequest | JSONRPCNotification;

// Generous for a tool call, small enough that a client that never sends "\n" cannot grow us without bound.
const MAX_STDIN_LINE_BYTES = 8 * 1024 * 1024;
// JSON-RPC 2.0: when the id cannot be read from the message, the error's id is null.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Serves an MCP stdio session. Agents spawn a server per session and wait for initialize and
 * tools/list before anything else; those answers are static, so they come from the catalog while
 * the SDK is still unloaded. The full server is loaded right after (or at the first other
 * message) and connected to a transport that hands it the client's own messages in order: the
 * initialize (whose answer, already sent, is dropped), then everything queued, each checked
 * against the SDK's message schema first.
 */
export function serveStdio(opts: StdioFrontOptions): void {
  const write = (message: Outgoing): void => void opts.stdout.write(`${JSON.stringify(message)}\n`);
  const fail = (code: number, message: string, id: string | number | null = null): void => write({ jsonrpc: "2.0", id, error: { code, message } });
  const tools = opts.catalog.tools.filter((t) => t.toolset === "always" || opts.toolsets.has(t.toolset)).map((t) => t.tool);
  const capabilities = servedCapabilities(opts.catalog, opts.toolsets);
  const early: EarlyMessage[] = [];
  const queue: unknown[] = [];
  // Ids of initialize requests answered here: the full server's answer to each is dropped once.
  const answered = new Map<string | number, number>();
  let forward: ((raw: unknown) => void) | undefined;
  let loading: Promise<void> | undefined;
  let loaded: FullServer | undefined;
  let clientGone = false;

  const transport: Transport = {
    start: () => Promise.resolve(),
    send: (message) => {
      // Only a response: a request the server sends may reuse the number by chance.
      const id = "id" in message && !("method" in message) ? message.id : undefined;
      const pending = id === undefined ? 0 : (answered.get(id) ?? 0);
      if (id === undefined || pending === 0) write(message);
      else if (pending === 1) answered.delete(id);
      else answered.set(id, pending - 1);
      return Promise.resolve();
    },
    close: () => {
      transport.onclose?.();
      return Promise.resolve();
    },
  };

  const load = (): Promise<void> =>
    (loading ??= Promise.all([import("@modelcontextprotocol/sdk/types.js"), opts.load()]).then(async ([{ JSONRPCMessageSchema }, full]) => {
      await full.server.connect(transport);
      loaded = full;
      forward = (raw) => {
        const parsed = JSONRPCMessageSchema.safeParse(raw);
        if (parsed.success) return transport.onmessage?.(parsed.data);
        const id = (raw as { id?: unknown } | null)?.id;
        fail(INVALID_REQUEST, "Invalid Request", typeof id === "string" || Number.isSafeInteger(id) ? (id as string | number) : null);
      };
      for (const m of [...early, ...queue.splice(0)]) forward(m);
      if (clientGone) full.close();
    }).catch(opts.onError)); // a failed connect as well as a failed load

  const answerEarly = (m: EarlyMessage): boolean => {
    if (!("id" in m)) {
      if (m.method !== "notifications/initialized") return false;
      early.push(m);
      return true;
    }
    if (m.method === "initialize") {
      const requested = m.params?.protocolVersion;
      const protocolVersion = typeof requested === "string" && opts.catalog.protocolVersions.includes(requested) ? requested : opts.catalog.protocolVersions[0];
      const result = { protocolVersion, capabilities, serverInfo: opts.catalog.serverInfo, ...(opts.catalog.instructions ? { instructions: opts.catalog.instructions } : {}) };
      early.push(m);
      answered.set(m.id, (answered.get(m.id) ?? 0) + 1);
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
    const m = loading ? undefined : asEarlyMessage(raw);
    if (m && answerEarly(m)) return;
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

/** The catalog's capabilities less those that come only with a toolset not served. */
function servedCapabilities(catalog: ToolCatalog, toolsets: ReadonlySet<string>): Record<string, unknown> {
  const bound = catalog.toolsetCapabilities ?? {};
  return Object.fromEntries(Object.entries(catalog.capabilities).filter(([name]) => bound[name]?.some((t) => toolsets.has(t)) ?? true));
}

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const NOTIFICATION_KEYS = new Set(["jsonrpc", "method", "params"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The front answers before the SDK (and zod) are loaded, so it cannot run the SDK's
 * JSONRPCMessageSchema. This accepts a strict subset of what that schema accepts as a request or
 * notification (a property test checks the subset against the SDK); anything else waits for the
 * full server and the real schema. `_meta` is left to the schema because its shape is the SDK's.
 */
export function asEarlyMessage(raw: unknown): EarlyMessage | undefined {
  if (!isRecord(raw) || raw.jsonrpc !== "2.0" || typeof raw.method !== "string") return undefined;
  if (raw.params !== undefined && (!isRecord(raw.params) || "_meta" in raw.params)) return undefined;
  const keys = Object.keys(raw);
  if ("id" in raw) {
    const { id } = raw;
    if (!(typeof id === "string" || Number.isSafeInteger(id)) || !keys.every((k) => REQUEST_KEYS.has(k))) return undefined;
    return raw as JSONRPCRequest;
  }
  return keys.every((k) => NOTIFICATION_KEYS.has(k)) ? (raw as unknown as JSONRPCNotification) : undefined;
}

// The end of the JSON string opening at `start` (the index of its closing quote), or -1 if cut off.
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

const skipSpace = (text: string, i: number): number => {
  while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  return i;
};

/**
 * The id of a JSON-RPC request whose line was too long to parse, read from the line's first bytes:
 * the first `"id"` key of the top-level object, when its whole value (a string or a safe integer,
 * as MCP allows) lies within `head`. A key nested in params is never taken for it; anything
 * uncertain is null, which JSON-RPC prescribes when the id cannot be read.
 */
function idFromLineStart(head: string): string | number | null {
  let depth = 0;
  for (let i = skipSpace(head, 0); i < head.length; i++) {
    const c = head[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    if (c !== '"') continue;
    const end = stringEnd(head, i);
    if (end === -1) return null;
    const colon = skipSpace(head, end + 1);
    if (depth === 1 && head[colon] === ":" && parseString(head.slice(i, end + 1)) === "id") return idValue(head, skipSpace(head, colon + 1));
    i = end;
  }
  return null;
}

function idValue(head: string, at: number): string | number | null {
  if (head[at] === '"') {
    const end = stringEnd(head, at);
    return end === -1 ? null : (parseString(head.slice(at, end + 1)) ?? null);
  }
  // The number must be followed by something, or it may continue past the cut.
  const match = /^-?\d+(?=[\s,}])/.exec(head.slice(at, at + 32));
  const id = match ? Number(match[0]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

// A line too long to parse may still be malformed: a bad escape must not throw.
function parseString(json: string): string | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

const skipSpaceBack = (text: string, i: number): number => {
  while (i >= 0 && " \t\r\n".includes(text[i]!)) i--;
  return i;
};

// The opening quote of the JSON string closing at `end`, or -1 when it lies before the cut.
function stringStart(text: string, end: number): number {
  for (let i = end - 1; i >= 0; i--) {
    if (text[i] !== '"') continue;
    let slashes = 0;
    while (i - slashes - 1 >= 0 && text[i - slashes - 1] === "\\") slashes++;
    if (i - slashes - 1 < 0) return -1;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

/**
 * The id of a request whose line was too long to parse, read from the line's last bytes, where
 * the SDK's client writes it (after the params): the member right before the line's final "}".
 * In a well-formed line that "}" closes the top-level object, so the member is top-level; an id
 * nested in params ends in "}}" and is never taken. Anything uncertain is null.
 */
function idFromLineEnd(tail: string): string | number | null {
  let i = skipSpaceBack(tail, tail.length - 1);
  if (tail[i] !== "}") return null;
  i = skipSpaceBack(tail, i - 1);
  let id: string | number | null;
  let start = i;
  if (tail[i] === '"') {
    start = stringStart(tail, i);
    if (start === -1) return null;
    id = parseString(tail.slice(start, i + 1)) ?? null;
  } else {
    while (start >= 0 && tail[start]! >= "0" && tail[start]! <= "9") start--;
    if (tail[start] === "-") start--;
    const n = Number(tail.slice(start + 1, i + 1));
    id = start < i && Number.isSafeInteger(n) ? n : null;
    start++;
  }
  if (id === null) return null;
  const colon = skipSpaceBack(tail, start - 1);
  if (tail[colon] !== ":") return null;
  const keyEnd = skipSpaceBack(tail, colon - 1);
  if (tail[keyEnd] !== '"') return null;
  const keyStart = stringStart(tail, keyEnd);
  if (keyStart === -1 || parseString(tail.slice(keyStart, keyEnd + 1)) !== "id") return null;
  const before = tail[skipSpaceBack(tail, keyStart - 1)];
  return before === "," || before === "{" ? id : null;
}

import type { Readable, Writable } from "node:stream";

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

type Message = { jsonrpc: "2.0"; id?: string | number; method?: string; params?: Record<string, unknown> } & Record<string, unknown>;

/** The real server behind the fast path: it receives messages and sends its own through `write`. */
export interface LoadedServer {
  deliver(message: Message): void;
}

export interface FastStartOptions {
  catalog: ToolCatalog;
  toolsets: ReadonlySet<string>;
  /** Loads the full server; its outgoing messages go to `write`. */
  load: (write: (message: Message) => void) => Promise<LoadedServer>;
  stdin: Readable;
  stdout: Writable;
  onError: (err: unknown) => void;
}

const REPLAYED_INIT_ID = "tbank-fast-start-initialize";
const MAX_LINE = 8 * 1024 * 1024;

/**
 * Agents spawn an MCP server per session and wait for initialize and tools/list before anything
 * else. Those two answers are static, so they are served from the generated catalog while the SDK,
 * zod and the tools are still unloaded; the full server is loaded right after (or at the first
 * other message), the initialize is replayed into it with its answer dropped, and every queued
 * message follows in order.
 */
export function startFastPath(opts: FastStartOptions): void {
  const write = (message: Message): void => {
    if (message.id === REPLAYED_INIT_ID) return;
    opts.stdout.write(`${JSON.stringify(message)}\n`);
  };
  const tools = opts.catalog.tools.filter((t) => t.toolset === "always" || opts.toolsets.has(t.toolset)).map((t) => t.tool);
  const replay: Message[] = [];
  const queue: Message[] = [];
  let server: LoadedServer | undefined;
  let loading: Promise<void> | undefined;

  const load = (): Promise<void> =>
    (loading ??= opts.load(write).then((loaded) => {
      server = loaded;
      for (const m of [...replay, ...queue.splice(0)]) loaded.deliver(m);
    }, opts.onError));

  const fast = (m: Message): boolean => {
    if (m.id === undefined) {
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
      setImmediate(() => void load());
      return true;
    }
    if (m.method === "ping") {
      write({ jsonrpc: "2.0", id: m.id, result: {} });
      return true;
    }
    return false;
  };

  let pending = "";
  opts.stdin.setEncoding("utf8");
  opts.stdin.on("data", (chunk: string) => {
    pending += chunk;
    if (pending.length > MAX_LINE && !pending.includes("\n")) pending = "";
    let i: number;
    while ((i = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, i).replace(/\r$/, "");
      pending = pending.slice(i + 1);
      if (line.trim() === "") continue;
      let message: Message;
      try {
        message = JSON.parse(line) as Message;
      } catch {
        write({ jsonrpc: "2.0", id: undefined, error: { code: -32700, message: "Parse error" } });
        continue;
      }
      if (server) server.deliver(message);
      else if (loading || !fast(message)) {
        queue.push(message);
        void load();
      }
    }
  });
}

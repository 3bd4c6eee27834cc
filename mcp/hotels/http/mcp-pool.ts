import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { LATEST_PROTOCOL_VERSION, ListToolsRequestSchema, type Implementation, type JSONRPCMessage, type ServerCapabilities, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { NO_ELICITATION_VALIDATOR } from "../../shared/no-elicitation.js";
import type { HotelsContext } from "../context.js";
import type { AnyToolDef } from "../tools/define.js";
import { registerHotelsTools } from "../tools/index.js";

// Every POST /mcp goes through the SDK's own Streamable HTTP transport (stateless: a fresh
// transport per request, JSON answers). An McpServer holds one transport at a time, and building
// one per request (about 40 tools) costs about a quarter more server CPU per call and brings p50
// close to the 10 % overhead goal under load; a tools/list per request would exceed it
// (bench:http's plain SDK path; figures: docs/performance.md). So servers are pooled, one per
// concurrent request, reused after `close()` detaches the transport (the SDK captures it per
// request: a late answer never reaches the next client), and tools/list is computed once per
// process. Pooled servers share the HotelsContext and keep only the last client's initialize info,
// which our tools never read.

// More idle servers than this are dropped after use: a burst does not pin its peak in memory. A cap
// below the concurrent sessions makes every burst build servers (about 40 tools each) again.
const MAX_IDLE_SERVERS = 256;

export interface ServerIdentity {
  serverInfo: Implementation;
  instructions: string | undefined;
  capabilities: ServerCapabilities;
  tools: Tool[];
}

export type ToolCallObserver = (tool: string, status: string, seconds: number) => void;

export interface McpPoolOptions {
  /** The server createHotelsServer built: the source of serverInfo, instructions and tools/list. */
  reference: McpServer;
  ctx: HotelsContext;
  tools: readonly AnyToolDef[];
  onToolCall: ToolCallObserver;
  onError?: (err: Error) => void;
  /** A new server for every request, never reused (bench:http's plain SDK path). */
  fresh?: boolean;
}

export interface McpPool {
  readonly identity: ServerIdentity;
  /** Answers one POST /mcp whose body was read and parsed already; `key` names it for `abandon`. */
  serve(request: Request, body: unknown, key: object): Promise<Response>;
  /** Gives up on a request that outlived its deadline: its server is closed (aborting the tool) and never reused. */
  abandon(key: object): void;
}

export async function createMcpPool(opts: McpPoolOptions): Promise<McpPool> {
  const identity = await readIdentity(opts.reference);
  await opts.reference.close();
  const listed = { tools: identity.tools.map(withRateLimitedStatus) };
  const tools = opts.tools.map((t) => observed(t, opts.onToolCall));
  const idle: McpServer[] = [];
  const busy = new Map<object, McpServer>();

  const build = (): McpServer => {
    const server = new McpServer(identity.serverInfo, { instructions: identity.instructions, capabilities: identity.capabilities, jsonSchemaValidator: NO_ELICITATION_VALIDATOR });
    registerHotelsTools(server, opts.ctx, tools);
    server.server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.server.onerror = (err) => opts.onError?.(err);
    return server;
  };
  const release = async (key: object, server: McpServer): Promise<void> => {
    // Abandoned: already closed and dropped.
    if (!busy.delete(key)) return;
    // The SDK forgets a request a few promise steps after sending its answer; closed before
    // that, it aborts the finished request's signal (a DOMException and an event per call).
    await new Promise<void>((resolve) => setImmediate(resolve));
    await server.close();
    if (!opts.fresh && idle.length < MAX_IDLE_SERVERS) idle.push(server);
  };

  return {
    identity: { ...identity, tools: listed.tools },
    serve: async (request, body, key) => {
      const server = (opts.fresh ? undefined : idle.pop()) ?? build();
      busy.set(key, server);
      try {
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        return await transport.handleRequest(request, { parsedBody: body });
      } finally {
        release(key, server).catch((err: unknown) => opts.onError?.(err instanceof Error ? err : new Error(String(err))));
      }
    },
    abandon: (key) => {
      const server = busy.get(key);
      if (!server) return;
      busy.delete(key);
      void server.close();
    },
  };
}

/** Asks the reference server what any client would see: initialize and tools/list. */
async function readIdentity(reference: McpServer): Promise<ServerIdentity> {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, (m: JSONRPCMessage) => void>();
  client.onmessage = (m) => {
    if ("id" in m && typeof m.id === "number") answers.get(m.id)?.(m);
  };
  await reference.connect(serverSide);
  await client.start();
  const ask = (id: number, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      answers.set(id, (m) => ("result" in m ? resolve(m.result) : reject(new Error(`${method} failed on the reference server`))));
      void client.send({ jsonrpc: "2.0", id, method, params });
    });
  const init = await ask(1, "initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "tbank-hotels-http", version: "1" } });
  const list = await ask(2, "tools/list");
  await client.close();
  return {
    serverInfo: init.serverInfo as Implementation,
    instructions: init.instructions as string | undefined,
    capabilities: init.capabilities as ServerCapabilities,
    tools: list.tools as Tool[],
  };
}

/**
 * Clients check structuredContent against the listed outputSchema (the SDK client does), so the
 * remote mode's own answer, status=rate_limited, must fit every tool's schema: it joins the status
 * enum, and a tool without a status field gets one (its other fields stop being required, since a
 * rate-limited answer carries none of them).
 */
function withRateLimitedStatus(tool: Tool): Tool {
  const out = tool.outputSchema;
  if (!out) return tool;
  const properties = { ...(out.properties ?? {}) } as Record<string, Record<string, unknown>>;
  const status = properties.status;
  if (status === undefined) properties.status = { type: "string", enum: ["rate_limited"] };
  else if (Array.isArray(status.enum) && !status.enum.includes("rate_limited")) properties.status = { ...status, enum: [...(status.enum as unknown[]), "rate_limited"] };
  const required = out.required?.filter((name) => name === "status");
  const { required: _dropped, ...rest } = out;
  return { ...tool, outputSchema: { ...rest, properties, ...(required && required.length > 0 ? { required } : {}) } };
}

function observed(tool: AnyToolDef, onToolCall: ToolCallObserver): AnyToolDef {
  return {
    ...tool,
    handler: async (args, ctx, extra) => {
      const started = performance.now();
      let status = "exception";
      try {
        const out = await tool.handler(args, ctx, extra);
        const s = (out.structured as { status?: unknown } | undefined)?.status;
        status = typeof s === "string" ? s.slice(0, 40) : out.isError ? "error" : "ok";
        return out;
      } finally {
        onToolCall(tool.name, status, (performance.now() - started) / 1000);
      }
    },
  };
}

import type { IncomingMessage } from "node:http";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import { JSONRPCRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";

// The SDK's Streamable HTTP transport answers a tools/call through a web Request and Response built
// around node:http's own, which in bench:http profiles costs more CPU than a light tool. For a POST
// the SDK transport would take as it is (the same Accept, Content-Type and MCP-Protocol-Version
// checks, one well-formed request) this carries the request to the server and its answer back as
// JSON, as the SDK's JSON-response mode does (notifications on the way are dropped there too).
// Anything else (initialize, batches, headers the SDK would refuse) goes through the SDK transport.

/**
 * The SDK release whose StreamableHTTPServerTransport checks plainToolCall repeats (its
 * handlePostRequest): a test fails on another installed version until they are compared again.
 */
export const SDK_CHECKS_FROM = "1.32.2";

/** The tools/call in this POST when the SDK transport would accept it unchanged; otherwise undefined. */
export function plainToolCall(req: IncomingMessage, body: unknown): JSONRPCRequest | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body) || (body as { method?: unknown }).method !== "tools/call") return undefined;
  const accept = req.headers.accept;
  if (accept === undefined || !accept.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  // node:http keeps the first of two Content-Type lines; the SDK transport sees them joined and refuses.
  if (req.headersDistinct["content-type"]?.length !== 1 || !isJsonContentType(req.headers["content-type"])) return undefined;
  const version = req.headers["mcp-protocol-version"];
  if (version !== undefined && (typeof version !== "string" || !SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return undefined;
  const parsed = JSONRPCRequestSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * One request in, its answer out: the transport a pooled server is connected to for one tools/call.
 * Closing it (a request past its deadline is abandoned) settles the answer as undefined.
 */
export class ToolCallTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private settle: ((message: JSONRPCMessage | undefined) => void) | undefined;
  private readonly answered: Promise<JSONRPCMessage | undefined>;

  constructor(private readonly request: JSONRPCRequest) {
    this.answered = new Promise((resolve) => (this.settle = resolve));
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  /** Hands the request to the server and resolves with its answer. */
  answer(): Promise<JSONRPCMessage | undefined> {
    this.onmessage?.(this.request);
    return this.answered;
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (("result" in message || "error" in message) && message.id === this.request.id) this.settle?.(message);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.settle?.(undefined);
    this.settle = undefined;
    this.onclose?.();
    return Promise.resolve();
  }
}

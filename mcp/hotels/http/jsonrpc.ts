import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { failure } from "../../shared/outcome.js";

// The server core reads the JSON-RPC body itself (it caps the body anyway) to find tool calls for
// the rate limit, then hands the parsed body to the SDK transport, which validates the messages.

export type JsonRpcId = string | number;

export interface ToolCallRequest {
  id: JsonRpcId;
  name: string;
  /** Its arguments' journeyId when that is a string: unchecked model input (the tool's schema judges it). */
  journeyId?: string;
}

/** The tools/call requests in a body (one message or a batch); anything else is the SDK's to judge. */
export function toolCallsIn(body: unknown): ToolCallRequest[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const calls: ToolCallRequest[] = [];
  for (const m of messages) {
    if (typeof m !== "object" || m === null) continue;
    const { method, id, params } = m as { method?: unknown; id?: unknown; params?: unknown };
    if (method !== "tools/call" || (typeof id !== "string" && typeof id !== "number")) continue;
    const { name, arguments: args } = typeof params === "object" && params !== null ? (params as { name?: unknown; arguments?: unknown }) : {};
    const journeyId = typeof args === "object" && args !== null ? (args as { journeyId?: unknown }).journeyId : undefined;
    calls.push({ id, name: typeof name === "string" ? name.slice(0, 80) : "?", ...(typeof journeyId === "string" ? { journeyId } : {}) });
  }
  return calls;
}

/** A JSON-RPC error answered before the SDK sees the request (id null: it may not be readable). */
export function jsonRpcError(code: number, message: string, id: JsonRpcId | null = null): { jsonrpc: "2.0"; id: JsonRpcId | null; error: { code: number; message: string } } {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
// The SDK's own code for transport-level refusals (wrong Accept, unsupported version).
export const SERVER_ERROR = -32000;

/**
 * Over the limit a tool call gets a normal result, not an error: the model reads it, repeats the
 * reset time to the person, and does not loop. The reset time is said in words and seconds, in
 * both channels.
 */
export function rateLimitedResult(resetAtMs: number, now: number): CallToolResult {
  const resetsAt = new Date(resetAtMs).toISOString().replace(/\.\d{3}Z$/, "Z");
  const seconds = Math.max(1, Math.ceil((resetAtMs - now) / 1000));
  const clock = resetsAt.slice(11, 19);
  const nextStep = `wait until ${clock} UTC (in ${seconds} seconds) before calling tools again; tell the person this server's tool-call limit was reached`;
  const out = failure(
    { status: "rate_limited", retryAllowed: true, resetsAt, nextStep },
    { facts: `resetsAt=${resetsAt}`, lines: ["this server's tool-call limit for your key was reached; nothing was run"], isError: false },
  );
  return { content: [{ type: "text", text: out.text }], structuredContent: out.structured, isError: false };
}

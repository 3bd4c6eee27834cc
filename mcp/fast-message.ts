import type { JSONRPCNotification, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";

export type FastMessage = JSONRPCRequest | JSONRPCNotification;

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const NOTIFICATION_KEYS = new Set(["jsonrpc", "method", "params"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The fast path answers before the SDK (and zod) are loaded, so it cannot run the SDK's
 * JSONRPCMessageSchema. This accepts a strict subset of what that schema accepts as a request or
 * notification (a unit test checks the subset property); anything else waits for the full server
 * and the real schema. `_meta` is left to the schema because its shape is the SDK's to define.
 */
export function asFastMessage(raw: unknown): FastMessage | undefined {
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

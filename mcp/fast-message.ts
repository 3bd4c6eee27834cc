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
export function idFromLineStart(head: string): string | number | null {
  let depth = 0;
  for (let i = skipSpace(head, 0); i < head.length; i++) {
    const c = head[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    if (c !== '"') continue;
    const end = stringEnd(head, i);
    if (end === -1) return null;
    const colon = skipSpace(head, end + 1);
    if (depth === 1 && head[colon] === ":" && JSON.parse(head.slice(i, end + 1)) === "id") return idValue(head, skipSpace(head, colon + 1));
    i = end;
  }
  return null;
}

function idValue(head: string, at: number): string | number | null {
  if (head[at] === '"') {
    const end = stringEnd(head, at);
    return end === -1 ? null : (JSON.parse(head.slice(at, end + 1)) as string);
  }
  // The number must be followed by something, or it may continue past the cut.
  const match = /^-?\d+(?=[\s,}])/.exec(head.slice(at, at + 32));
  const id = match ? Number(match[0]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

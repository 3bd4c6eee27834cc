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
export function idFromLineEnd(tail: string): string | number | null {
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

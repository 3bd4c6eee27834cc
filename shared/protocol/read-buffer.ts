import type { z } from "zod";
import { MAX_REQUEST_LINE_BYTES } from "./limits.js";
import type { ErrorReply } from "./broker-error.js";
import type { Result } from "../result.js";

const LF = 0x0a;
const CR = 0x0d;

// Enough of a refused line's start or end to read a JSON-RPC id placed before or after the params.
export const LONG_LINE_EDGE_BYTES = 1024;

export class LineTooLongError extends Error {
  override name = "LineTooLongError";
  readonly maxLineBytes: number;
  // The first bytes of the refused line (UTF-8, possibly cut mid-character). Never log it: a line
  // may carry a ref or a token.
  readonly head: string;
  // The last bytes of the refused line, without its terminator; set only in "skip" mode.
  readonly tail: string;

  constructor(maxLineBytes: number, head = "", tail = "") {
    super(`line exceeds ${maxLineBytes} bytes`);
    this.maxLineBytes = maxLineBytes;
    this.head = head;
    this.tail = tail;
  }
}

export interface ReadBufferOptions {
  // Longest accepted line in bytes, not counting the "\n" or "\r\n" terminator.
  maxLineBytes?: number;
  // "fail" (sockets, which the owner drops): see below. "skip" (MCP stdin, which cannot be
  // reopened): the long line is discarded up to its "\n", keeping only its first and last
  // LONG_LINE_EDGE_BYTES bytes; readLine() throws once for it, in order, then goes on.
  onLongLine?: "fail" | "skip";
}

const edge = (parts: Buffer[], from: "start" | "end"): Buffer => {
  const all = Buffer.concat(from === "start" ? parts.map((p) => p.subarray(0, LONG_LINE_EDGE_BYTES)) : parts.map((p) => p.subarray(-LONG_LINE_EDGE_BYTES)));
  // A copy, so a skipped line's big chunks are not kept alive by a view into them.
  return Buffer.from(from === "start" ? all.subarray(0, LONG_LINE_EDGE_BYTES) : all.subarray(-LONG_LINE_EDGE_BYTES));
};

// NDJSON framing over a byte stream (after the MCP SDK's ReadBuffer), with a per-line cap.
//
// Lines are split on bytes and decoded only when complete, so a UTF-8 character cut between two
// chunks decodes correctly. Empty lines are skipped. When a line grows past the cap, the buffer
// becomes `overflowed`: it drops everything pending, ignores further input, hands out the lines
// that were complete before the bad one, and then `readLine()` throws `LineTooLongError` (every
// call, until `clear()`), carrying the bad line's first LONG_LINE_EDGE_BYTES bytes so the owner can
// answer with the line's id. The owner should drop the connection; memory never exceeds the cap.
export class ReadBuffer {
  readonly maxLineBytes: number;
  readonly onLongLine: "fail" | "skip";
  private readonly ready: (string | LineTooLongError)[] = [];
  private skipping: { head: Buffer; tail: Buffer } | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflow = false;
  private overflowHead = "";

  constructor(options: ReadBufferOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? MAX_REQUEST_LINE_BYTES;
    this.onLongLine = options.onLongLine ?? "fail";
    if (!Number.isSafeInteger(this.maxLineBytes) || this.maxLineBytes < 1) {
      throw new RangeError("maxLineBytes must be a positive integer");
    }
  }

  get overflowed(): boolean {
    return this.overflow;
  }

  // Bytes held for the current unterminated line (never more than maxLineBytes + 1).
  get pendingByteLength(): number {
    return this.pendingBytes;
  }

  append(chunk: Uint8Array): void {
    if (this.overflow) return;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let nl = buf.indexOf(LF, start); nl !== -1; nl = buf.indexOf(LF, start)) {
      if (!this.completeLine(buf.subarray(start, nl))) return;
      start = nl + 1;
    }
    const tail = buf.subarray(start);
    if (tail.length === 0) return;
    if (this.skipping) {
      if (this.skipping.head.length < LONG_LINE_EDGE_BYTES) this.skipping.head = edge([this.skipping.head, tail], "start");
      this.skipping.tail = edge([this.skipping.tail, tail], "end");
      return;
    }
    const total = this.pendingBytes + tail.length;
    // One extra byte is allowed only if it is the "\r" of a coming "\r\n".
    if (total > this.maxLineBytes + 1 || (total === this.maxLineBytes + 1 && tail[tail.length - 1] !== CR)) {
      this.refuse([...this.pending, tail], false);
      return;
    }
    this.pending.push(tail);
    this.pendingBytes = total;
  }

  // Returns the next complete line, or undefined when none is ready yet.
  readLine(): string | undefined {
    const line = this.ready.shift();
    if (line instanceof LineTooLongError) throw line;
    if (line !== undefined) return line;
    if (this.overflow) throw new LineTooLongError(this.maxLineBytes, this.overflowHead);
    return undefined;
  }

  clear(): void {
    this.ready.length = 0;
    this.pending = [];
    this.pendingBytes = 0;
    this.overflow = false;
    this.overflowHead = "";
    this.skipping = undefined;
  }

  private completeLine(segment: Buffer): boolean {
    if (this.skipping) {
      // A head shorter than the edge is the whole line: it ends where the tail does.
      let head = this.skipping.head.length < LONG_LINE_EDGE_BYTES ? edge([this.skipping.head, segment], "start") : this.skipping.head;
      if (head.length < LONG_LINE_EDGE_BYTES && head[head.length - 1] === CR) head = head.subarray(0, head.length - 1);
      let tail = edge([this.skipping.tail, segment], "end");
      this.skipping = undefined;
      if (tail.length > 0 && tail[tail.length - 1] === CR) tail = tail.subarray(0, tail.length - 1);
      this.ready.push(new LineTooLongError(this.maxLineBytes, head.toString("utf8"), tail.toString("utf8")));
      return true;
    }
    let line = this.pendingBytes === 0 ? segment : Buffer.concat([...this.pending, segment]);
    this.pending = [];
    this.pendingBytes = 0;
    if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (line.length > this.maxLineBytes) {
      return this.refuse([line], true);
    }
    if (line.length > 0) this.ready.push(line.toString("utf8"));
    return true;
  }

  // Returns whether reading goes on after the refused line.
  private refuse(line: Buffer[], complete: boolean): boolean {
    const head = edge(line, "start");
    this.pending = [];
    this.pendingBytes = 0;
    if (this.onLongLine === "fail") {
      this.overflowHead = head.toString("utf8");
      this.overflow = true;
      return false;
    }
    if (complete) this.ready.push(new LineTooLongError(this.maxLineBytes, head.toString("utf8"), edge(line, "end").toString("utf8")));
    else this.skipping = { head, tail: edge(line, "end") };
    return true;
  }
}

export type ParseLineResult<T> = Result<T, ErrorReply>;

// Parse one line against a schema. The error says where the shape is wrong but never echoes the
// input, since a line may carry a ref or a token.
export function parseLine<S extends z.ZodType>(line: string, schema: S): ParseLineResult<z.infer<S>> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: { code: "bad_request", message: "message is not valid JSON", retryAllowed: false } };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "message";
  const message = `invalid ${path}: ${issue?.code ?? "invalid"}`.slice(0, 200);
  return { ok: false, error: { code: "bad_request", message, retryAllowed: false } };
}

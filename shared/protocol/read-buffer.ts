import type { z } from "zod";
import { MAX_REQUEST_LINE_BYTES } from "./limits.js";
import type { WireError } from "./errors.js";

const LF = 0x0a;
const CR = 0x0d;

// Enough of a refused line's start to read a JSON-RPC id placed before the params.
export const LONG_LINE_HEAD_BYTES = 1024;

export class LineTooLongError extends Error {
  override name = "LineTooLongError";
  readonly maxLineBytes: number;
  // The first bytes of the refused line (UTF-8, possibly cut mid-character). Never log it: a line
  // may carry a ref or a token.
  readonly head: string;

  constructor(maxLineBytes: number, head = "") {
    super(`line exceeds ${maxLineBytes} bytes`);
    this.maxLineBytes = maxLineBytes;
    this.head = head;
  }
}

export interface ReadBufferOptions {
  // Longest accepted line in bytes, not counting the "\n" or "\r\n" terminator.
  maxLineBytes?: number;
}

// NDJSON framing over a byte stream (after the MCP SDK's ReadBuffer), with a per-line cap.
//
// Lines are split on bytes and decoded only when complete, so a UTF-8 character cut between two
// chunks decodes correctly. Empty lines are skipped. When a line grows past the cap, the buffer
// becomes `overflowed`: it drops everything pending, ignores further input, hands out the lines
// that were complete before the bad one, and then `readLine()` throws `LineTooLongError` (every
// call, until `clear()`), carrying the bad line's first LONG_LINE_HEAD_BYTES bytes so the owner can
// answer with the line's id. The owner should drop the connection; memory never exceeds the cap.
export class ReadBuffer {
  readonly maxLineBytes: number;
  private readonly ready: string[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private overflow = false;
  private overflowHead = "";

  constructor(options: ReadBufferOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? MAX_REQUEST_LINE_BYTES;
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
    const total = this.pendingBytes + tail.length;
    // One extra byte is allowed only if it is the "\r" of a coming "\r\n".
    if (total > this.maxLineBytes + 1 || (total === this.maxLineBytes + 1 && tail[tail.length - 1] !== CR)) {
      this.fail([...this.pending, tail]);
      return;
    }
    this.pending.push(tail);
    this.pendingBytes = total;
  }

  // Returns the next complete line, or undefined when none is ready yet.
  readLine(): string | undefined {
    const line = this.ready.shift();
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
  }

  private completeLine(segment: Buffer): boolean {
    let line = this.pendingBytes === 0 ? segment : Buffer.concat([...this.pending, segment]);
    this.pending = [];
    this.pendingBytes = 0;
    if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (line.length > this.maxLineBytes) {
      this.fail([line]);
      return false;
    }
    if (line.length > 0) this.ready.push(line.toString("utf8"));
    return true;
  }

  private fail(line: Buffer[]): void {
    const head: Buffer[] = [];
    for (let room = LONG_LINE_HEAD_BYTES, i = 0; room > 0 && i < line.length; i++) {
      const part = line[i]!.subarray(0, room);
      head.push(part);
      room -= part.length;
    }
    this.overflowHead = Buffer.concat(head).toString("utf8");
    this.overflow = true;
    this.pending = [];
    this.pendingBytes = 0;
  }
}

export type ParseLineResult<T> = { ok: true; value: T } | { ok: false; error: WireError };

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

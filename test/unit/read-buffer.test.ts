import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LineTooLongError, LONG_LINE_EDGE_BYTES, parseLine, ReadBuffer } from "../../shared/protocol/read-buffer.js";
import { MAX_REQUEST_LINE_BYTES, RequestSchema, serializeMessage } from "../../shared/protocol/envelope.js";

function drain(buffer: ReadBuffer): string[] {
  const lines: string[] = [];
  for (let line = buffer.readLine(); line !== undefined; line = buffer.readLine()) lines.push(line);
  return lines;
}

describe("ReadBuffer framing", () => {
  it("returns nothing until a line is complete", () => {
    const buffer = new ReadBuffer();
    expect(buffer.readLine()).toBeUndefined();
    buffer.append(Buffer.from('{"a":1}'));
    expect(buffer.readLine()).toBeUndefined();
    buffer.append(Buffer.from("\n"));
    expect(buffer.readLine()).toBe('{"a":1}');
    expect(buffer.readLine()).toBeUndefined();
  });

  it("reassembles a message fed byte by byte", () => {
    const buffer = new ReadBuffer();
    const bytes = Buffer.from(serializeMessage({ id: "1", op: "hotels.status", args: { city: "Казань ✓ 🏨" } }));
    const lines: string[] = [];
    for (const byte of bytes) {
      buffer.append(Buffer.from([byte]));
      lines.push(...drain(buffer));
    }
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([{ id: "1", op: "hotels.status", args: { city: "Казань ✓ 🏨" } }]);
  });

  it("splits several messages in one chunk, keeping the unterminated tail", () => {
    const buffer = new ReadBuffer();
    buffer.append(Buffer.from('{"n":1}\n{"n":2}\n{"n":3}\n{"n":'));
    expect(drain(buffer)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    buffer.append(Buffer.from("4}\n"));
    expect(drain(buffer)).toEqual(['{"n":4}']);
  });

  it("strips \\r\\n, including a \\r and \\n in different chunks, and skips empty lines", () => {
    const buffer = new ReadBuffer();
    buffer.append(Buffer.from('{"a":1}\r\n\r\n\n{"b":2}\r'));
    buffer.append(Buffer.from('\n{"c":3}\n'));
    expect(drain(buffer)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it("decodes a multi-byte UTF-8 character split across chunks", () => {
    const bytes = Buffer.from('{"s":"₽🏨"}\n');
    // "₽" is 3 bytes and "🏨" 4: cut inside each of them.
    for (let cut = 1; cut < bytes.length; cut++) {
      const buffer = new ReadBuffer();
      buffer.append(bytes.subarray(0, cut));
      buffer.append(bytes.subarray(cut));
      expect(drain(buffer)).toEqual(['{"s":"₽🏨"}']);
    }
  });

  it("accepts Uint8Array chunks as well as Buffers", () => {
    const buffer = new ReadBuffer();
    buffer.append(new TextEncoder().encode("x\n"));
    expect(buffer.readLine()).toBe("x");
  });
});

describe("ReadBuffer line cap", () => {
  it("defaults to the 64 KiB request cap", () => {
    expect(new ReadBuffer().maxLineBytes).toBe(64 * 1024);
    expect(MAX_REQUEST_LINE_BYTES).toBe(65536);
    expect(() => new ReadBuffer({ maxLineBytes: 0 })).toThrow(RangeError);
  });

  it("reports overflow past the cap without a newline and stops growing", () => {
    const buffer = new ReadBuffer();
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    for (let i = 0; i < 4; i++) buffer.append(chunk);
    expect(buffer.overflowed).toBe(false);
    expect(buffer.pendingByteLength).toBe(64 * 1024);
    buffer.append(Buffer.from("a"));
    buffer.append(Buffer.from("a"));
    expect(buffer.overflowed).toBe(true);
    expect(buffer.pendingByteLength).toBe(0);
    // Further input, even a lot of it and even with newlines, is ignored.
    for (let i = 0; i < 64; i++) buffer.append(Buffer.from('aaaa\n{"ok":true}\n'.repeat(1000)));
    expect(buffer.pendingByteLength).toBe(0);
    expect(() => buffer.readLine()).toThrow(LineTooLongError);
    expect(() => buffer.readLine()).toThrow(LineTooLongError);
  });

  it("reports overflow as soon as one chunk is too long", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 10 });
    buffer.append(Buffer.alloc(1024 * 1024, 0x61));
    expect(buffer.overflowed).toBe(true);
    expect(buffer.pendingByteLength).toBe(0);
  });

  it("never holds more than the cap plus one byte, whatever the chunking", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 0, maxLength: 40 }), { maxLength: 40 }), (chunks) => {
        const buffer = new ReadBuffer({ maxLineBytes: 32 });
        for (const chunk of chunks) {
          buffer.append(chunk);
          expect(buffer.pendingByteLength).toBeLessThanOrEqual(33);
        }
      }),
    );
  });

  it("refuses a line that ends in a newline but is over the cap", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 8 });
    buffer.append(Buffer.from("ok\n123456789\nlater\n"));
    expect(buffer.readLine()).toBe("ok");
    expect(() => buffer.readLine()).toThrow(LineTooLongError);
    const big = new ReadBuffer();
    big.append(Buffer.from(`${"x".repeat(64 * 1024 + 1)}\n`));
    expect(() => big.readLine()).toThrow(LineTooLongError);
  });

  it("accepts a line of exactly the cap, with \\n or \\r\\n, also when the \\r\\n is split", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 8 });
    buffer.append(Buffer.from("12345678\n12345678\r\n12345678\r"));
    expect(buffer.overflowed).toBe(false);
    buffer.append(Buffer.from("\n"));
    expect(drain(buffer)).toEqual(["12345678", "12345678", "12345678"]);
    buffer.append(Buffer.from("123456789"));
    expect(buffer.overflowed).toBe(true);
  });

  it("counts bytes, not characters", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 6 });
    buffer.append(Buffer.from("₽₽\n"));
    expect(buffer.readLine()).toBe("₽₽");
    buffer.append(Buffer.from("₽₽₽\n"));
    expect(() => buffer.readLine()).toThrow(LineTooLongError);
  });

  it("hands the refused line's first bytes to the owner, from pending chunks or a complete line", () => {
    const head = (chunks: string[]): string => {
      const buffer = new ReadBuffer({ maxLineBytes: 8 });
      for (const c of chunks) buffer.append(Buffer.from(c));
      try {
        while (buffer.readLine() !== undefined);
      } catch (err) {
        if (err instanceof LineTooLongError) return err.head;
      }
      return "not refused";
    };
    expect(head(["ok\n{\"id\"", ":1234567"])).toBe('{"id":1234567');
    expect(head(["{\"id\":12345\n"])).toBe('{"id":12345');
    expect(head(["x".repeat(LONG_LINE_EDGE_BYTES + 10)])).toBe("x".repeat(LONG_LINE_EDGE_BYTES));
  });

  it("clear() makes the buffer usable again", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 4 });
    buffer.append(Buffer.from("too long"));
    buffer.clear();
    buffer.append(Buffer.from("ok\n"));
    expect(buffer.readLine()).toBe("ok");
  });
});

describe("ReadBuffer skip mode (onLongLine: \"skip\")", () => {
  const refused = (buffer: ReadBuffer): LineTooLongError => {
    try {
      const line = buffer.readLine();
      throw new Error(`expected a refused line, got ${String(line)}`);
    } catch (err) {
      if (err instanceof LineTooLongError) return err;
      throw err;
    }
  };

  it("skips a 9 MiB line sent in many chunks, keeping only its edges, and goes on with the next line", () => {
    const cap = 8 * 1024 * 1024;
    const buffer = new ReadBuffer({ maxLineBytes: cap, onLongLine: "skip" });
    // The SDK's client writes the id after the params.
    const big = Buffer.from(`{"jsonrpc":"2.0","method":"tools/call","params":{"pad":"${"x".repeat(9 * 1024 * 1024)}"},"id":7}\n{"jsonrpc":"2.0","method":"ping","id":8}\n`);
    let chunk = 0;
    for (let at = 0, size = 1; at < big.length; at += size, size = (size * 7 + 13) % 65_521 + 1) {
      const part = big.subarray(at, at + size);
      buffer.append(part);
      chunk = Math.max(chunk, part.length);
      expect(buffer.pendingByteLength).toBeLessThanOrEqual(cap + 1);
    }
    expect(chunk).toBeGreaterThan(60_000);
    const err = refused(buffer);
    expect(err.head).toBe(big.subarray(0, LONG_LINE_EDGE_BYTES).toString());
    expect(err.tail.length).toBe(LONG_LINE_EDGE_BYTES);
    expect(err.tail.endsWith('"},"id":7}')).toBe(true);
    expect(buffer.readLine()).toBe('{"jsonrpc":"2.0","method":"ping","id":8}');
    expect(buffer.readLine()).toBeUndefined();
    expect(buffer.overflowed).toBe(false);
  });

  it("refuses a complete over-cap line once, between the lines around it, and strips a split \\r\\n from its tail", () => {
    const buffer = new ReadBuffer({ maxLineBytes: 8, onLongLine: "skip" });
    buffer.append(Buffer.from("ok\n123456789\nlater\nabcdefghij\r"));
    expect(buffer.readLine()).toBe("ok");
    expect(refused(buffer)).toMatchObject({ head: "123456789", tail: "123456789" });
    expect(buffer.readLine()).toBe("later");
    expect(buffer.readLine()).toBeUndefined();
    buffer.append(Buffer.from("\nnext\n"));
    expect(refused(buffer)).toMatchObject({ head: "abcdefghij", tail: "abcdefghij" });
    expect(buffer.readLine()).toBe("next");
  });

  it("any split of a stream yields the same lines and refusals as one chunk", () => {
    const lineArb = fc.stringMatching(/^[a-z₽]{0,20}$/);
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), (lines, cuts) => {
        const stream = Buffer.from(lines.map((l) => `${l}\n`).join(""));
        const expected = lines
          .filter((l) => l.length > 0)
          .map((l) => (Buffer.byteLength(l) > 12 ? { head: l, tail: l } : l));
        const buffer = new ReadBuffer({ maxLineBytes: 12, onLongLine: "skip" });
        const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        for (const to of [...points, stream.length]) {
          buffer.append(stream.subarray(from, to));
          from = to;
        }
        const got: (string | { head: string; tail: string })[] = [];
        for (;;) {
          try {
            const line = buffer.readLine();
            if (line === undefined) break;
            got.push(line);
          } catch (err) {
            if (!(err instanceof LineTooLongError)) throw err;
            got.push({ head: err.head, tail: err.tail });
          }
        }
        expect(got).toEqual(expected);
      }),
    );
  });
});

// JSON values that survive a JSON round trip unchanged (no -0, no undefined, no NaN).
const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const jsonObject = fc.dictionary(fc.string(), jsonValue, { maxKeys: 5 });

describe("ReadBuffer property", () => {
  it("any split of a serialised stream yields the same objects in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(jsonObject, fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), { maxKeys: 3 })), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.boolean(),
        (objects, cuts, crlf) => {
          const text = objects.map((o) => (crlf ? serializeMessage(o).replace(/\n$/, "\r\n") : serializeMessage(o))).join("");
          const bytes = Buffer.from(text, "utf8");
          const points = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % (bytes.length + 1))))].sort((a, b) => a - b);
          const buffer = new ReadBuffer();
          const out: unknown[] = [];
          let prev = 0;
          for (const point of [...points, bytes.length]) {
            buffer.append(bytes.subarray(prev, point));
            prev = point;
            for (const line of drain(buffer)) out.push(JSON.parse(line));
          }
          expect(out).toEqual(objects);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("parseLine", () => {
  it("parses a valid request", () => {
    const result = parseLine('{"id":"1","op":"hotels.status","args":{}}', RequestSchema);
    expect(result).toEqual({ ok: true, value: { id: "1", op: "hotels.status", args: {} } });
  });

  it("turns garbage and schema mismatches into bad_request without echoing input", () => {
    const garbage = parseLine("{not json phr_SECRET", RequestSchema);
    expect(garbage).toEqual({ ok: false, error: { code: "bad_request", message: "message is not valid JSON", retryAllowed: false } });
    const mismatch = parseLine('{"id":"","op":"x","args":{},"token":"SECRET"}', RequestSchema);
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) {
      expect(mismatch.error.code).toBe("bad_request");
      expect(mismatch.error.retryAllowed).toBe(false);
      expect(mismatch.error.message).not.toContain("SECRET");
      expect(mismatch.error.message).not.toContain("token");
    }
    expect(parseLine('{"v":"x"}', z.strictObject({ v: z.number() }))).toMatchObject({ ok: false, error: { message: "invalid v: invalid_type" } });
    expect(parseLine("[]", RequestSchema).ok).toBe(false);
    expect(parseLine("null", RequestSchema).ok).toBe(false);
  });
});

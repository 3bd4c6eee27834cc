import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BrokerError,
  errorResponse,
  MAX_RESPONSE_LINE_BYTES,
  ReadBuffer,
  RequestSchema,
  ResponseSchema,
  serializeMessage,
  serializeResponse,
} from "../../shared/protocol/index.js";
import type { Response } from "../../shared/protocol/index.js";

describe("envelope", () => {
  it("never writes a response line the client's read buffer refuses, and sends a result that fits unchanged", () => {
    const overhead = Buffer.byteLength(serializeMessage({ id: "1", ok: true, result: "" }));
    fc.assert(
      fc.property(fc.constantFrom("x", "ж", "₽", "😀"), fc.integer({ min: -8, max: 8 }), (char, delta) => {
        // Results whose line lands just under, on and just over the cap, in 1- to 4-byte characters.
        const count = Math.floor((MAX_RESPONSE_LINE_BYTES - overhead) / Buffer.byteLength(char)) + delta;
        const response: Response = { id: "1", ok: true, result: char.repeat(count) };
        const line = serializeResponse(response);
        // The read buffer the broker client (shared/protocol/client.ts) reads responses with.
        const client = new ReadBuffer({ maxLineBytes: MAX_RESPONSE_LINE_BYTES });
        client.append(Buffer.from(line));
        expect(client.readLine()).toBe(line.slice(0, -1));
        const whole = serializeMessage(response);
        if (Buffer.byteLength(whole) <= MAX_RESPONSE_LINE_BYTES) expect(line).toBe(whole);
        else expect(JSON.parse(line)).toMatchObject({ id: "1", ok: false, error: { code: "too_large", retryAllowed: false } });
      }),
      { numRuns: 40 },
    );
  });

  it("serialises one object per line, even with newlines inside strings", () => {
    const line = serializeMessage({ id: "1", op: "x", args: { text: "a\nb\r\u2028" } });
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(JSON.parse(line)).toEqual({ id: "1", op: "x", args: { text: "a\nb\r\u2028" } });
  });

  it("requests: bounded id, any op string, unknown fields rejected", () => {
    expect(RequestSchema.safeParse({ id: "a", op: "hotels.status", args: {} }).success).toBe(true);
    expect(RequestSchema.safeParse({ id: "a", op: "no.such_op", args: null }).success).toBe(true);
    expect(RequestSchema.safeParse({ id: "", op: "hotels.status", args: {} }).success).toBe(false);
    expect(RequestSchema.safeParse({ id: "x".repeat(65), op: "hotels.status", args: {} }).success).toBe(false);
    expect(RequestSchema.safeParse({ id: "x".repeat(64), op: "hotels.status", args: {} }).success).toBe(true);
    expect(RequestSchema.safeParse({ id: 1, op: "hotels.status", args: {} }).success).toBe(false);
    expect(RequestSchema.safeParse({ id: "a", op: "hotels.status", args: {}, role: "toolkit" }).success).toBe(false);
  });

  it("responses round trip as a union on ok", () => {
    const ok: Response = { id: "7", ok: true, result: { state: "pending" } };
    const err: Response = { id: "8", ok: false, error: { code: "invalid_ref", message: "unknown reference", retryAllowed: false } };
    expect(ResponseSchema.parse(JSON.parse(serializeMessage(ok)))).toEqual(ok);
    expect(ResponseSchema.parse(JSON.parse(serializeMessage(err)))).toEqual(err);
    expect(ResponseSchema.safeParse({ id: "7", ok: true, error: err.error }).success).toBe(false);
    expect(ResponseSchema.safeParse({ id: "7", ok: false, result: {} }).success).toBe(false);
    expect(ResponseSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(ResponseSchema.safeParse({ id: null, ok: false, error: err.error }).success).toBe(true);
    expect(ResponseSchema.safeParse({ id: null, ok: true, result: {} }).success).toBe(false);
  });

  it("errorResponse goes through the single conversion", () => {
    expect(errorResponse("1", new Error("secret"))).toEqual({
      id: "1",
      ok: false,
      error: { code: "internal", message: "internal broker error", retryAllowed: false },
    });
    expect(errorResponse("2", new BrokerError("capability_consumed")).error.code).toBe("capability_consumed");
  });

  it("serializeResponse replaces an oversized result with too_large for the same id", () => {
    const small = serializeResponse({ id: "1", ok: true, result: { a: 1 } });
    expect(JSON.parse(small)).toEqual({ id: "1", ok: true, result: { a: 1 } });
    const huge = serializeResponse({ id: "2", ok: true, result: { blob: "x".repeat(MAX_RESPONSE_LINE_BYTES) } });
    expect(Buffer.byteLength(huge)).toBeLessThan(1024);
    expect(JSON.parse(huge)).toMatchObject({ id: "2", ok: false, error: { code: "too_large", retryAllowed: false } });
    const multibyte = serializeResponse({ id: "3", ok: true, result: "₽".repeat(40) }, 100);
    expect(JSON.parse(multibyte)).toMatchObject({ ok: false, error: { code: "too_large" } });
  });
});

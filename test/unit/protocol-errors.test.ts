import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BrokerError,
  DEFAULT_RETRY_ALLOWED,
  ERROR_CODES,
  ErrorCodeSchema,
  fromErrorReply,
  isBrokerError,
  toErrorReply,
  ErrorReplySchema,
} from "../../shared/protocol/index.js";
import type { ErrorCode } from "../../shared/protocol/index.js";

const codeArb = fc.constantFrom(...ERROR_CODES);

describe("error codes", () => {
  it("every code round-trips through the error reply schema and back into the local error class", () => {
    fc.assert(
      fc.property(codeArb, fc.string({ maxLength: 600 }), fc.option(fc.boolean(), { nil: undefined }), (code, message, retryAllowed) => {
        const err = new BrokerError(code, message, retryAllowed === undefined ? {} : { retryAllowed });
        const reply = ErrorReplySchema.parse(JSON.parse(JSON.stringify(toErrorReply(err))));
        const back = fromErrorReply(reply);
        expect(back).toBeInstanceOf(BrokerError);
        expect(back.code).toBe(code);
        expect(back.retryAllowed).toBe(retryAllowed ?? DEFAULT_RETRY_ALLOWED[code]);
        // Long messages are cut to fit the wire, never refused.
        expect(message.startsWith(back.message)).toBe(true);
        expect(toErrorReply(back)).toEqual(reply);
      }),
    );
  });

  it("every code has a default message that crosses the wire unchanged", () => {
    for (const code of ERROR_CODES) {
      const err = new BrokerError(code);
      expect(err.message, code).not.toBe("");
      expect(fromErrorReply(ErrorReplySchema.parse(toErrorReply(err))).message, code).toBe(err.message);
    }
  });

  it("the error reply refuses any code outside the closed set", () => {
    fc.assert(fc.property(fc.string(), (code) => ERROR_CODES.includes(code as ErrorCode) || !ErrorCodeSchema.safeParse(code).success));
  });

  it("docs/protocol.md lists exactly these codes, with the same retryAllowed defaults", () => {
    const doc = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Error codes"));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| (true|false) \|/gm)].map((m) => [m[1], m[2] === "true"] as const);
    expect(Object.fromEntries(rows)).toEqual(DEFAULT_RETRY_ALLOWED);
    expect(rows).toHaveLength(ERROR_CODES.length);
  });
});

describe("BrokerError and the wire", () => {
  it("carries code and default retryAllowed, overridable", () => {
    const err = new BrokerError("busy");
    expect(err).toBeInstanceOf(Error);
    expect(isBrokerError(err)).toBe(true);
    expect(err.name).toBe("BrokerError");
    expect(err.retryAllowed).toBe(true);
    expect(err.message.length).toBeGreaterThan(0);
    expect(new BrokerError("busy", "queue full", { retryAllowed: false }).retryAllowed).toBe(false);
  });

  it("converts a BrokerError both ways without loss", () => {
    const err = new BrokerError("ref_expired", "bookingRef expired: call list_bookings again");
    const reply = toErrorReply(err);
    expect(reply).toEqual({ code: "ref_expired", message: "bookingRef expired: call list_bookings again", retryAllowed: false });
    expect(ErrorReplySchema.parse(reply)).toEqual(reply);
    const back = fromErrorReply(reply);
    expect(back).toBeInstanceOf(BrokerError);
    expect([back.code, back.message, back.retryAllowed]).toEqual([reply.code, reply.message, reply.retryAllowed]);
  });

  it("keeps the cause local", () => {
    const reply = toErrorReply(new BrokerError("provider_error", "provider returned 500", { cause: new Error("body: secret-token") }));
    expect(JSON.stringify(reply)).not.toContain("secret-token");
  });

  it("never leaks the message of an unknown error", () => {
    const secrets = [
      new Error("ECONNRESET at Bearer eyJhbGciOi.secret"),
      new TypeError("Cannot read properties of undefined (reading 'orderId=12345')"),
      "a thrown string with refresh_token=abc",
      { message: "object with a message phr_secret" },
      null,
      undefined,
    ];
    for (const thrown of secrets) {
      const reply = toErrorReply(thrown);
      expect(reply.code).toBe("internal");
      expect(reply.retryAllowed).toBe(false);
      expect(reply.message).toBe("internal broker error");
    }
  });

  it("a message that only looks like a BrokerError is still internal", () => {
    const fake = Object.assign(new Error("secret"), { code: "busy", retryAllowed: true });
    expect(toErrorReply(fake)).toEqual({ code: "internal", message: "internal broker error", retryAllowed: false });
  });

  it("bounds the message length on the wire", () => {
    const reply = toErrorReply(new BrokerError("bad_request", "x".repeat(10_000)));
    expect(ErrorReplySchema.safeParse(reply).success).toBe(true);
  });

  it("rejects error replies with unknown fields or codes", () => {
    expect(ErrorReplySchema.safeParse({ code: "busy", message: "m", retryAllowed: true, stack: "..." }).success).toBe(false);
    expect(ErrorReplySchema.safeParse({ code: "nope", message: "m", retryAllowed: true }).success).toBe(false);
    expect(ErrorReplySchema.safeParse({ code: "busy", message: "m" }).success).toBe(false);
  });
});

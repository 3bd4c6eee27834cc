import { describe, expect, it } from "vitest";
import {
  BrokerError,
  DEFAULT_RETRY_ALLOWED,
  ERROR_CODES,
  ErrorCodeSchema,
  fromWireError,
  isBrokerError,
  toWireError,
  WireErrorSchema,
} from "../../shared/protocol/index.js";

describe("error codes", () => {
  it("are exactly the 15 codes of DESIGN.md", () => {
    expect([...ERROR_CODES].sort()).toEqual(
      [
        "unsupported_protocol",
        "operation_not_allowed",
        "bad_request",
        "mobile_login_required",
        "session_expired",
        "provider_auth_rejected",
        "provider_unavailable",
        "provider_error",
        "invalid_ref",
        "ref_expired",
        "capability_consumed",
        "too_large",
        "busy",
        "timeout",
        "internal",
      ].sort(),
    );
    expect(ERROR_CODES).toHaveLength(15);
    expect(ErrorCodeSchema.safeParse("not_a_code").success).toBe(false);
  });

  it("each has a default retryAllowed; only transient ones allow a retry", () => {
    expect(Object.keys(DEFAULT_RETRY_ALLOWED).sort()).toEqual([...ERROR_CODES].sort());
    const retryable = ERROR_CODES.filter((c) => DEFAULT_RETRY_ALLOWED[c]);
    expect(retryable.sort()).toEqual(["busy", "provider_unavailable", "timeout"]);
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
    const wire = toWireError(err);
    expect(wire).toEqual({ code: "ref_expired", message: "bookingRef expired: call list_bookings again", retryAllowed: false });
    expect(WireErrorSchema.parse(wire)).toEqual(wire);
    const back = fromWireError(wire);
    expect(back).toBeInstanceOf(BrokerError);
    expect([back.code, back.message, back.retryAllowed]).toEqual([wire.code, wire.message, wire.retryAllowed]);
  });

  it("keeps the cause local", () => {
    const wire = toWireError(new BrokerError("provider_error", "provider returned 500", { cause: new Error("body: secret-token") }));
    expect(JSON.stringify(wire)).not.toContain("secret-token");
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
      const wire = toWireError(thrown);
      expect(wire.code).toBe("internal");
      expect(wire.retryAllowed).toBe(false);
      expect(wire.message).toBe("internal broker error");
    }
  });

  it("a message that only looks like a BrokerError is still internal", () => {
    const fake = Object.assign(new Error("secret"), { code: "busy", retryAllowed: true });
    expect(toWireError(fake)).toEqual({ code: "internal", message: "internal broker error", retryAllowed: false });
  });

  it("bounds the message length on the wire", () => {
    const wire = toWireError(new BrokerError("bad_request", "x".repeat(10_000)));
    expect(WireErrorSchema.safeParse(wire).success).toBe(true);
  });

  it("rejects wire errors with unknown fields or codes", () => {
    expect(WireErrorSchema.safeParse({ code: "busy", message: "m", retryAllowed: true, stack: "..." }).success).toBe(false);
    expect(WireErrorSchema.safeParse({ code: "nope", message: "m", retryAllowed: true }).success).toBe(false);
    expect(WireErrorSchema.safeParse({ code: "busy", message: "m" }).success).toBe(false);
  });
});

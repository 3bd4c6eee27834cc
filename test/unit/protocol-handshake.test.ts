import { describe, expect, it } from "vitest";
import {
  HandshakeReplySchema,
  HelloSchema,
  isSupportedProtocol,
  PROTOCOL_VERSION,
  SUPPORTED_PROTOCOLS,
  serializeMessage,
  unsupportedProtocol,
  UnsupportedProtocolSchema,
  WelcomeSchema,
} from "../../shared/protocol/index.js";
import type { Hello, Welcome } from "../../shared/protocol/index.js";

const roundTrip = (value: object): unknown => JSON.parse(serializeMessage(value));

describe("handshake", () => {
  it("is protocol 2", () => {
    expect(PROTOCOL_VERSION).toBe(2);
    expect(SUPPORTED_PROTOCOLS).toEqual([2]);
    expect(isSupportedProtocol(2)).toBe(true);
    expect(isSupportedProtocol(1)).toBe(false);
  });

  it("hello round trips for every client role", () => {
    for (const client of ["hotels", "banking", "toolkit"] as const) {
      const hello: Hello = { type: "hello", protocol: 2, client, clientVersion: "0.1.0" };
      expect(HelloSchema.parse(roundTrip(hello))).toEqual(hello);
    }
  });

  it("hello with another protocol version still parses, so it can be answered", () => {
    expect(HelloSchema.safeParse({ type: "hello", protocol: 1, client: "hotels", clientVersion: "0.0.1" }).success).toBe(true);
    expect(HelloSchema.safeParse({ type: "hello", protocol: 3, client: "hotels", clientVersion: "9" }).success).toBe(true);
  });

  it("hello rejects unknown fields, unknown clients and bad types", () => {
    const base = { type: "hello", protocol: 2, client: "hotels", clientVersion: "0.1.0" };
    expect(HelloSchema.safeParse({ ...base, token: "x" }).success).toBe(false);
    expect(HelloSchema.safeParse({ ...base, client: "agent" }).success).toBe(false);
    expect(HelloSchema.safeParse({ ...base, protocol: "2" }).success).toBe(false);
    expect(HelloSchema.safeParse({ ...base, protocol: 2.5 }).success).toBe(false);
    expect(HelloSchema.safeParse({ ...base, clientVersion: "" }).success).toBe(false);
    expect(HelloSchema.safeParse({ ...base, type: "welcome" }).success).toBe(false);
    const { clientVersion: _omit, ...missing } = base;
    expect(HelloSchema.safeParse(missing).success).toBe(false);
  });

  it("welcome round trips and rejects unknown fields or another protocol", () => {
    const welcome: Welcome = {
      type: "welcome",
      protocol: 2,
      brokerVersion: "0.1.0",
      operations: ["hotels.status", "hotels.list_bookings"],
      verifiedOperations: ["hotels.list_bookings"],
    };
    expect(WelcomeSchema.parse(roundTrip(welcome))).toEqual(welcome);
    expect(HandshakeReplySchema.parse(roundTrip(welcome))).toEqual(welcome);
    expect(WelcomeSchema.safeParse({ ...welcome, protocol: 1 }).success).toBe(false);
    expect(WelcomeSchema.safeParse({ ...welcome, extra: true }).success).toBe(false);
    const { verifiedOperations: _omit, ...legacy } = welcome;
    expect(WelcomeSchema.safeParse(legacy).success).toBe(false);
  });

  it("unsupported_protocol reply lists the supported versions", () => {
    const reply = unsupportedProtocol();
    expect(reply).toMatchObject({ type: "error", error: { code: "unsupported_protocol", retryAllowed: false }, supported: [2] });
    expect(UnsupportedProtocolSchema.parse(roundTrip(reply))).toEqual(reply);
    expect(HandshakeReplySchema.parse(roundTrip(reply))).toEqual(reply);
    expect(UnsupportedProtocolSchema.safeParse({ ...reply, error: { ...reply.error, code: "busy" } }).success).toBe(false);
    expect(UnsupportedProtocolSchema.safeParse({ ...reply, error: { ...reply.error, extra: 1 } }).success).toBe(false);
    expect(UnsupportedProtocolSchema.safeParse({ ...reply, more: 1 }).success).toBe(false);
  });
});

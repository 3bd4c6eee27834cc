import { describe, expect, it } from "vitest";
import { CapabilityTable, PAYMENT_HANDOFF_TTL_MS, type MintInput } from "../../broker/capabilities.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { isRef, sha256Hex } from "../../shared/refs.js";

const FACTS: MintInput = {
  amountDecimal: "18450.5",
  currency: "RUB",
  paymentStatus: "WAITING_FOR_PAYMENT",
  observedAt: 1_800_000_000_000,
  sessionId: "sess-a",
  orderId: "ord_secret_1234567",
};

function fakeClock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof BrokerError ? err.code : "not a BrokerError";
  }
  return undefined;
}

describe("CapabilityTable (payment handoffs)", () => {
  it("mints a phr_ ref with 256 random bits and hands the bound facts over exactly once", () => {
    const clock = fakeClock();
    const table = new CapabilityTable({ now: clock.now });
    const { paymentHandoffRef, expiresAt } = table.mint(FACTS);
    expect(isRef("paymentHandoffRef", paymentHandoffRef)).toBe(true);
    expect(expiresAt).toBe(clock.now() + PAYMENT_HANDOFF_TTL_MS);
    clock.advance(1000);
    const consumed = table.consume(paymentHandoffRef, "banking");
    expect(consumed).toEqual({ amountDecimal: "18450.5", currency: "RUB", paymentStatus: "WAITING_FOR_PAYMENT", observedAt: FACTS.observedAt, consumedAt: clock.now() });
    // The booking and session stay inside the broker.
    expect(JSON.stringify(consumed)).not.toContain("ord_");
    expect(JSON.stringify(consumed)).not.toContain("sess-a");
    expect(codeOf(() => table.consume(paymentHandoffRef, "banking"))).toBe("capability_consumed");
    expect(table.size).toBe(0);
  });

  it("lets exactly one of 100 concurrent consumers win", async () => {
    const table = new CapabilityTable();
    const { paymentHandoffRef } = table.mint(FACTS);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async () => {
        await Promise.resolve();
        try {
          table.consume(paymentHandoffRef, "banking");
          return "ok";
        } catch (err) {
          return err instanceof BrokerError ? err.code : "unexpected";
        }
      }),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "capability_consumed")).toHaveLength(99);
  });

  it("refuses a caller outside the banking audience without burning the capability", () => {
    const table = new CapabilityTable();
    const { paymentHandoffRef } = table.mint(FACTS);
    expect(codeOf(() => table.consume(paymentHandoffRef, "hotels"))).toBe("operation_not_allowed");
    expect(codeOf(() => table.consume(paymentHandoffRef, "toolkit"))).toBe("operation_not_allowed");
    expect(table.consume(paymentHandoffRef, "banking").amountDecimal).toBe("18450.5");
  });

  it("tells an unknown ref apart from a consumed one", () => {
    const table = new CapabilityTable();
    expect(codeOf(() => table.consume(`phr_${"A".repeat(43)}`, "banking"))).toBe("invalid_ref");
  });

  it("expires after the freshness window (fake clock)", () => {
    const clock = fakeClock();
    const table = new CapabilityTable({ now: clock.now, ttlMs: 60_000 });
    const fresh = table.mint(FACTS).paymentHandoffRef;
    const stale = table.mint(FACTS).paymentHandoffRef;
    clock.advance(59_999);
    expect(table.consume(fresh, "banking").currency).toBe("RUB");
    clock.advance(1);
    expect(codeOf(() => table.consume(stale, "banking"))).toBe("ref_expired");
    expect(table.size).toBe(0);
  });

  it("stores only the SHA-256 of the ref", () => {
    const table = new CapabilityTable();
    const { paymentHandoffRef } = table.mint(FACTS);
    const before = table.debugSnapshot();
    expect(before.hashes).toEqual([sha256Hex(paymentHandoffRef)]);
    expect(JSON.stringify(before)).not.toContain(paymentHandoffRef);
    expect(JSON.stringify(before)).not.toContain(paymentHandoffRef.slice(4));
    table.consume(paymentHandoffRef, "banking");
    const after = table.debugSnapshot();
    expect(after.hashes).toEqual([]);
    expect(after.consumedHashes).toEqual([sha256Hex(paymentHandoffRef)]);
    expect(JSON.stringify(after)).not.toContain(paymentHandoffRef.slice(4));
  });

  it("is bounded: the earliest expiry is evicted, and the tombstone set is bounded too", () => {
    const clock = fakeClock();
    const table = new CapabilityTable({ now: clock.now, maxEntries: 2, maxTombstones: 2 });
    const a = table.mint(FACTS).paymentHandoffRef;
    clock.advance(1);
    const b = table.mint(FACTS).paymentHandoffRef;
    clock.advance(1);
    const c = table.mint(FACTS).paymentHandoffRef;
    expect(table.size).toBe(2);
    expect(codeOf(() => table.consume(a, "banking"))).toBe("invalid_ref");
    table.consume(b, "banking");
    table.consume(c, "banking");
    const d = table.mint(FACTS).paymentHandoffRef;
    table.consume(d, "banking");
    expect(table.debugSnapshot().consumedHashes).toHaveLength(2);
    expect(codeOf(() => table.consume(b, "banking"))).toBe("invalid_ref");
    expect(codeOf(() => table.consume(d, "banking"))).toBe("capability_consumed");
  });

  it("clear() on logout kills every live capability", () => {
    const table = new CapabilityTable();
    const refs = [table.mint(FACTS), table.mint(FACTS)].map((m) => m.paymentHandoffRef);
    expect(table.clear()).toBe(2);
    expect(table.size).toBe(0);
    for (const ref of refs) expect(codeOf(() => table.consume(ref, "banking"))).toBe("invalid_ref");
  });
});

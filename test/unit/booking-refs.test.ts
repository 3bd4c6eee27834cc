import { describe, expect, it } from "vitest";
import { BOOKING_REF_TTL_MS, RefTable } from "../../broker/refs.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { isRef } from "../../shared/refs.js";

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

describe("RefTable (bookingRefs)", () => {
  it("mints bkr_ refs with 128 random bits and resolves them for the same session and role", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now });
    const { bookingRef, expiresAt } = refs.mint("ord_1234567", "sess-a");
    expect(isRef("bookingRef", bookingRef)).toBe(true);
    expect(bookingRef).not.toContain("ord_");
    expect(expiresAt).toBe(clock.now() + BOOKING_REF_TTL_MS);
    expect(refs.resolve(bookingRef, "sess-a", "hotels")).toBe("ord_1234567");
    // Refs work across calls until they expire.
    expect(refs.resolve(bookingRef, "sess-a", "hotels")).toBe("ord_1234567");
  });

  it("keeps one live ref per order, session and role, and each listing refreshes its TTL", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now });
    const first = refs.mint("ord_1", "s");
    clock.advance(BOOKING_REF_TTL_MS - 1);
    const again = refs.mint("ord_1", "s");
    expect(again.bookingRef).toBe(first.bookingRef);
    expect(again.expiresAt).toBe(clock.now() + BOOKING_REF_TTL_MS);
    expect(refs.size).toBe(1);
    // The refreshed TTL holds past the first one's expiry.
    clock.advance(BOOKING_REF_TTL_MS - 1);
    expect(refs.resolve(first.bookingRef, "s", "hotels")).toBe("ord_1");
    // Another order, session or role never shares it.
    const others = [refs.mint("ord_2", "s"), refs.mint("ord_1", "s2"), refs.mint("ord_1", "s", "banking")].map((r) => r.bookingRef);
    expect(new Set([first.bookingRef, ...others]).size).toBe(4);
  });

  it("gives an order a new ref once its old one has expired; the old one stays refused", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now });
    const old = refs.mint("ord_1", "s").bookingRef;
    clock.advance(BOOKING_REF_TTL_MS);
    const fresh = refs.mint("ord_1", "s").bookingRef;
    expect(fresh).not.toBe(old);
    expect(codeOf(() => refs.resolve(old, "s", "hotels"))).toBe("ref_expired");
    expect(refs.resolve(fresh, "s", "hotels")).toBe("ord_1");
    // Dropping the expired entry does not forget the order's live ref.
    expect(refs.mint("ord_1", "s").bookingRef).toBe(fresh);
  });

  it("after clear() (logout) the same order gets a new ref and the old one is refused", () => {
    const refs = new RefTable();
    const old = refs.mint("ord_1", "s").bookingRef;
    refs.clear();
    const fresh = refs.mint("ord_1", "s").bookingRef;
    expect(fresh).not.toBe(old);
    expect(codeOf(() => refs.resolve(old, "s", "hotels"))).toBe("invalid_ref");
  });

  it("an evicted ref's order gets a new ref, not the evicted one back", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now, maxEntries: 2, ttlMs: 1000 });
    const first = refs.mint("ord_1", "s").bookingRef;
    clock.advance(10);
    refs.mint("ord_2", "s");
    clock.advance(10);
    refs.mint("ord_3", "s");
    const back = refs.mint("ord_1", "s").bookingRef;
    expect(back).not.toBe(first);
    expect(refs.size).toBe(2);
    expect(codeOf(() => refs.resolve(first, "s", "hotels"))).toBe("invalid_ref");
  });

  it("treats another session, another role or an unknown ref as invalid_ref", () => {
    const refs = new RefTable();
    const { bookingRef } = refs.mint("ord_1", "sess-a");
    expect(codeOf(() => refs.resolve(bookingRef, "sess-b", "hotels"))).toBe("invalid_ref");
    expect(codeOf(() => refs.resolve(bookingRef, undefined, "hotels"))).toBe("invalid_ref");
    expect(codeOf(() => refs.resolve(bookingRef, "sess-a", "banking"))).toBe("invalid_ref");
    expect(codeOf(() => refs.resolve("bkr_AAAAAAAAAAAAAAAAAAAAAA", "sess-a", "hotels"))).toBe("invalid_ref");
    // A mismatched caller does not burn the ref for its owner.
    expect(refs.resolve(bookingRef, "sess-a", "hotels")).toBe("ord_1");
  });

  it("expires refs after 30 minutes with ref_expired", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now });
    const { bookingRef } = refs.mint("ord_1", "s");
    clock.advance(BOOKING_REF_TTL_MS - 1);
    expect(refs.resolve(bookingRef, "s", "hotels")).toBe("ord_1");
    clock.advance(1);
    expect(codeOf(() => refs.resolve(bookingRef, "s", "hotels"))).toBe("ref_expired");
    expect(refs.size).toBe(0);
    expect(codeOf(() => refs.resolve(bookingRef, "s", "hotels"))).toBe("invalid_ref");
  });

  it("is bounded and evicts the entry with the earliest expiry first", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now, maxEntries: 3, ttlMs: 1000 });
    const first = refs.mint("ord_first", "s").bookingRef;
    clock.advance(10);
    const second = refs.mint("ord_second", "s").bookingRef;
    clock.advance(10);
    const third = refs.mint("ord_third", "s").bookingRef;
    clock.advance(10);
    const fourth = refs.mint("ord_fourth", "s").bookingRef;
    expect(refs.size).toBe(3);
    expect(codeOf(() => refs.resolve(first, "s", "hotels"))).toBe("invalid_ref");
    for (const ref of [second, third, fourth]) expect(codeOf(() => refs.resolve(ref, "s", "hotels"))).toBeUndefined();
  });

  it("evicts by expiry, not by insertion order, when the clock went backwards", () => {
    const clock = fakeClock();
    const refs = new RefTable({ now: clock.now, maxEntries: 2, ttlMs: 1000 });
    const late = refs.mint("ord_late", "s").bookingRef;
    clock.advance(-500);
    const early = refs.mint("ord_early", "s").bookingRef;
    clock.advance(100);
    refs.mint("ord_new", "s");
    expect(codeOf(() => refs.resolve(early, "s", "hotels"))).toBe("invalid_ref");
    expect(refs.resolve(late, "s", "hotels")).toBe("ord_late");
  });

  it("clear() forgets every ref and reports how many there were", () => {
    const refs = new RefTable();
    const refsMinted = [refs.mint("ord_1", "s"), refs.mint("ord_2", "s")].map((r) => r.bookingRef);
    expect(refs.clear()).toBe(2);
    expect(refs.size).toBe(0);
    for (const ref of refsMinted) expect(codeOf(() => refs.resolve(ref, "s", "hotels"))).toBe("invalid_ref");
    expect(refs.clear()).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedStore } from "../../../mcp/hotels/store/types.js";

export interface StoreUnderTest {
  /** Two clients of one backing store (for memory, the same instance: it lives in one process). */
  a: SharedStore;
  b: SharedStore;
  /** Lets `ms` pass for the store: a fake clock for memory, real time for Redis. */
  pass(ms: number): Promise<void>;
  close(): Promise<void>;
}

// Short enough for Redis to be tested in real time, long enough that a loaded machine does not
// cross it between a write and the read right after.
const TTL_MS = 400;

/** The SharedStore contract, written once and run against every implementation. */
export function sharedStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`SharedStore contract: ${name}`, () => {
    let s: StoreUnderTest;
    let n = 0;
    // Every test gets its own keys: the backing store is shared by the whole suite.
    const key = (what: string): string => `contract:${what}:${(n += 1)}`;

    beforeAll(async () => {
      s = await open();
    });
    afterAll(() => s.close());

    it("sets, gets and deletes; a missing key reads as undefined", async () => {
      const k = key("basic");
      expect(await s.a.get(k)).toBeUndefined();
      await s.a.set(k, "v1", 60_000);
      expect(await s.b.get(k)).toBe("v1");
      await s.b.set(k, "v2", 60_000);
      expect(await s.a.get(k)).toBe("v2");
      await s.a.del(k);
      expect(await s.b.get(k)).toBeUndefined();
    });

    it("a value lives its TTL and is gone after it", async () => {
      const k = key("ttl");
      await s.a.set(k, "short", TTL_MS);
      expect(await s.b.get(k)).toBe("short");
      await s.pass(TTL_MS + 100);
      expect(await s.a.get(k)).toBeUndefined();
      expect(await s.b.get(k)).toBeUndefined();
    });

    it("refuses a TTL that is not a positive whole number of ms", async () => {
      for (const ttl of [0, -1, 1.5, Number.NaN]) await expect(s.a.set(key("bad-ttl"), "v", ttl), String(ttl)).rejects.toThrow(RangeError);
      await expect(s.a.hit(key("bad-window"), 0)).rejects.toThrow(RangeError);
    });

    it("update changes a live value, leaves it on undefined, and never creates one", async () => {
      const k = key("update");
      const seen: (string | undefined)[] = [];
      expect(await s.a.update(k, (c) => (seen.push(c), "created"))).toBeUndefined();
      expect(seen).toEqual([]);
      expect(await s.a.get(k)).toBeUndefined();
      await s.a.set(k, "1", 60_000);
      expect(await s.b.update(k, (c) => String(Number(c) + 1))).toBe("2");
      expect(await s.a.update(k, () => undefined)).toBe("2");
      expect(await s.a.get(k)).toBe("2");
    });

    it("update keeps the key's expiry", async () => {
      const k = key("update-ttl");
      await s.a.set(k, "x", TTL_MS);
      await s.pass(TTL_MS / 2);
      expect(await s.b.update(k, (c) => `${c}y`)).toBe("xy");
      await s.pass(TTL_MS / 2 + 100);
      expect(await s.a.get(k)).toBeUndefined();
    });

    it("a change that throws rejects the update and leaves the value", async () => {
      const k = key("throws");
      await s.a.set(k, "kept", 60_000);
      await expect(
        s.a.update(k, () => {
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await s.a.get(k)).toBe("kept");
      // The connection that ran it is usable again.
      expect(await s.a.update(k, (c) => `${c}!`)).toBe("kept!");
    });

    it("50 concurrent writers on two clients lose nothing", async () => {
      const k = key("writers");
      await s.a.set(k, "[]", 60_000);
      const writers = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? s.a : s.b).update(k, (c) => JSON.stringify([...(JSON.parse(c ?? "[]") as number[]), i])));
      await Promise.all(writers);
      const written = JSON.parse((await s.a.get(k)) ?? "[]") as number[];
      expect(written.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    });

    it("hit counts a fixed window shared by both clients, then starts a new one", async () => {
      const k = key("hits");
      const first = await s.a.hit(k, TTL_MS);
      expect(first.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(0);
      expect(first.resetInMs).toBeLessThanOrEqual(TTL_MS);
      expect((await s.b.hit(k, TTL_MS)).count).toBe(2);
      const third = await s.a.hit(k, TTL_MS);
      expect(third.count).toBe(3);
      // Fixed, not sliding: later hits do not push the reset out.
      expect(third.resetInMs).toBeLessThanOrEqual(first.resetInMs);
      await s.pass(TTL_MS + 100);
      expect(await s.b.hit(k, TTL_MS)).toMatchObject({ count: 1 });
    });

    it("concurrent hits are each counted once", async () => {
      const k = key("hit-burst");
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? s.a : s.b).hit(k, 60_000)));
      expect(counts.map((c) => c.count).toSorted((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    it("ping answers while the store is up", async () => {
      await expect(s.a.ping()).resolves.toBeUndefined();
      await expect(s.b.ping()).resolves.toBeUndefined();
    });
  });
}

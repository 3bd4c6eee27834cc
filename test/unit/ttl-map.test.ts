import { describe, expect, it } from "vitest";
import { TtlMap } from "../../shared/ttl-map.js";

function clock(start = 1_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe("TtlMap", () => {
  it("answers found until the expiry time, then expired once, then not_found", () => {
    const c = clock();
    const map = new TtlMap<string, string>({ now: c.now });
    map.set("a", "x", 1_010);
    expect(map.lookup("a")).toEqual({ status: "found", value: "x", expiresAt: 1_010 });
    c.advance(10);
    expect(map.lookup("a")).toEqual({ status: "expired" });
    expect(map.lookup("a")).toEqual({ status: "not_found" });
    expect(map.size).toBe(0);
  });

  it("keeps an expired entry for peek and take until it is read, swept or evicted", () => {
    const c = clock();
    const map = new TtlMap<string, number>({ now: c.now });
    map.set("a", 1, 1_005);
    map.set("b", 2, 1_050);
    c.advance(10);
    expect(map.peek("a")).toEqual({ value: 1, expiresAt: 1_005 });
    expect(map.take("a")).toEqual({ value: 1, expiresAt: 1_005 });
    expect(map.take("a")).toBeUndefined();
    map.set("c", 3, 1_000);
    expect(map.sweep()).toBe(1);
    expect([...map.keys()]).toEqual(["b"]);
  });

  it("makes room by dropping the entry closest to expiry, first set first among equals, and says which", () => {
    const evicted: string[] = [];
    const map = new TtlMap<string, number>({ now: () => 0, maxEntries: 3, onEvict: (key) => evicted.push(key) });
    map.set("late", 1, 300);
    map.set("early1", 2, 100);
    map.set("early2", 3, 100);
    map.set("new", 4, 50);
    expect(evicted).toEqual(["early1"]);
    map.set("newer", 5, 400);
    expect(evicted).toEqual(["early1", "new"]);
    expect([...map.keys()]).toEqual(["late", "early2", "newer"]);
  });

  it("updates a held key in place without evicting and keeps its place in order", () => {
    const evicted: string[] = [];
    const map = new TtlMap<string, number>({ now: () => 0, maxEntries: 2, onEvict: (key) => evicted.push(key) });
    map.set("a", 1, 10);
    map.set("b", 2, 20);
    map.set("a", 3, 30);
    expect(evicted).toEqual([]);
    expect([...map.keys()]).toEqual(["a", "b"]);
    expect(map.peek("a")).toEqual({ value: 3, expiresAt: 30 });
  });

  it("clear reports how many entries it dropped; a bad bound is refused", () => {
    const map = new TtlMap<string, number>({ now: () => 0 });
    map.set("a", 1, 1_000);
    expect(map.clear()).toBe(1);
    expect(map.size).toBe(0);
    expect(() => new TtlMap({ maxEntries: 0 })).toThrow(RangeError);
  });
});

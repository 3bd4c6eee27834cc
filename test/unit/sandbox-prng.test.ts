import { describe, expect, it } from "vitest";
import { createRng, digest, hashString, mulberry32 } from "../../scripts/sandbox/data/prng.js";

describe("sandbox PRNG", () => {
  it("hashes strings with FNV-1a", () => {
    expect(hashString("")).toBe(0x811c9dc5);
    expect(hashString("a")).toBe(0xe40c292c);
    expect(hashString("Москва")).not.toBe(hashString("Москвa"));
  });

  it("mulberry32 is deterministic per seed and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it("createRng derives independent streams from key parts", () => {
    const draw = (...parts: (string | number)[]) => {
      const rng = createRng(...parts);
      return Array.from({ length: 20 }, () => rng.int(1, 6));
    };
    expect(draw("seed", "hotel", 1)).toEqual(draw("seed", "hotel", 1));
    expect(draw("seed", "hotel", 1)).not.toEqual(draw("seed", "hotel", 2));
    expect(draw("seed", "hotel", 1)).not.toEqual(draw("other", "hotel", 1));
  });

  it("int covers both bounds; pick and sample stay inside the list", () => {
    const rng = createRng("bounds");
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(rng.int(3, 5));
    expect([...seen].sort()).toEqual([3, 4, 5]);
    const list = ["a", "b", "c", "d", "e"];
    expect(list).toContain(rng.pick(list));
    const sample = rng.sample(list, 3);
    expect(new Set(sample).size).toBe(3);
    for (const x of sample) expect(list).toContain(x);
    expect(rng.sample(list, 10)).toHaveLength(5);
    expect(() => rng.pick([])).toThrow();
  });

  it("digest is a stable hex string", () => {
    expect(digest("a", 1)).toBe(digest("a", 1));
    expect(digest("a", 1)).not.toBe(digest("a", 2));
    expect(digest("a", 1)).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { describe, expect, it } from "vitest";
import { setNewest, take, useNewest } from "../../shared/bounded-map.js";

describe("bounded maps", () => {
  it("setNewest keeps at most the limit, dropping the oldest, and a re-set entry becomes the newest", () => {
    const m = new Map<string, number>();
    for (const k of ["a", "b", "c"]) setNewest(m, k, 1, 3);
    setNewest(m, "a", 2, 3);
    setNewest(m, "d", 1, 3);
    expect([...m]).toEqual([
      ["c", 1],
      ["a", 2],
      ["d", 1],
    ]);
  });

  it("useNewest saves an entry from the next eviction; a miss changes nothing", () => {
    const m = new Map<string, number>([
      ["a", 1],
      ["b", 2],
    ]);
    expect(useNewest(m, "a")).toBe(1);
    expect(useNewest(m, "zz")).toBeUndefined();
    setNewest(m, "c", 3, 2);
    expect([...m.keys()]).toEqual(["a", "c"]);
  });

  it("take removes what it returns", () => {
    const m = new Map([["a", 1]]);
    expect(take(m, "a")).toBe(1);
    expect(take(m, "a")).toBeUndefined();
    expect(m.size).toBe(0);
  });
});

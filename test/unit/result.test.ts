import { describe, expect, it } from "vitest";
import { err, ok, type Result } from "../../shared/result.js";

describe("Result", () => {
  it("ok carries a value and err an error, told apart by ok", () => {
    const results: Result<number, string>[] = [ok(1), err("no")];
    expect(results).toEqual([
      { ok: true, value: 1 },
      { ok: false, error: "no" },
    ]);
    expect(results.map((r) => (r.ok ? r.value : r.error))).toEqual([1, "no"]);
  });
});

import { describe, expect, it } from "vitest";
import { Collector, type CollectLimits } from "../../mcp/hotels/journey/collect.js";
import { parseFlexInput, type FlexRequest } from "../../mcp/hotels/journey/flex-input.js";
import { runFlex } from "../../mcp/hotels/journey/flex-run.js";
import type { ProviderSearchBody } from "../../mcp/hotels/journey/search-request.js";
import type { CountedCollection } from "../../mcp/hotels/journey/stay-search.js";
import type { HotelsContext } from "../../mcp/hotels/context.js";

const TODAY = "2027-03-01";
const BASE = { destination: "Казань", rooms: [{ adults: 2 }], checkinFrom: "2027-03-08", checkinTo: "2027-03-14" };

describe("find_stay_dates input", () => {
  it("weekends: Fridays for two nights, Saturdays for one", () => {
    const fri = parseFlexInput({ ...BASE, checkinTo: "2027-03-21", weekend: "fri_sun" }, TODAY);
    const sat = parseFlexInput({ ...BASE, checkinTo: "2027-03-21", weekend: "sat_sun" }, TODAY);
    expect(fri.ok && [fri.value.checkins, fri.value.nights]).toEqual([["2027-03-12", "2027-03-19"], 2]);
    expect(sat.ok && [sat.value.checkins, sat.value.nights]).toEqual([["2027-03-13", "2027-03-20"], 1]);
  });

  it("a window without the weekend's day is refused, not answered empty", () => {
    const r = parseFlexInput({ ...BASE, checkinFrom: "2027-03-08", checkinTo: "2027-03-11", weekend: "fri_sun" }, TODAY);
    expect(r.ok ? [] : r.error).toEqual([{ field: "checkinTo", message: "the window holds no Friday" }]);
  });

  it("today is the injected date: the same window is fine one day and in the past the next", () => {
    expect(parseFlexInput({ ...BASE, nights: 2 }, "2027-03-08").ok).toBe(true);
    const late = parseFlexInput({ ...BASE, nights: 2 }, "2027-03-09");
    expect(late.ok ? [] : late.error).toEqual([{ field: "checkinFrom", message: "is in the past (today is 2027-03-09)" }]);
  });

  it("a reversed window, 32 days, 15 nights and unknown fields are all refused", () => {
    expect(parseFlexInput({ ...BASE, checkinTo: "2027-03-07", nights: 2 }, TODAY)).toMatchObject({ ok: false, error: [{ field: "checkinTo", message: "must not be before checkinFrom" }] });
    expect(parseFlexInput({ ...BASE, checkinTo: "2027-04-08", nights: 2 }, TODAY)).toMatchObject({ ok: false, error: [{ field: "checkinTo", message: "the window is at most 31 days (got 32)" }] });
    expect(parseFlexInput({ ...BASE, nights: 15 }, TODAY)).toMatchObject({ ok: false, error: [{ field: "nights" }] });
    expect(parseFlexInput({ ...BASE, nights: 2, checkinDate: "2027-03-08" }, TODAY)).toMatchObject({ ok: false, error: [{ field: "checkinDate", message: "unknown field" }] });
  });
});

/** A stay search that spends what the date's cap allows, up to `need` requests, and records the caps it was given. */
function fakeSearch(need: number, caps: number[]) {
  return {
    collectCounted: (_body: ProviderSearchBody, opts: { limits?: Partial<CollectLimits> }): Promise<CountedCollection> => {
      const cap = opts.limits?.plan?.maxRequests ?? 0;
      caps.push(cap);
      return Promise.resolve({ ok: true, collector: new Collector(), requests: Math.min(need, cap) });
    },
  };
}

function ctxWith(budget: number, search: ReturnType<typeof fakeSearch>): Pick<HotelsContext, "staySearch" | "random" | "config"> {
  return { staySearch: search as unknown as HotelsContext["staySearch"], random: (n) => Buffer.alloc(n), config: { hotels: { flexSearchBudget: budget, maxConcurrentRequests: 2 } } as HotelsContext["config"] };
}

describe("find_stay_dates request budget", () => {
  const request = (days: number): FlexRequest => {
    const parsed = parseFlexInput({ ...BASE, checkinTo: `2027-03-${String(7 + days).padStart(2, "0")}`, nights: 1 }, TODAY);
    if (!parsed.ok) throw new Error("bad request");
    return parsed.value;
  };

  it("a city smaller than a date's cap: what a date did not spend goes to the next", async () => {
    const caps: number[] = [];
    const run = await runFlex(ctxWith(20, fakeSearch(3, caps)), request(7), "1003", new AbortController().signal);
    // Six dates at 3 each, then a seventh capped at the 2 left: every date searched, 20 spent.
    expect(run.requests).toBe(20);
    expect(run.dates.filter((d) => d.status === "not_searched")).toEqual([]);
    expect(caps.at(-1)).toBe(2);
  });

  it("a big city: dates stop where the budget does, and the rest are not searched", async () => {
    const caps: number[] = [];
    const run = await runFlex(ctxWith(20, fakeSearch(99, caps)), request(7), "1001", new AbortController().signal);
    expect(run.requests).toBe(20);
    expect(caps).toEqual([8, 8, 4]);
    expect(run.dates.map((d) => d.status)).toEqual(["nothing_fits", "nothing_fits", "nothing_fits", "not_searched", "not_searched", "not_searched", "not_searched"]);
  });
});

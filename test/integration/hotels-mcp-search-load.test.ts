import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { ProgressNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { toolsListTokens } from "../fixtures/tools-list-tokens.js";
import { afterEach, describe, expect, it } from "vitest";
import type { FetchLike } from "../../mcp/hotels/provider/index.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { stay } from "./helpers/search-tools.js";

const KAZAN = { destination: "Казань", rooms: [{ adults: 2 }] };
const SEARCH_TOOL_NAMES = [
  "tbank_hotels_resolve_destination",
  "tbank_hotels_plan_stay",
  "tbank_hotels_continue_stay_search",
  "tbank_hotels_get_stay_options",
  "tbank_hotels_compare_stay_options",
  "tbank_hotels_get_stay_option_details",
  "tbank_hotels_select_stay_option",
  "tbank_hotels_repeat_stay_plan",
];
const enc = new Tiktoken(o200k);

// Flags are present only when true.
interface Coverage {
  requestsMade: number;
  collectedCount: number;
  reportedCount: number;
  truncated?: true;
  coverageLevel: string;
  coverageRatio: number;
  notYetSeen?: number;
  continuationAvailable?: true;
  continuationRecommended?: true;
}

/** Real fetch, except that the n-th search request fails like a dropped connection. */
function failingNthSearch(n: number): FetchLike {
  let count = 0;
  return (url, init) => {
    if (url.pathname.endsWith("/v3/search") && ++count === n) return Promise.reject(new TypeError("fetch failed"));
    return fetch(url, init);
  };
}

describe("Hotels MCP search tools: load protection, coverage, progress, contract", () => {
  let h: HotelsHarness | undefined;
  const start = async (opts: Parameters<typeof startHotelsHarness>[0] = {}) => (h = await startHotelsHarness(opts));
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("pins tools/list order, annotations and output schemas, within the token budget", async () => {
    const { client } = await start();
    const { tools } = await client.listTools();
    const mine = tools.filter((t) => SEARCH_TOOL_NAMES.includes(t.name));
    expect(mine.map((t) => t.name)).toEqual(SEARCH_TOOL_NAMES);
    expect(Object.fromEntries(mine.map((t) => [t.name, { ...t.annotations, title: undefined }]))).toEqual({
      tbank_hotels_resolve_destination: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      tbank_hotels_plan_stay: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      tbank_hotels_continue_stay_search: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      tbank_hotels_get_stay_options: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      tbank_hotels_compare_stay_options: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      tbank_hotels_get_stay_option_details: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      tbank_hotels_select_stay_option: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      tbank_hotels_repeat_stay_plan: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    });
    for (const t of mine) {
      // retryAllowed is said on failures only: the schemas require the status alone.
      expect(t.outputSchema?.required).toEqual(["status"]);
      expect(JSON.stringify(t)).not.toContain("9007199254740991");
    }
    // Held without the MCP Apps `_meta` (issue 33), which may add at most 5 % on its own.
    expect(toolsListTokens(mine).withoutMeta).toBeLessThanOrEqual(3_100);
    const listed = toolsListTokens(tools);
    expect(listed.withoutMeta, "the whole default tools/list (all teams' tools)").toBeLessThanOrEqual(6_000);
    expect(listed.metaGrowth).toBeLessThanOrEqual(0.05);
  });

  it("50 identical concurrent plan_stay calls make one catalog read and one search lifecycle", async () => {
    const harness = await start();
    const args = { ...KAZAN, ...stay(30) };
    const results = await Promise.all(Array.from({ length: 50 }, () => harness.call("tbank_hotels_plan_stay", args)));
    for (const r of results) expect(r.data.status).toBe("ok");
    expect(new Set(results.map((r) => r.data.journeyId)).size).toBe(50);
    const coverage = results[0]!.data.searchCoverage as Coverage;
    expect(coverage).not.toHaveProperty("truncated");
    expect(harness.sandbox.control.requestCount("locations")).toBe(1);
    expect(harness.sandbox.control.requestCount("search")).toBe(coverage.requestsMade);
  });

  it("a ranking switch inside 30 s reuses the search: no HTTP call", async () => {
    const harness = await start();
    const first = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(31) });
    expect(first.data.status).toBe("ok");
    harness.sandbox.control.resetCounters();
    const cheap = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(31), ranking: "lowest_price", maxOptions: 20 });
    expect(cheap.data).toMatchObject({ status: "ok", ranking: "lowest_price", total: first.data.total });
    // price is "от <total> за 2 ночи, <per night> за ночь": the per-night part decides lowest_price.
    const perNight = (cheap.data.options as { price: string }[]).map((o) => Number(o.price.split(", ")[1]!.replace(/[^\d,]/g, "").replace(",", ".")));
    expect(perNight).toEqual([...perNight].sort((a, b) => a - b));
    const best = await harness.call("tbank_hotels_get_stay_options", { journeyId: first.data.journeyId, ranking: "best_value" });
    expect(best.data.ranking).toBe("best_value");
    expect(harness.sandbox.control.requestCounts()).toEqual({});
  });

  it("Москва stops at the plan's 20 requests; the continuation's own budget completes it", async () => {
    const harness = await start();
    const { data, text } = await harness.call("tbank_hotels_plan_stay", { destination: "Москва", rooms: [{ adults: 2 }], ...stay(32) });
    expect(data.status).toBe("ok");
    const c = data.searchCoverage as Coverage;
    expect(c).toMatchObject({ requestsMade: 20, truncated: true, continuationAvailable: true });
    expect(c).not.toHaveProperty("providerSort");
    expect(c.reportedCount).toBeGreaterThan(c.collectedCount);
    expect(c.notYetSeen).toBe(c.reportedCount - c.collectedCount);
    expect(c.coverageLevel).toBe(c.coverageRatio >= 0.8 ? "substantial" : "partial");
    expect(harness.sandbox.control.requestCount("search")).toBe(20);
    expect(text).toContain(`truncated, ${c.notYetSeen} hotels not yet seen`);
    harness.sandbox.control.resetCounters();
    const more = await harness.call("tbank_hotels_continue_stay_search", { journeyId: data.journeyId });
    expect(more.data).toMatchObject({ status: "ok", total: c.reportedCount });
    const after = more.data.searchCoverage as Coverage;
    expect(after).toMatchObject({ coverageLevel: "complete", collectedCount: c.reportedCount });
    expect(after).not.toHaveProperty("notYetSeen");
    expect(harness.sandbox.control.requestCount("search")).toBe(after.requestsMade - 20);
    expect(after.requestsMade - 20).toBeLessThanOrEqual(20);
  });

  it("a truncated collection is continued once, keeps optionIds, and is never recommended again", async () => {
    const harness = await start({ deps: { fetch: failingNthSearch(3) } });
    const plan = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(33) });
    const before = plan.data.searchCoverage as Coverage;
    expect(before).toMatchObject({ requestsMade: 3, truncated: true, coverageLevel: "partial", continuationAvailable: true, continuationRecommended: true });
    expect(String(plan.data.nextStep)).toContain("tbank_hotels_continue_stay_search once");
    const journeyId = String(plan.data.journeyId);
    const idsBefore = await journeyOptionIds(harness, journeyId);

    const more = await harness.call("tbank_hotels_continue_stay_search", { journeyId });
    expect(more.data).toMatchObject({ status: "ok" });
    expect(more.data).not.toHaveProperty("selectionReset");
    const after = more.data.searchCoverage as Coverage;
    expect(after.collectedCount).toBeGreaterThan(before.collectedCount);
    expect(after.requestsMade).toBeLessThanOrEqual(40);
    expect(after).not.toHaveProperty("continuationRecommended");
    expect(more.data.added).toBe(after.collectedCount - before.collectedCount);
    const idsAfter = await journeyOptionIds(harness, journeyId);
    expect(idsAfter.slice(0, idsBefore.length)).toEqual(idsBefore);

    const again = await harness.call("tbank_hotels_continue_stay_search", { journeyId });
    expect(again.data.status).toBe("continuation_unavailable");
    // Completed by continuation, the collection now serves an identical plan from the cache.
    harness.sandbox.control.resetCounters();
    expect((await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(33) })).data.status).toBe("ok");
    expect(harness.sandbox.control.requestCounts()).toEqual({});
  });

  it("a dropped connection on the first page is a terminal search_unavailable", async () => {
    const harness = await start({ deps: { fetch: failingNthSearch(1) } });
    const { data, result } = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(34) });
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "search_unavailable", retryAllowed: false, provider: { kind: "unavailable" } });
  });

  it("no_matching_stays when the breakfast-filtered search comes back empty", async () => {
    const emptyFiltered: FetchLike = async (url, init) => {
      if (url.pathname.endsWith("/v3/search") && typeof init.body === "string" && init.body.includes("meal_types")) {
        const page = { searchId: "srch_empty", destinationId: "1003", items: [], offset: 0, nextOffset: null, isLoadingCompleted: true, totalCount: 0, loadedCount: 0 };
        return new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
      }
      return fetch(url, init);
    };
    const harness = await start({ deps: { fetch: emptyFiltered } });
    const { data, result } = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(35), breakfastIncluded: true });
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "no_matching_stays", reason: "no_stays_with_conditions", retryAllowed: false, conditionsApplied: [expect.stringContaining("breakfastIncluded applied to the whole collection")] });
    expect(data.journeyId).toBeUndefined();
    expect(String(data.nextStep)).toContain("only if the user explicitly asks");
  });

  it("sends progress notifications while paging only when the client asked for them", async () => {
    const harness = await start();
    const seen: Progress[] = [];
    const result = await harness.client.callTool({ name: "tbank_hotels_plan_stay", arguments: { ...KAZAN, ...stay(36) } }, undefined, { onprogress: (p) => seen.push(p) });
    const coverage = (result.structuredContent as { searchCoverage: Coverage }).searchCoverage;
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(seen.at(-1)).toMatchObject({ progress: coverage.collectedCount, total: coverage.reportedCount });
    expect(seen[0]!.message).toMatch(/^collected \d+ of \d+ hotels$/);

    let stray = 0;
    harness.client.setNotificationHandler(ProgressNotificationSchema, () => {
      stray += 1;
    });
    await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(37) });
    expect(stray).toBe(0);
  });

  it("a journey past its 60 minutes is journey_expired", async () => {
    let now = TEST_EPOCH;
    const harness = await start({ deps: { now: () => now } });
    const plan = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(38) });
    now += 61 * 60_000;
    const { data } = await harness.call("tbank_hotels_get_stay_options", { journeyId: plan.data.journeyId });
    expect(data).toMatchObject({ status: "journey_expired", retryAllowed: false });
  });

  it("a plan_stay answer with 10 options stays well under 2,000 tokens of text", async () => {
    const harness = await start();
    const { text, data } = await harness.call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(39), hotelPreferences: { pricePerNight: { min: 6000, max: 13000, currency: "RUB" } }, ranking: "best_value" });
    expect(data.options).toHaveLength(10);
    expect(data.priceBand).toMatch(/^ценовой диапазон 6\u00a0000\u00a0₽–13\u00a0000\u00a0₽ за ночь: только для ранжирования, не фильтр; из 10 показанных: /);
    expect(text).toContain(String(data.priceBand));
    // Cards carry an amount as a decimal beside its display, and cashback when the provider states it
    // (issue 14, 15): ~1,600 structured tokens for ten cards; with a band, the alternatives outside it
    // by name, price and why (issue 30) add ~60 each; the eval's per-response cap is 2,000.
    expect(data.alternatives).toBeDefined();
    expect(enc.encode(JSON.stringify(data)).length).toBeLessThan(2_000);
    expect(enc.encode(text).length).toBeLessThan(1_700);
  });
});

async function journeyOptionIds(h: HotelsHarness, journeyId: string): Promise<string[]> {
  const found = await h.ctx.journeys.get(journeyId);
  if (found.status !== "found") throw new Error(`journey ${found.status}`);
  return found.journey.state.options.map((o) => o.public.optionId);
}

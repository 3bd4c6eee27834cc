import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKeyedHttp, type KeyedHttp } from "./helpers/keyed-http.js";

// Issue 28: /metrics labels a tool call by its tool, and a label value is a series kept for the
// life of the process. A client naming a new tool in every call (past its limit, where nothing
// checks the name) must not grow the scrape: only the tools this server serves, and "unknown".

const LIMIT = 5;
const CALLS_PER_KEY = 80;

/** The samples of a scrape: one line per series. */
const seriesOf = (text: string): string[] => text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));

describe("the spawned --http bin's /metrics under made-up tool names", () => {
  let http: KeyedHttp;

  beforeAll(async () => {
    http = await startKeyedHttp({ seed: "http-metrics-labels", labels: ["a", "b"], env: { TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  }, 30_000);
  afterAll(async () => {
    await http?.close();
  });

  it("labels calls only with served tool names or unknown, so the scrape stays the same size however many names clients invent", async () => {
    const { server, keys } = http;
    const headers = (key: string) => ({ "x-api-key": key, "content-type": "application/json", accept: "application/json, text/event-stream" });
    const call = async (key: string, id: number, name: string): Promise<Response> =>
      fetch(server.url, { method: "POST", headers: headers(key), body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: { query: "Казань" } } }) });
    const scrape = async (): Promise<string> => (await fetch(new URL("/metrics", server.url), { headers: { "x-api-key": keys[0]! } })).text();

    const listed = await fetch(server.url, { method: "POST", headers: headers(keys[0]!), body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    const served = new Set(((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name));
    // A real call first, so the served tool's series exist before the baseline.
    expect((await call(keys[0]!, 2, "tbank_hotels_resolve_destination")).status).toBe(200);
    const before = await scrape();

    const invented: string[] = [];
    let limited = 0;
    for (const key of keys) {
      for (let i = 0; i < CALLS_PER_KEY; i++) {
        const name = `made_up_${randomBytes(6).toString("hex")}`;
        invented.push(name);
        const res = await call(key, 100 + i, name);
        expect(res.status).toBe(200);
        if (JSON.stringify(await res.json()).includes("rate_limited")) limited += 1;
      }
      // A served tool's name past the limit keeps its own label.
      await call(key, 999, "tbank_hotels_resolve_destination");
    }
    // Each key ran out of calls early on: nearly every invented name met the limit.
    expect(limited).toBeGreaterThanOrEqual(keys.length * (CALLS_PER_KEY - LIMIT));

    const after = await scrape();
    const leaked = invented.filter((name) => after.includes(name));
    expect(leaked).toEqual([]);
    const labels = new Set([...after.matchAll(/tool="([^"]*)"/g)].map((m) => m[1]));
    expect([...labels].filter((l) => l !== "unknown" && !served.has(l!))).toEqual([]);
    expect(after).toMatch(/tbank_hotels_tool_calls_total\{tool="unknown",status="rate_limited"\} \d+/);
    expect(after).toMatch(/tbank_hotels_tool_calls_total\{tool="tbank_hotels_resolve_destination",status="rate_limited"\} 2/);
    // The unknown bucket and a few route/status pairs at most: not one series per name.
    expect(seriesOf(after).length - seriesOf(before).length).toBeLessThanOrEqual(8);
    expect(after.length).toBeLessThan(before.length + 2048);
  }, 60_000);
});

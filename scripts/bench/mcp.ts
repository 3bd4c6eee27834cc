import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { createHotelsServer } from "../../mcp/hotels/server.js";
import { parseConfig } from "../../shared/config/index.js";
import { nextWeekend } from "../demo/run.js";
import { startSandbox } from "../sandbox/index.js";
import { META_GROWTH_GOAL, stayViewRow, toolsListMetaTokens } from "./apps.js";
import { benchFlexDates, FLEX_ANSWER_GOAL_TOKENS, type FlexBench } from "./flex-dates.js";
import { coldStart } from "./mcp-cold-start.js";
import { median, ms, type BenchRow } from "./stats.js";
import { tokens } from "./tokens.js";


function configFor(urls: { hotelsApiBaseUrl: string; hotelPageUrlTemplate: string }) {
  const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: urls.hotelPageUrlTemplate });
  if (!parsed.ok) throw new Error("bench config");
  return parsed.config;
}

async function client(urls: { hotelsApiBaseUrl: string; hotelPageUrlTemplate: string }) {
  // The view the build wrote; run from the repository root, like every bench.
  const { server } = createHotelsServer(configFor(urls), { stayViewUrl: pathToFileURL("dist/views/stay.html") });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const c = new Client({ name: "bench", version: "1" });
  await c.connect(a);
  return c;
}

export interface JourneyStep {
  tool: string;
  status: string;
  textTokens: number;
  structuredTokens: number;
  ms: number;
}

export interface JourneyOptions {
  /** Default: next Friday to Sunday. */
  stay?: { checkinDate: string; checkoutDate: string };
  /** Off under load (bench:http): tokenizing every answer would spend the client's CPU inside the timings. */
  countTokens?: boolean;
  /** Each call as it ends, so a journey that fails midway still reports its calls. */
  onStep?: (step: JourneyStep) => void;
  /** Awaited before every call: the model's turn between two tool calls (bench:http). */
  think?: () => Promise<void>;
}

/** The golden journey: Казань, next Friday to Sunday, 2 adults, best_value with a band up to 10,000 RUB. */
/** What the golden journey needs of a client: the SDK Client, or bench:http's lean one. */
export interface JourneyClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

export async function goldenJourney(c: JourneyClient, opts: JourneyOptions = {}): Promise<JourneyStep[]> {
  const steps: JourneyStep[] = [];
  const count = opts.countTokens === false ? () => 0 : tokens;
  const call = async (tool: string, args: Record<string, unknown>) => {
    await opts.think?.();
    const started = performance.now();
    const result = (await c.callTool({ name: `tbank_hotels_${tool}`, arguments: args })) as CallToolResult;
    const took = performance.now() - started;
    const text = result.content.map((x) => (x.type === "text" ? x.text : "")).join("\n");
    const data = (result.structuredContent ?? {}) as Record<string, unknown>;
    const step = { tool, status: typeof data.status === "string" ? data.status : result.isError ? "error" : "?", textTokens: count(text), structuredTokens: count(JSON.stringify(data)), ms: took };
    steps.push(step);
    opts.onStep?.(step);
    if (result.isError) throw new Error(`${tool} failed: ${text}`);
    return data;
  };
  const plan = await call("plan_stay", {
    destination: "Казань",
    ...(opts.stay ?? nextWeekend(new Date())),
    rooms: [{ adults: 2, childrenAges: [] }],
    ranking: "best_value",
    hotelPreferences: { pricePerNight: { min: 0, max: 10000, currency: "RUB" }, ranking: "best_value", showAlternativesOutsideBand: true },
  });
  const journeyId = String(plan.journeyId);
  const compared = await call("compare_stay_options", { journeyId });
  const rows = (compared.comparisonRows ?? []) as { optionId: string }[];
  for (const row of rows) {
    await call("select_stay_option", { journeyId, optionId: row.optionId });
    const rates = await call("get_selected_stay_rates", { journeyId });
    if (rates.status !== "ready") continue;
    await call("select_stay_rate", { journeyId, rateNumber: 1 });
    await call("create_booking_preview", { journeyId });
    await call("inspect_checkout", { journeyId });
    await call("create_checkout_handoff", { journeyId });
    return steps;
  }
  throw new Error("no compared option had bookable rates");
}

/**
 * The same search lifecycle as plain fetch calls with no parsing beyond JSON: what the provider and
 * HTTP alone cost, so the MCP's own share of plan_stay can be told apart.
 */
async function bareCollection(base: string, city: string, maxRequests: number, dates: { checkinDate: string; checkoutDate: string }): Promise<number> {
  const locations = (await (await fetch(`${base}/v1/seo/locations?limit=100`)).json()) as { items: { id: string; name: string }[] };
  const destinationId = locations.items.find((l) => l.name === city)?.id;
  const started = performance.now();
  let offset = 0;
  let searchId: string | undefined;
  for (let i = 0; i < maxRequests; i++) {
    const body = { destinationId, ...dates, guests: [{ adultsCount: 2, childrenAges: [] }], offset, ...(searchId ? { searchId } : {}) };
    const page = (await (await fetch(`${base}/v3/search`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as { searchId: string; nextOffset: number | null; isLoadingCompleted: boolean };
    searchId = page.searchId;
    if (page.nextOffset !== null) offset = page.nextOffset;
    else if (page.isLoadingCompleted) break;
  }
  return performance.now() - started;
}

/** `tbank-mcp sandbox` in a child process; resolves with its printed URLs. */
function startChildSandbox(args: string[]): Promise<{ urls: { hotelsApiBaseUrl: string; hotelPageUrlTemplate: string }; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/tbank-mcp.js", "sandbox", "--port", "0", ...args], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => {
      out += d;
      const api = /^TBANK_HOTELS_API_BASE_URL=(.+)$/m.exec(out)?.[1];
      const page = /^TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE=(.+)$/m.exec(out)?.[1];
      if (api && page) resolve({ urls: { hotelsApiBaseUrl: api, hotelPageUrlTemplate: page }, stop: () => child.kill("SIGTERM") });
    });
    child.once("error", reject);
    child.once("exit", () => reject(new Error("the sandbox exited before printing its URLs")));
  });
}

/** Token goals: clients give the model either the text or the structured JSON, so each channel is held to the goal. */
export const JOURNEY_GOAL_TOKENS = 5000;
/** TBANK_HOTELS_TOOLSETS=lowlevel (issue 15). */
export const LOWLEVEL_TOOLS_LIST_GOAL_TOKENS = 9_000;
export const TOOLS_LIST_GOAL_TOKENS = 6000;

export interface TokenGoal {
  name: string;
  tokens: number;
  goal: number;
}

export async function benchMcp(): Promise<{ rows: BenchRow[]; journey: JourneyStep[]; goals: TokenGoal[] }> {
  const sandbox = await startSandbox({ seed: "bench-mcp" });
  try {
    const env = { PATH: process.env.PATH, HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl };
    const ours: number[] = [];
    const bare: number[] = [];
    const everything: number[] = [];
    // The same server with the SDK's own stdio transport and no front, bundled with the bins'
    // plugins, then without the Ajv stub, then with every zod locale (scripts/build.mjs).
    const plain = { bins: [] as number[], withAjv: [] as number[], allZodLocales: [] as number[] };
    const plainBins = { bins: "build-tools/plain/plain-hotels-mcp.js", withAjv: "build-tools/plain-with-ajv/plain-hotels-mcp.js", allZodLocales: "build-tools/plain-all-zod-locales/plain-hotels-mcp.js" };
    let toolsList = "";
    let plainToolsList = "";
    await coldStart(["dist/tbank-hotels-mcp.js"], env);
    for (const bin of Object.values(plainBins)) await coldStart([bin], env);
    for (let i = 0; i < 12; i++) {
      bare.push((await coldStart(["build-tools/bench-bare-mcp.js"], env)).ms);
      const run = await coldStart(["dist/tbank-hotels-mcp.js"], env);
      ours.push(run.ms);
      toolsList = run.toolsList;
      everything.push((await coldStart(["node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"], env)).ms);
      for (const key of ["bins", "withAjv", "allZodLocales"] as const) {
        const p = await coldStart([plainBins[key]], env);
        plain[key].push(p.ms);
        if (key === "bins") plainToolsList = p.toolsList;
      }
    }
    // The two paths must list the same tools, or the comparison measures different work.
    const resultOf = (line: string): unknown => (JSON.parse(line) as { result: unknown }).result;
    if (!isDeepStrictEqual(resultOf(plainToolsList), resultOf(toolsList))) throw new Error("the plain SDK path lists other tools than the bin");
    const listed = JSON.parse(toolsList) as { result: { tools: unknown[] } };
    const listJson = JSON.stringify(listed.result);
    // The opt-in toolsets' lists, from the same fast path: lowlevel has a goal, all is reported.
    const listOf = async (toolsets: string) => JSON.parse((await coldStart(["dist/tbank-hotels-mcp.js"], { ...env, TBANK_HOTELS_TOOLSETS: toolsets })).toolsList) as { result: { tools: unknown[] } };
    const lowlevel = await listOf("lowlevel");
    // The write toolsets (issue 16) are reported against the default list, like all.
    const booking = await listOf("booking");
    const mutations = await listOf("mutations");
    const all = await listOf("all");

    const c = await client(sandbox.urls);
    const journey = await goldenJourney(c);
    const journeyText = journey.reduce((n, s) => n + s.textTokens, 0);
    const journeyStructured = journey.reduce((n, s) => n + s.structuredTokens, 0);
    const viewRow = await stayViewRow(c);
    await c.close();

    // plan_stay over the 400-hotel city against a sandbox in its own process, 50 ms per search page,
    // so the provider's own work is not billed to the MCP. The catalog is warmed first.
    const slow = await startChildSandbox(["--seed", "bench-mcp", "--latency", "search=50"]);
    const m = await client(slow.urls);
    let wall = 0;
    let pages = 0;
    let bareMs = 0;
    let flex: FlexBench;
    try {
      await m.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Москва" } });
      // Distinct weekends, so the 30 s search cache never answers; the first run warms the code.
      const walls: number[] = [];
      const bares: number[] = [];
      for (let week = 0; week < 4; week++) {
        const dates = nextWeekend(new Date(Date.now() + week * 7 * 86_400_000));
        const started = performance.now();
        const moscow = (await m.callTool({ name: "tbank_hotels_plan_stay", arguments: { destination: "Москва", ...dates, rooms: [{ adults: 2, childrenAges: [] }] } })) as CallToolResult;
        const took = performance.now() - started;
        if (moscow.isError) throw new Error("plan_stay Москва failed");
        pages = Number((moscow.structuredContent as { searchCoverage?: { requestsMade?: number } }).searchCoverage?.requestsMade ?? 0);
        const bare = await bareCollection(slow.urls.hotelsApiBaseUrl, "Москва", pages, dates);
        if (week === 0) continue;
        walls.push(took);
        bares.push(bare);
      }
      wall = median(walls);
      bareMs = median(bares);
      // The stdio server's limiter: TBANK_HOTELS_MAX_CONCURRENT_REQUESTS, default 2.
      flex = await benchFlexDates(m, 50, 2, new Date().toISOString().slice(0, 10));
    } finally {
      await m.close();
      slow.stop();
    }
    const latencySum = pages * 50;

    const listTokens = tokens(listJson);
    // The goal holds for the list a client without MCP Apps reads; the view's _meta may add 5 %.
    const meta = toolsListMetaTokens(listed.result);
    const goals: TokenGoal[] = [
      { name: `tools/list, ${listed.result.tools.length} default, no _meta`, tokens: meta.withoutMeta, goal: TOOLS_LIST_GOAL_TOKENS },
      { name: "tools/list with the view's _meta", tokens: meta.sent, goal: Math.floor(meta.withoutMeta * META_GROWTH_GOAL) },
      { name: `golden journey, ${journey.length} calls, text`, tokens: journeyText, goal: JOURNEY_GOAL_TOKENS },
      { name: `golden journey, ${journey.length} calls, structured`, tokens: journeyStructured, goal: JOURNEY_GOAL_TOKENS },
      { name: `tools/list, lowlevel, ${lowlevel.result.tools.length} tools`, tokens: tokens(JSON.stringify(lowlevel.result)), goal: LOWLEVEL_TOOLS_LIST_GOAL_TOKENS },
      { name: "find_stay_dates, 6 Казань dates, text", tokens: flex.textTokens, goal: FLEX_ANSWER_GOAL_TOKENS },
      { name: "find_stay_dates, 6 Казань dates, structured", tokens: flex.structuredTokens, goal: FLEX_ANSWER_GOAL_TOKENS },
    ];
    const rows: BenchRow[] = [
      { name: "cold start to tools/list (median)", figure: ms(median(ours)), anchor: `bare node ${ms(median(bare))}`, ratio: median(ours) / median(bare), goal: "<= 2x" },
      { name: "plain SDK stdio, no front (median)", figure: ms(median(plain.bins)), anchor: `bare node ${ms(median(bare))}`, ratio: median(plain.bins) / median(bare), goal: "<= 2x" },
      { name: "cold start, front vs plain SDK", figure: ms(median(ours)), anchor: `plain ${ms(median(plain.bins))}`, ratio: median(ours) / median(plain.bins) },
      { name: "plain, SDK's Ajv provider bundled", figure: ms(median(plain.withAjv)), anchor: `plain ${ms(median(plain.bins))}`, ratio: median(plain.withAjv) / median(plain.bins) },
      { name: "plain, every zod locale bundled", figure: ms(median(plain.allZodLocales)), anchor: `plain ${ms(median(plain.bins))}`, ratio: median(plain.allZodLocales) / median(plain.bins) },
      { name: "cold start vs server-everything", figure: ms(median(ours)), anchor: `everything ${ms(median(everything))}`, ratio: median(ours) / median(everything), goal: "<= 0.5x" },
      ...goals.map((g): BenchRow => ({ name: g.name, figure: `${g.tokens} tokens`, anchor: `goal ${g.goal}`, ratio: g.tokens / g.goal, goal: "<= 1x" })),
      { name: "tools/list growth from _meta", figure: `${meta.sent - meta.withoutMeta} tokens`, anchor: `without ${meta.withoutMeta}`, ratio: meta.sent / meta.withoutMeta, goal: `<= ${META_GROWTH_GOAL}x` },
      viewRow,
      { name: `plan_stay Москва, ${pages} pages x 50 ms (median)`, figure: ms(wall), anchor: `latency sum ${ms(latencySum)}`, ratio: wall / latencySum, goal: "<= 1.10x" },
      { name: "plan_stay Москва vs bare fetch loop", figure: ms(wall), anchor: `same ${pages} requests ${ms(bareMs)}`, ratio: wall / bareMs },
      ...flex.rows,
      ...[
        { label: "booking", list: booking },
        { label: "mutations", list: mutations },
        { label: "all toolsets", list: all },
      ].map(({ label, list }): BenchRow => {
        const n = tokens(JSON.stringify(list.result));
        return { name: `tools/list, ${label}, ${list.result.tools.length} tools`, figure: `${n} tokens`, anchor: `default ${listTokens}`, ratio: n / listTokens };
      }),
    ];
    return { rows, journey, goals };
  } finally {
    await sandbox.close();
  }
}

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { SandboxUrls } from "../sandbox/index.js";
import type { SandboxCounts, SandboxRequest } from "./http-sandbox.js";
import { mulberry32 } from "../sandbox/data/prng.js";
import { startHttpInstance } from "../../test/helpers/http-instance.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";
import { bareProxyFloor, type ToolPattern } from "./http-floor.js";
import { forkReady } from "./fork-ready.js";
import { leanSession, type ToolCaller } from "./lean-client.js";
import { goldenJourney, type JourneyClient, type JourneyStep } from "./mcp.js";
import { ms, percentile, type BenchRow } from "./stats.js";

// bench:http: many MCP clients over Streamable HTTP playing the golden journey at once against
// `tbank-hotels-mcp --http`: one instance (memory store), one instance on a redis-server, and two
// instances on one redis-server (every session alternates its calls between them). The sandbox answers every request `latency`
// ms after it arrives, so what a call costs beyond its provider requests is the remote mode's own
// overhead: transport, store, queueing behind the provider limiter and for the CPU.
//
// Sessions are paced like agents: a model takes its turn between two tool calls (reading the answer,
// writing the next call), so each session waits a think time before every call. That is the load
// the overhead goal is about. The same journeys with no think time at all are then run as a
// capacity test: every session fires its next call the moment the last one answers, so the figures
// show how many calls per second the machine (servers, the clients and the sandbox on the same
// cores) gets through, not what one agent waits for.

const DAY_MS = 86_400_000;

/** Think time before each call, uniform in [minMs, maxMs]; a session's first call comes within [0, maxMs). */
export interface Pacing {
  minMs: number;
  maxMs: number;
}

export interface LoadWindow {
  /** Paced phases only: how long sessions play before calls are counted. */
  warmupMs: number;
  /** Paced phases: how long calls are counted after the warm-up. */
  measureMs: number;
}

export interface HttpBenchOptions {
  sessions: number;
  client: ClientKind;
  window: LoadWindow;
  latencyMs: number;
  pacing: Pacing;
  /** Also run the no-think-time capacity phases. */
  capacity: boolean;
  /** The whole run stops (and fails) past this. */
  deadlineMs: number;
  /** Node flags for the server instances, e.g. --cpu-prof (bench:http -- --profile DIR). */
  serverNodeArgs?: readonly string[];
  /** Only the memory-store phases (the product, the plain SDK path) and their floor: a short run. */
  quick?: boolean;
  /** Every server phase on the plain SDK path (no pool), instead of the product with one plain phase beside it. */
  plainSdk?: boolean;
}

export interface LoadResult {
  label: string;
  sessions: number;
  /** null: no think time (the capacity phases). */
  pacing: Pacing | null;
  /** A floor phase (bare processes, scripts/bench/http-floor-server.ts): an anchor, no goal. */
  floor: boolean;
  /** Journeys started, in the warm-up too. */
  journeys: number;
  /** Calls that started after the warm-up, the window's stragglers included: what the CPU and provider counters saw. */
  callsAfterWarmup: number;
  /** The measured window (paced), or the whole run (capacity). */
  windowMs: number;
  /** The calls of the journeys that completed: a refused call did not wait on the provider. */
  steps: JourneyStep[];
  /** Calls of journeys that failed, the failing call included. */
  failedJourneyCalls: number;
  /** Each tool's calls measured one at a time before the load. */
  perCall: Map<string, ToolAlone>;
  failures: string[];
  providerRequests: number;
  expectedProviderRequests: number;
  rssBeforeBytes: number;
  rssPeakDeltaBytes: number;
  wallMs: number;
  /** CPU time spent during the load by the servers (and redis-server), by this process's clients, by the sandbox. */
  cpuMs: { servers: number; clients: number; sandbox: number };
  /** The servers' CPU one process at a time (the instances, then redis-server). */
  serverCpuMs: number[];
  /** The sandbox's arrival-to-answer time per request in the measured window (its set latency plus its own queueing). */
  sandboxAnswerMs: SandboxCounts["answerMs"];
  latencyMs: number;
  /** Of the machine's CPU time in the window, the share its hypervisor gave to other guests (/proc/stat steal). */
  stealShare: number;
}

export interface ToolAlone {
  requests: number;
  /** Most provider requests one call had in flight at once. */
  peakInFlight: number;
  /**
   * Median time the servers waited on the provider for the call (tbank_hotels_provider_wait_seconds_total:
   * request sent to answer received, so the network and the provider's HTTP stack are in it): the anchor.
   */
  providerMs: number;
  /** Median time the sandbox had one of the call's requests in flight (its own clock: a stricter anchor). */
  sandboxMs: number;
  /** Median latency of the call alone. */
  ms: number;
}

interface ChildSandbox {
  pid: number;
  /** What every route waits before answering. */
  latencyMs: number;
  urls: SandboxUrls;
  ask(request: SandboxRequest): Promise<SandboxCounts>;
  stop(): Promise<void>;
}

interface Proc {
  pid: number;
  stop(): Promise<void>;
}

interface Instance extends Proc {
  url: string;
}

async function startChildSandbox(latencyMs: number): Promise<ChildSandbox> {
  const { child, ready, stop } = await forkReady<{ urls: SandboxUrls }>("build-tools/bench-http-sandbox.js", [String(latencyMs)], "the bench sandbox");
  const waiting: ((counts: SandboxCounts) => void)[] = [];
  child.on("message", (m: SandboxCounts) => waiting.shift()?.(m));
  return {
    pid: child.pid ?? 0,
    latencyMs,
    urls: ready.urls,
    // One question at a time: answers come back in order.
    ask: (request) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.send(request);
      }),
    stop,
  };
}

async function startRedis(): Promise<Proc & { url: string }> {
  const redis = await startRedisServer();
  return { url: redis.url, pid: redis.pid, stop: () => redis.close() };
}

// The same server with every request through a fresh McpServer and the SDK's transport, no pool.
const PLAIN_SDK_BIN = "build-tools/bench-http-plain-sdk.js";

async function startInstance(env: Record<string, string>, nodeArgs: readonly string[] = [], bin?: string): Promise<Instance> {
  const instance = await startHttpInstance({ env, args: ["--host", "127.0.0.1"], nodeArgs, keepLog: false, ...(bin ? { bin } : {}) });
  return { url: instance.url, pid: instance.pid, stop: () => instance.stop() };
}

/** A bare floor process making `patterns`' provider requests per tool (scripts/bench/http-floor-server.ts). */
async function startFloor(providerBaseUrl: string, patterns: ReadonlyMap<string, ToolAlone>, redisUrl?: string, timeoutMs = 15_000): Promise<Instance> {
  const byTool: Record<string, ToolPattern> = {};
  // A call that had at most `peak` requests in flight made them in at most `requests - peak + 1`
  // rounds, the slowest shape the peak allows; the time the servers waited agrees (plan_stay: ten
  // requests, peak 2, ~9 x 52 ms: its pages one after another and a cashback read beside one).
  for (const [tool, alone] of patterns) {
    const requests = Math.round(alone.requests);
    byTool[tool] = { requests, rounds: requests === 0 ? 0 : Math.max(1, requests - Math.max(1, alone.peakInFlight) + 1) };
  }
  const args = [providerBaseUrl, JSON.stringify(byTool), ...(redisUrl === undefined ? [] : [redisUrl])];
  const { child, ready, stop } = await forkReady<{ url: string }>("build-tools/bench-http-floor-server.js", args, "the bench floor", timeoutMs);
  return { url: ready.url, pid: child.pid ?? 0, stop };
}

/** /readyz says the store and the provider are reachable (the store connects in the background). */
async function waitReady(instance: Instance, timeoutMs = 10_000): Promise<void> {
  const readyz = new URL("/readyz", instance.url);
  const until = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < until) {
    const res = await fetch(readyz).catch((e: unknown) => e as Error);
    if (!(res instanceof Error) && res.ok) return;
    last = res instanceof Error ? res.message : await res.text();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${instance.url} was not ready within ${timeoutMs} ms: ${last}`);
}

// /proc/<pid>/stat counts in USER_HZ ticks, 100 a second on Linux.
const TICK_MS = 10;

/** User + system CPU time of `pids` so far (0 for one that has gone). */
function cpuTimeMs(pids: readonly number[]): number {
  return pids.reduce((n, pid) => {
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
    // Fields after the command name (which may hold spaces): state is 3rd, utime 14th, stime 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return n + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * TICK_MS;
  }, 0);
}

/** The machine's CPU time so far, all cores: the part the hypervisor gave to others (steal) and the total. */
function machineCpuMs(): { stealMs: number; totalMs: number } {
  const line = existsSync("/proc/stat") ? (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "") : "";
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
  const ticks = line.split(/\s+/).slice(1, 9).map(Number);
  return { stealMs: (ticks[7] ?? 0) * TICK_MS, totalMs: ticks.reduce((n, t) => n + (Number.isFinite(t) ? t : 0), 0) * TICK_MS };
}

function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function rssBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** The summed RSS of `pids`, sampled every 50 ms; `stop()` returns the highest sum seen. */
function sampleRss(pids: readonly number[]): { stop(): number } {
  const sum = () => pids.reduce((n, pid) => n + rssBytes(pid), 0);
  let peak = sum();
  const timer = setInterval(() => (peak = Math.max(peak, sum())), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, sum());
    },
  };
}

export type ClientKind = "lean" | "sdk";

async function connect(url: string, kind: ClientKind): Promise<ToolCaller> {
  if (kind === "lean") return leanSession(url);
  const c = new Client({ name: "bench-http", version: "1" });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { callTool: (params) => c.callTool(params), close: () => c.close() };
}

/**
 * One session over several instances: call k goes to instance (first + k) mod n. Sessions and their
 * journeys start on different instances, as a load balancer spreads them: started all on one, every
 * plan_stay (most of a journey's CPU) landed there while the other instance idled.
 */
function alternating(clients: readonly ToolCaller[], first = 0): JourneyClient {
  let next = first;
  return {
    callTool: (params) => {
      const c = clients[next++ % clients.length];
      if (!c) throw new Error("no client");
      return c.callTool(params);
    },
  };
}

/** A different stay per session, so the 30 s search cache never answers one session from another's search. */
function stayFor(index: number): { checkinDate: string; checkoutDate: string } {
  const checkin = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + (14 + index) * DAY_MS);
  return { checkinDate: checkin.toISOString().slice(0, 10), checkoutDate: new Date(checkin.getTime() + 2 * DAY_MS).toISOString().slice(0, 10) };
}

/** Seconds the instances have waited on the provider, from their /metrics. */
async function providerWaitMs(urls: readonly string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const text = await (await fetch(new URL("/metrics", url))).text();
    const seconds = /^tbank_hotels_provider_wait_seconds_total ([\d.e+-]+)$/m.exec(text)?.[1];
    if (seconds === undefined) throw new Error(`${url}: no tbank_hotels_provider_wait_seconds_total in /metrics`);
    total += Number(seconds) * 1000;
  }
  return total;
}

/**
 * Journeys played one call at a time with the counters read around each call: provider requests
 * per call of each tool, the time the servers waited on them (the anchor) and the time the sandbox
 * had at least one of them in flight (overlapping requests counted once). The first journey only warms
 * the processes and caches.
 */
async function calibrate(clients: readonly ToolCaller[], urls: readonly string[], sandbox: ChildSandbox, firstStay: number): Promise<Map<string, ToolAlone>> {
  const samples = new Map<string, { requests: number; peak: number; busyMs: number; waitMs: number; ms: number }[]>();
  for (let j = 0; j < 4; j++) {
    const target = alternating(clients);
    const counted: JourneyClient = {
      callTool: async (params) => {
        await sandbox.ask({ op: "reset" });
        const waitBefore = await providerWaitMs(urls);
        const started = performance.now();
        const result = await target.callTool(params);
        const ms = performance.now() - started;
        const counts = await sandbox.ask({ op: "counts" });
        const waitMs = (await providerWaitMs(urls)) - waitBefore;
        if (j > 0) {
          const tool = params.name.replace(/^tbank_hotels_/, "");
          samples.set(tool, [...(samples.get(tool) ?? []), { requests: counts.requests, peak: counts.peakInFlight, busyMs: counts.busyMs, waitMs, ms }]);
        }
        return result;
      },
    };
    await goldenJourney(counted, { stay: stayFor(firstStay + j), countTokens: false });
  }
  return new Map(
    [...samples].map(([tool, calls]): [string, ToolAlone] => {
      const requests = calls.reduce((n, c) => n + c.requests, 0) / calls.length;
      const peakInFlight = Math.max(0, ...calls.map((c) => c.peak));
      return [tool, { requests, peakInFlight, providerMs: percentile(calls.map((c) => c.waitMs), 50), sandboxMs: percentile(calls.map((c) => c.busyMs), 50), ms: percentile(calls.map((c) => c.ms), 50) }];
    }),
  );
}

/** Thrown by a paced session's next turn once the measured window has closed: the journey just stops. */
class WindowClosed extends Error {}

/**
 * A session's model turns: the first call within [0, maxMs), every later one after [minMs, maxMs];
 * a turn that would begin after `endAt` ends the session instead.
 */
function thinker(pacing: Pacing | null, session: number, endAt: number): (() => Promise<void>) | undefined {
  if (!pacing) return undefined;
  // Seeded, so two runs pace their sessions alike.
  const random = mulberry32(session + 1);
  let first = true;
  return async () => {
    const waitMs = first ? random() * pacing.maxMs : pacing.minMs + random() * (pacing.maxMs - pacing.minMs);
    first = false;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    if (performance.now() >= endAt) throw new WindowClosed();
  };
}

/**
 * Paced: every session plays journeys back to back until `window.warmupMs + window.measureMs` has
 * passed, and only calls that start after the warm-up count, so the figures are the steady state of
 * `sessions` agents at once, not the first minute's crowd all planning together. Unpaced (capacity):
 * every session plays one journey as fast as it is answered.
 */
async function load(label: string, urls: readonly string[], serverPids: readonly number[], sandbox: ChildSandbox, sessions: number, pacing: Pacing | null, window: LoadWindow, client: ClientKind, floor = false): Promise<LoadResult> {
  const warm = await Promise.all(urls.map((u) => connect(u, client)));
  const perCall = await calibrate(warm, urls, sandbox, 3000);
  await Promise.all(warm.map((c) => c.close()));

  const rssBeforeBytes = serverPids.reduce((n, pid) => n + rssBytes(pid), 0);
  const rss = sampleRss(serverPids);
  await sandbox.ask({ op: "reset" });
  const started = performance.now();
  const measureFrom = pacing ? started + window.warmupMs : started;
  const endAt = measureFrom + window.measureMs;
  const clients = await Promise.all(Array.from({ length: sessions }, () => Promise.all(urls.map((u) => connect(u, client)))));
  // Counters are read when the measured window opens (immediately when there is no warm-up).
  let cpuBefore = { clients: 0, sandbox: 0 };
  let machineBefore = { stealMs: 0, totalMs: 0 };
  let perServerBefore: number[] = [];
  let requestsBefore = 0;
  const opened = (async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, measureFrom - performance.now())));
    cpuBefore = { clients: ownCpuMs(), sandbox: cpuTimeMs([sandbox.pid]) };
    machineBefore = machineCpuMs();
    perServerBefore = serverPids.map((pid) => cpuTimeMs([pid]));
    requestsBefore = (await sandbox.ask({ op: "window" })).requests;
  })();
  const journeys: { steps: JourneyStep[]; startedAt: number[]; error?: string }[] = [];
  const session = async (c: ToolCaller[], i: number): Promise<void> => {
    const think = thinker(pacing, i, endAt);
    for (let j = 0; j === 0 || (pacing && performance.now() < endAt); j++) {
      const journey: { steps: JourneyStep[]; startedAt: number[]; error?: string } = { steps: [], startedAt: [] };
      journeys.push(journey);
      await goldenJourney(alternating(c, i + j), {
        stay: stayFor(i + j * sessions),
        countTokens: false,
        think,
        onStep: (s) => {
          journey.steps.push(s);
          journey.startedAt.push(performance.now() - s.ms);
        },
      }).catch((err: unknown) => {
        if (!(err instanceof WindowClosed)) journey.error = err instanceof Error ? err.message : String(err);
      });
    }
  };
  await Promise.all(clients.map((c, i) => session(c, i)));
  await opened;
  const endedAt = performance.now();
  const serverCpuMs = serverPids.map((pid, k) => cpuTimeMs([pid]) - (perServerBefore[k] ?? 0));
  const cpuMs = { servers: serverCpuMs.reduce((n, c) => n + c, 0), clients: ownCpuMs() - cpuBefore.clients, sandbox: cpuTimeMs([sandbox.pid]) - cpuBefore.sandbox };
  const machineAfter = machineCpuMs();
  const rssPeakBytes = rss.stop();
  const { requests, answerMs: sandboxAnswerMs } = await sandbox.ask({ op: "counts" });
  await Promise.all(clients.flat().map((c) => c.close()));
  // A paced session's last journey stops when the window closes: its calls so far count.
  const inWindow = journeys.map((j) => j.steps.filter((_, k) => (j.startedAt[k] ?? 0) >= measureFrom && (!pacing || (j.startedAt[k] ?? 0) < endAt)));
  const steps = inWindow.flatMap((mine, k) => (journeys[k]?.error === undefined ? mine : []));
  const measured = inWindow.flat();
  const afterWarmup = journeys.flatMap((j) => j.steps.filter((_, k) => (j.startedAt[k] ?? 0) >= measureFrom));
  return {
    label,
    sessions,
    pacing,
    floor,
    journeys: journeys.length,
    steps,
    failedJourneyCalls: measured.length - steps.length,
    perCall,
    failures: journeys.flatMap((j) => (j.error === undefined ? [] : [j.error])),
    providerRequests: requests - requestsBefore,
    // Calls after the window still made requests: the paced figure compares in-window calls only.
    callsAfterWarmup: afterWarmup.length,
    expectedProviderRequests: afterWarmup.reduce((n, s) => n + (perCall.get(s.tool)?.requests ?? 0), 0),
    rssBeforeBytes,
    rssPeakDeltaBytes: rssPeakBytes - rssBeforeBytes,
    windowMs: pacing ? window.measureMs : endedAt - measureFrom,
    wallMs: endedAt - measureFrom,
    cpuMs,
    serverCpuMs,
    sandboxAnswerMs,
    latencyMs: sandbox.latencyMs,
    stealShare: (machineAfter.stealMs - machineBefore.stealMs) / Math.max(1, machineAfter.totalMs - machineBefore.totalMs),
  };
}

function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench:http did not finish within ${deadlineMs / 1000} s`)), deadlineMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export type Outcome<T> = { ok: true; result: T } | { ok: false; label: string; error: string };
export type PhaseOutcome = Outcome<LoadResult>;

export interface HttpBenchResult {
  /** The same provider request through a bare Node proxy: the floor the phases are read against. */
  floor: BenchRow;
  /** The same, with the two Redis round trips a call on a shared journey needs. */
  redisFloor: Outcome<BenchRow>;
  phases: PhaseOutcome[];
}

export async function benchHttp(opts: HttpBenchOptions): Promise<HttpBenchResult> {
  const dir = await mkdtemp(join(tmpdir(), "tbank-bench-http-"));
  const procs: Proc[] = [];
  const serverBin = opts.plainSdk ? PLAIN_SDK_BIN : undefined;
  const tag = opts.plainSdk ? "plain SDK path: " : "";
  const sandbox = await startChildSandbox(opts.latencyMs);
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
    TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
    // Every session is the same anonymous principal on loopback: the tool-call limit is not measured here.
    TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: "100000",
    TBANK_HOTELS_HTTP_DRAIN_MS: "1000",
    ...extra,
  });
  // A phase that fails is reported and the next one still runs.
  const phase = async <T>(label: string, work: () => Promise<T>): Promise<Outcome<T>> => {
    try {
      return { ok: true, result: await work() };
    } catch (err) {
      return { ok: false, label, error: err instanceof Error ? err.message : String(err) };
    } finally {
      for (const p of procs.splice(0).reverse()) await p.stop();
    }
  };
  const oneInstance = (label: string, pacing: Pacing | null, bin?: string) =>
    phase(label, async () => {
      const one = await startInstance(env(), opts.serverNodeArgs, bin ?? serverBin);
      procs.push(one);
      await waitReady(one);
      return load(label, [one.url], [one.pid], sandbox, opts.sessions, pacing, opts.window, opts.client);
    });
  // n instances on one redis-server. One instance on Redis tells what the shared store costs apart
  // from what a second process on the same cores costs.
  const onRedis = (label: string, n: 1 | 2, pacing: Pacing | null) =>
    phase(label, async () => {
      const redis = await startRedis();
      procs.push(redis);
      const instances: Instance[] = [];
      for (let k = 0; k < n; k++) {
        const instance = await startInstance(env({ TBANK_HOTELS_STORE_URL: redis.url }), opts.serverNodeArgs, serverBin);
        procs.push(instance);
        instances.push(instance);
      }
      await Promise.all(instances.map((i) => waitReady(i)));
      return load(label, instances.map((i) => i.url), [...instances.map((i) => i.pid), redis.pid], sandbox, opts.sessions, pacing, opts.window, opts.client);
    });
  // The same load on bare processes making the provider requests the phase before measured per tool
  // (its one-call-at-a-time calibration): what this machine alone adds to a call under that load.
  const floorUnderLoad = (label: string, after: PhaseOutcome, n: 1 | 2) =>
    phase(label, async () => {
      if (!after.ok) throw new Error(`needs the phase before it: ${after.error}`);
      const redis = n === 2 ? await startRedis() : undefined;
      if (redis) procs.push(redis);
      const floors: Instance[] = [];
      for (let k = 0; k < n; k++) {
        const floor = await startFloor(sandbox.urls.hotelsApiBaseUrl, after.result.perCall, redis?.url);
        procs.push(floor);
        floors.push(floor);
      }
      // Plain JSON-RPC clients whatever the phases used: the floor is no MCP server for the SDK's.
      const shown = opts.client === "lean" ? label : `${label} (lean clients)`;
      return load(shown, floors.map((f) => f.url), [...floors.map((f) => f.pid), ...(redis ? [redis.pid] : [])], sandbox, opts.sessions, opts.pacing, opts.window, "lean", true);
    });
  const run = async (): Promise<HttpBenchResult> => {
    const floor = await bareProxyFloor(sandbox.urls.hotelsApiBaseUrl);
    // Without it the Redis phases are reported as failed, each on its own; the run goes on.
    const redisFloor = await phase("floor on redis-server", async () => {
      const redis = await startRedis();
      procs.push(redis);
      return bareProxyFloor(sandbox.urls.hotelsApiBaseUrl, redis.url);
    });
    const memory = await oneInstance(`${tag}1 instance, memory store`, opts.pacing);
    const phases = [memory];
    if (!opts.plainSdk) phases.push(await oneInstance("plain SDK path: 1 instance, memory store, fresh McpServer per request", opts.pacing, PLAIN_SDK_BIN));
    phases.push(await floorUnderLoad("floor under load: 1 bare process", memory, 1));
    if (opts.quick) return { floor, redisFloor, phases };
    phases.push(await onRedis(`${tag}1 instance, one redis-server`, 1, opts.pacing));
    const two = await onRedis(`${tag}2 instances, one redis-server`, 2, opts.pacing);
    phases.push(two, await floorUnderLoad("floor under load: 2 bare processes, one redis-server", two, 2));
    if (!opts.capacity) return { floor, redisFloor, phases };
    return { floor, redisFloor, phases: [...phases, await oneInstance("capacity, 1 instance", null), await onRedis("capacity, 2 instances + redis", 2, null)] };
  };
  try {
    return await withDeadline(run(), opts.deadlineMs);
  } finally {
    for (const p of procs.reverse()) await p.stop();
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Per call: latency against its provider time (calls with no provider request are left out of the ratios). */
export function summarize(r: LoadResult): { rows: BenchRow[]; lines: string[] } {
  const withProvider = r.steps.map((s) => ({ s, provider: r.perCall.get(s.tool)?.providerMs ?? 0, sandbox: r.perCall.get(s.tool)?.sandboxMs ?? 0 })).filter((x) => x.provider > 0 && x.sandbox > 0);
  const ratios = withProvider.map((x) => x.s.ms / x.provider);
  const sandboxRatios = withProvider.map((x) => x.s.ms / x.sandbox);
  const overheads = withProvider.map((x) => x.s.ms - x.provider);
  const latencies = r.steps.map((s) => s.ms);
  const ok = r.journeys - r.failures.length;
  const calls = r.steps.length + r.failedJourneyCalls;
  const rows: BenchRow[] = [
    // The goal is about agents as they are (paced); the capacity and floor phases have none.
    { name: `${r.label}: call p50`, figure: ms(percentile(latencies, 50)), anchor: `overhead p50 ${ms(percentile(overheads, 50))}`, ratio: percentile(ratios, 50), ...(r.pacing && !r.floor ? { goal: "<= 1.10x" } : {}) },
    { name: `${r.label}: call p95`, figure: ms(percentile(latencies, 95)), anchor: `overhead p95 ${ms(percentile(overheads, 95))}`, ratio: percentile(ratios, 95) },
    // The same calls against the time measured inside the sandbox, which leaves out the network and
    // the provider's own HTTP handling (billed to the server here): a stricter anchor, no goal.
    { name: `${r.label}: p50 vs sandbox clock`, figure: ms(percentile(latencies, 50)), anchor: `p95 ${percentile(sandboxRatios, 95).toFixed(2)}x`, ratio: percentile(sandboxRatios, 50) },
    // What the provider itself took under this load: past the set latency, the servers' overhead above includes it.
    { name: `${r.label}: sandbox answer time`, figure: `p50 ${ms(r.sandboxAnswerMs.p50)}`, anchor: `p95 ${ms(r.sandboxAnswerMs.p95)}, set ${r.latencyMs} ms`, ratio: r.sandboxAnswerMs.p50 / r.latencyMs },
    { name: `${r.label}: memory per session`, figure: `${(r.rssPeakDeltaBytes / r.sessions / 1024).toFixed(1)} KB`, anchor: `RSS before ${(r.rssBeforeBytes / 1048576).toFixed(1)} MB`, ratio: r.rssPeakDeltaBytes / r.rssBeforeBytes },
    { name: `${r.label}: journeys, none failed`, figure: `${ok}/${r.journeys} in ${(r.wallMs / 1000).toFixed(1)} s`, anchor: `${r.failedJourneyCalls} calls in failed ones`, ratio: ok / r.journeys, goal: "= 1x" },
    { name: `${r.label}: provider requests`, figure: String(r.providerRequests), anchor: `expected ${Math.round(r.expectedProviderRequests)}`, ratio: r.providerRequests / r.expectedProviderRequests },
    { name: `${r.label}: throughput`, figure: `${(calls / (r.windowMs / 1000)).toFixed(0)} calls/s`, anchor: r.pacing ? `think ${r.pacing.minMs}-${r.pacing.maxMs} ms` : "no think time", ratio: calls / (r.windowMs / 1000) / r.sessions },
    // Where the machine's time went: with every core busy, calls queue for CPU, not for the provider.
    { name: `${r.label}: server CPU per call`, figure: ms(r.cpuMs.servers / Math.max(1, r.callsAfterWarmup)), anchor: `${r.serverCpuMs.map((c) => (c / 1000).toFixed(1)).join(" + ")} s in ${(r.wallMs / 1000).toFixed(1)} s`, ratio: r.cpuMs.servers / r.wallMs },
    // A noisy neighbour shows here: time this machine's cores were runnable but ran another guest.
    { name: `${r.label}: CPU steal`, figure: `${(r.stealShare * 100).toFixed(1)} %`, anchor: "of all cores' time", ratio: r.stealShare },
    { name: `${r.label}: CPU, clients / sandbox`, figure: `${(r.cpuMs.clients / 1000).toFixed(1)} s / ${(r.cpuMs.sandbox / 1000).toFixed(1)} s`, anchor: `${cpus().length} cores, ${(r.wallMs / 1000).toFixed(1)} s`, ratio: (r.cpuMs.servers + r.cpuMs.clients + r.cpuMs.sandbox) / (r.wallMs * cpus().length) },
  ];
  const tools = [...new Set(r.steps.map((s) => s.tool))];
  // The p50 row is one percentile over every call with a provider request: each tool's own ratio
  // (and its share of those calls) shows which calls it falls among and why it moves between runs.
  const lines = [`  ${"tool".padEnd(26)} ${"calls".padStart(5)}  provider req (peak) = waited / sandbox ms   alone ms   under load p50 / p95 ms  ratio p50 alone / load  statuses`];
  for (const tool of tools) {
    const mine = r.steps.filter((s) => s.tool === tool).map((s) => s.ms);
    const statuses = [...new Set(r.steps.filter((s) => s.tool === tool).map((s) => s.status))].join(",");
    const alone = r.perCall.get(tool);
    const provider = alone ? `${alone.requests.toFixed(1)} (${alone.peakInFlight}) = ${alone.providerMs.toFixed(0)} / ${alone.sandboxMs.toFixed(0)}` : "?";
    const toolRatios = alone && alone.providerMs > 0 ? `${(alone.ms / alone.providerMs).toFixed(2)}x / ${(percentile(mine, 50) / alone.providerMs).toFixed(2)}x` : "-";
    lines.push(`  ${tool.padEnd(26)} ${String(mine.length).padStart(5)}  ${provider.padStart(35)}   ${(alone?.ms ?? Number.NaN).toFixed(0).padStart(8)}   ${percentile(mine, 50).toFixed(0).padStart(10)} / ${percentile(mine, 95).toFixed(0).padEnd(10)} ${toolRatios.padStart(22)}  ${statuses}`);
  }
  for (const f of [...new Set(r.failures)].slice(0, 5)) lines.push(`  failed journey: ${f.slice(0, 200)}`);
  return { rows, lines };
}

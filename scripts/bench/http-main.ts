import { parseArgs } from "node:util";
import { benchHttp, summarize } from "./http.js";
import { formatRows } from "./stats.js";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "200" },
    latency: { type: "string", default: "50" },
    // An agent's turn between two tool calls: reading the answer and writing the next call.
    think: { type: "string", default: "1000-3000" },
    // Paced phases: seconds played before calls count, then seconds counted.
    warmup: { type: "string", default: "20" },
    duration: { type: "string", default: "60" },
    "skip-capacity": { type: "boolean", default: false },
    // A short run: the memory-store phases only (product, plain SDK path, floor), no capacity.
    quick: { type: "boolean", default: false },
    // Every server phase on the plain SDK path (a fresh McpServer per request, no pool).
    "plain-sdk": { type: "boolean", default: false },
    // lean: plain JSON-RPC POSTs (scripts/bench/lean-client.ts); sdk: the MCP SDK's client.
    client: { type: "string", default: "lean" },
    profile: { type: "string" },
  },
});
const sessions = Number(values.sessions);
const latencyMs = Number(values.latency);
const [minMs, maxMs] = (/^(\d+)-(\d+)$/.exec(values.think)?.slice(1) ?? []).map(Number);
if (!Number.isInteger(sessions) || sessions < 1 || sessions > 1000 || !Number.isInteger(latencyMs) || latencyMs < 1 || latencyMs > 1000) {
  throw new Error("bench:http takes --sessions 1..1000 and --latency 1..1000 (ms)");
}
const client = values.client;
if (client !== "lean" && client !== "sdk") throw new Error("bench:http takes --client lean|sdk");
const warmupS = Number(values.warmup);
const durationS = Number(values.duration);
if (!(warmupS >= 0 && warmupS <= 600 && durationS >= 1 && durationS <= 600)) throw new Error("bench:http takes --warmup 0..600 and --duration 1..600 (seconds)");
if (minMs === undefined || maxMs === undefined || minMs < 0 || maxMs < minMs || maxMs > 60_000) throw new Error("bench:http takes --think MIN-MAX in ms, e.g. 1000-3000");

// --profile DIR: each server instance writes a CPU profile there when it stops.
const serverNodeArgs = values.profile === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", values.profile];
// Six paced phases (four of servers, two floors; --quick: three) each play warm-up + duration after a start-up and
// a calibration (30 s); 5 minutes for the sandbox, the two floors played one call at a time and the
// stops between phases; 4 for the two capacity phases (one journey per session, no think time).
const quick = values.quick;
const pacedPhases = quick ? 3 : 6;
const deadlineMs = (5 * 60 + pacedPhases * (warmupS + durationS + 30) + (values["skip-capacity"] || quick ? 0 : 4 * 60)) * 1000;
const { floor, redisFloor, phases: results } = await benchHttp({ sessions, client, latencyMs, pacing: { minMs, maxMs }, window: { warmupMs: warmupS * 1000, measureMs: durationS * 1000 }, capacity: !values["skip-capacity"] && !quick, quick, plainSdk: values["plain-sdk"], deadlineMs, serverNodeArgs });
process.stdout.write(`Remote Hotels MCP: ${sessions} concurrent sessions playing the golden journey, every provider request ${latencyMs} ms, ${minMs}-${maxMs} ms of model think time before each call, journeys back to back, counted for ${durationS} s after ${warmupS} s of warm-up (capacity phases: one journey each, no think time); ${client} clients\n`);
process.stdout.write("(ratio = call latency / its provider time: how long the servers waited on the provider for that call, from their tbank_hotels_provider_wait_seconds_total, measured one call at a time before the load; the vs-sandbox-clock row uses the time the sandbox itself had the requests in flight)\n");
process.stdout.write(formatRows("Floor: what any HTTP server pays on this machine for a call with one provider request (with Redis: read and write back a journey-sized value)", redisFloor.ok ? [floor, redisFloor.result] : [floor]));
if (!redisFloor.ok) {
  process.stdout.write(`${redisFloor.label}\n  FAILED: ${redisFloor.error}\n`);
  process.exitCode = 1;
}
for (const outcome of results) {
  if (!outcome.ok) {
    process.stdout.write(`${outcome.label}\n  FAILED: ${outcome.error}\n`);
    process.exitCode = 1;
    continue;
  }
  const { rows, lines } = summarize(outcome.result);
  process.stdout.write(formatRows(outcome.result.label, rows));
  process.stdout.write(`${lines.join("\n")}\n`);
  if (outcome.result.failures.length > 0) process.exitCode = 1;
}

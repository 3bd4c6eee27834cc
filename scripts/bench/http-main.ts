import { parseArgs } from "node:util";
import { benchHttp, summarize } from "./http.js";
import { formatRows } from "./stats.js";

const { values } = parseArgs({ options: { sessions: { type: "string", default: "200" }, latency: { type: "string", default: "50" }, profile: { type: "string" } } });
const sessions = Number(values.sessions);
const latencyMs = Number(values.latency);
if (!Number.isInteger(sessions) || sessions < 1 || sessions > 1000 || !Number.isInteger(latencyMs) || latencyMs < 1 || latencyMs > 1000) {
  throw new Error("bench:http takes --sessions 1..1000 and --latency 1..1000 (ms)");
}

// --profile DIR: each server instance writes a CPU profile there when it stops.
const serverNodeArgs = values.profile === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", values.profile];
const results = await benchHttp({ sessions, latencyMs, deadlineMs: 10 * 60_000, serverNodeArgs });
process.stdout.write(`Remote Hotels MCP: ${sessions} concurrent sessions playing the golden journey, every provider request ${latencyMs} ms\n`);
process.stdout.write("(ratio = call latency / its provider time: how long the sandbox had one of the call's requests in flight, measured one call at a time before the load)\n");
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

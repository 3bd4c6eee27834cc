import { subscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";
import { startSandbox } from "../sandbox/index.js";
import { percentile } from "./stats.js";

// bench:http's provider, in its own process so its work is not billed to the servers or the
// clients: every route answers `latency` ms after a request arrives, and the parent reads the
// counters over IPC. Exits when the parent goes away.
// "window": the answer times counted from now on (the measured window opens).
export type SandboxRequest = { op: "reset" } | { op: "window" } | { op: "counts" };
export interface SandboxCounts {
  requests: number;
  peakInFlight: number;
  /** Time with at least one request in flight: what a caller waited on the provider, overlaps counted once. */
  busyMs: number;
  /**
   * Arrival to answer of each request since the last reset or window, by the sandbox's clock: the
   * provider latency the servers really met. Under load it grows past the set latency when the
   * sandbox waits for a core it shares with the servers and the clients.
   */
  answerMs: { p50: number; p95: number; count: number };
}

const latencyMs = Number(process.argv[2] ?? "50");
const sandbox = await startSandbox({ seed: "bench-http", now: Date.now });
for (const route of sandbox.control.routeIds) sandbox.control.setFault(route, { kind: "latency", ms: latencyMs });

// Node's HTTP server reports every request's start on this channel; its response closes once answered
// or cut off (a server instance stopped between phases cuts its requests: "finish" never comes).
let inFlight = 0;
let busySince = 0;
let busyMs = 0;
let answerMs: number[] = [];
subscribe("http.server.request.start", (message) => {
  const arrived = performance.now();
  if (inFlight++ === 0) busySince = arrived;
  (message as { response: ServerResponse }).response.once("close", () => {
    const closed = performance.now();
    answerMs.push(closed - arrived);
    if (--inFlight === 0) busyMs += closed - busySince;
  });
});

process.on("message", (message: SandboxRequest) => {
  if (message.op === "reset") {
    sandbox.control.resetCounters();
    busyMs = 0;
  }
  if (message.op !== "counts") answerMs = [];
  const counts = sandbox.control.requestCounts();
  const answers = { p50: percentile(answerMs, 50), p95: percentile(answerMs, 95), count: answerMs.length };
  const reply: SandboxCounts = { requests: Object.values(counts).reduce((n, c) => n + c, 0), peakInFlight: sandbox.control.peakInFlight(), busyMs, answerMs: answers };
  process.send?.(reply);
});
// With the IPC channel and the server closed, nothing keeps this process alive.
process.on("disconnect", () => void sandbox.close());
process.send?.({ urls: sandbox.urls });

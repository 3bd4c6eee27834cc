import { Counter, Histogram, Registry } from "prom-client";
import type { ProviderWaitMeter } from "../../../shared/http/provider-wait.js";

// Prometheus metrics of one HTTP server, in a registry of its own (two servers in one process, as
// in tests, never mix their counts; nothing lands in prom-client's global default registry).

export interface HttpMetrics {
  registry: Registry;
  toolCalls: Counter<"tool" | "status">;
  toolCallSeconds: Histogram<"tool">;
  rateLimited: Counter;
  httpRequests: Counter<"route" | "status">;
  providerWaitSeconds: Counter;
  providerRequests: Counter;
}

/** The tool label of a name this server does not serve. */
const UNKNOWN_TOOL = "unknown";
const STATUS_LABEL = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * Every label value is a series kept for the life of the process, so a tool call is labelled only
 * with a tool this server serves: a client inventing a name per call (a rate-limited call is never
 * checked against the tools) would otherwise grow every scrape without end.
 */
export function toolLabeler(served: Iterable<string>): (name: string) => string {
  const names = new Set(served);
  return (name) => (names.has(name) ? name : UNKNOWN_TOOL);
}

/** A result status as a label: tools set it from their own code, but a label takes no odd text. */
export function statusLabel(status: string): string {
  return STATUS_LABEL.test(status) ? status : "other";
}

// Tool calls wait on the provider: from a cached answer (ms) to a slow search collection (tens of s).
const TOOL_CALL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export function createHttpMetrics(wait: ProviderWaitMeter): HttpMetrics {
  const registry = new Registry();
  return {
    registry,
    toolCalls: new Counter({ name: "tbank_hotels_tool_calls_total", help: "Tool calls by tool and result status", labelNames: ["tool", "status"], registers: [registry] }),
    toolCallSeconds: new Histogram({ name: "tbank_hotels_tool_call_duration_seconds", help: "Tool call duration, handler only", labelNames: ["tool"], buckets: TOOL_CALL_BUCKETS, registers: [registry] }),
    rateLimited: new Counter({ name: "tbank_hotels_rate_limited_total", help: "Tool calls refused by the per-key tool-call limit", registers: [registry] }),
    httpRequests: new Counter({ name: "tbank_hotels_http_requests_total", help: "HTTP requests by route and status", labelNames: ["route", "status"], registers: [registry] }),
    // Read from the meter when scraped: tool-call latency minus this is the server's own share.
    providerWaitSeconds: new Counter({
      name: "tbank_hotels_provider_wait_seconds_total",
      help: "Time with at least one Hotels API request in flight (sent to answered), overlapping requests counted once",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(wait.busyMs / 1000);
      },
    }),
    providerRequests: new Counter({
      name: "tbank_hotels_provider_requests_total",
      help: "Hotels API requests sent",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(wait.requests);
      },
    }),
  };
}

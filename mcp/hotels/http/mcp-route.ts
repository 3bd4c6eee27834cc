import type { Context } from "hono";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { setNewest } from "../../../shared/bounded-map.js";
import { readBody } from "../../../shared/http/request-body.js";
import type { Logger } from "../../../shared/logger.js";
import { err, ok, type Result } from "../../../shared/result.js";
import type { HotelsContext } from "../context.js";
import type { ToolCallLimiter } from "./contract.js";
import { INVALID_REQUEST, jsonRpcError, PARSE_ERROR, rateLimitedResult, SERVER_ERROR, toolCallsIn, type ToolCallRequest } from "./jsonrpc.js";
import type { McpPool } from "./mcp-pool.js";
import type { HttpMetrics } from "./metrics.js";
import { principalKey } from "./middleware.js";
import { notServedRemotely } from "./remote-config.js";
import { replyJson, type HotelsHttpEnv } from "./reply.js";
import type { RequestGuard } from "./request-guard.js";

// POST /mcp after auth: the HTTP guard, the body cap, the tool-call limit, then the SDK's
// transport through the pool, within the request timeout.

/** Refused subjects remembered at once (each a string and a number); the oldest is forgotten first. */
const REFUSED_SUBJECTS = 1_024;

export interface McpRouteDeps {
  pool: McpPool;
  guard: RequestGuard;
  limiter: ToolCallLimiter;
  journeys: HotelsContext["journeys"];
  metrics: HttpMetrics;
  toolLabel: (name: string) => string;
  logger: Logger;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  now: () => number;
  /** Counts a request in flight until its answer has left (a drain waits for it). */
  track(c: Context<HotelsHttpEnv>): void;
}


async function readJson(c: Context<HotelsHttpEnv>, maxBodyBytes: number): Promise<Result<unknown, Response>> {
  const read = await readBody(c.env.incoming, maxBodyBytes);
  if (!read.ok) {
    if (read.reason === "aborted") {
      // The client went away mid-body: nothing to answer, the connection is cut.
      c.env.outgoing.destroy();
      return err(RESPONSE_ALREADY_SENT);
    }
    return err(replyJson(413, jsonRpcError(SERVER_ERROR, `request body larger than ${maxBodyBytes} bytes`), { Connection: "close" }));
  }
  try {
    return ok(JSON.parse(read.text));
  } catch {
    return err(replyJson(400, jsonRpcError(PARSE_ERROR, "Parse error: Invalid JSON")));
  }
}

/** The tool-call limit: undefined lets the call run, a Response answers it instead. */
function toolCallLimit(deps: McpRouteDeps) {
  // Subjects the tool-call limit refused, until their window resets.
  const refusedUntil = new Map<string, number>();
  return async (subject: string, call: ToolCallRequest): Promise<Response | undefined> => {
    const notServed = notServedRemotely(call.name);
    if (notServed !== undefined) return replyJson(200, { jsonrpc: "2.0", id: call.id, result: notServed });
    // The journey read the tool starts with goes out now, beside the limit's round trip, instead
    // of after it. Refused calls leave it unread, and dropped; a subject already over its limit
    // starts none until its window resets.
    if (call.journeyId !== undefined && !((refusedUntil.get(subject) ?? 0) > deps.now())) deps.journeys.prefetch?.(call.journeyId);
    let decision;
    try {
      decision = await deps.limiter.take(subject);
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, "rate limit store unavailable");
      return replyJson(503, jsonRpcError(SERVER_ERROR, "the server's store is unavailable; try again shortly"), { "Retry-After": "5" });
    }
    if (decision.allowed) return undefined;
    setNewest(refusedUntil, subject, decision.resetAtMs, REFUSED_SUBJECTS);
    deps.metrics.rateLimited.inc();
    deps.metrics.toolCalls.inc({ tool: deps.toolLabel(call.name), status: "rate_limited" });
    return replyJson(200, { jsonrpc: "2.0", id: call.id, result: rateLimitedResult(decision.resetAtMs, deps.now()) });
  };
}

/** The pool's answer, or 504 once the request timeout passes (its server is then closed, aborting the tool). */
async function withinTimeout(c: Context<HotelsHttpEnv>, deps: McpRouteDeps, body: unknown): Promise<Response> {
  const key = {};
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), deps.requestTimeoutMs)));
  try {
    const outcome = await Promise.race([deps.pool.serve(c.req.raw, body, key), deadline]);
    if (outcome !== "timeout") return outcome;
    deps.pool.abandon(key);
    return replyJson(504, jsonRpcError(SERVER_ERROR, `the request took longer than ${deps.requestTimeoutMs} ms and was stopped`));
  } finally {
    clearTimeout(timer);
  }
}

export function mcpPost(deps: McpRouteDeps) {
  const limit = toolCallLimit(deps);
  return async (c: Context<HotelsHttpEnv>): Promise<Response> => {
    const principal = c.get("principal");
    const guarded = deps.guard.take(principalKey(c, principal));
    if (!guarded.allowed) {
      return replyJson(429, jsonRpcError(SERVER_ERROR, `too many requests; retry after ${guarded.retryAfterSeconds} seconds`), { "Retry-After": String(guarded.retryAfterSeconds) });
    }
    const parsed = await readJson(c, deps.maxBodyBytes);
    if (!parsed.ok) return parsed.error;
    const calls = toolCallsIn(parsed.value);
    if (Array.isArray(parsed.value) && calls.length > 0) {
      return replyJson(400, jsonRpcError(INVALID_REQUEST, "Invalid Request: send each tools/call in a request of its own, not in a batch"));
    }
    const call = calls[0];
    if (call !== undefined) {
      const refused = await limit(principal.subject, call);
      if (refused !== undefined) return refused;
    }
    deps.track(c);
    const answer = await withinTimeout(c, deps, parsed.value);
    // A tool's answer carries the headers of the server's own answers, as it always has.
    if (call !== undefined && answer.status === 200) for (const [k, v] of [["Cache-Control", "no-store"], ["X-Content-Type-Options", "nosniff"]] as const) answer.headers.set(k, v);
    return answer;
  };
}

// The HTTP-level guard: a client sending far more requests than any MCP session needs is refused
// with 429 before its requests cost a JSON parse, an MCP server or a store round trip. It is per
// instance and in memory on purpose: it protects this process, and needs no store to answer.

/**
 * Requests per minute a client may send, as a multiple of its tool-call limit. One tool call
 * costs a client one HTTP request, plus initialize, tools/list, pings and the notifications around
 * it: 20x leaves any honest client far below the guard, while a loop hammering the endpoint is cut
 * off before it reaches the MCP layer (and the provider behind it).
 */
export const HTTP_REQUESTS_PER_TOOL_CALL = 20;
const WINDOW_MS = 60_000;
// Past this many tracked clients, expired windows are swept before a new one is added.
const SWEEP_AT = 10_000;

export type GuardDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RequestGuard {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): GuardDecision {
    const now = this.now();
    let w = this.windows.get(client);
    if (w === undefined || w.resetAt <= now) {
      if (this.windows.size >= SWEEP_AT) for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
      w = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(client, w);
    }
    w.count += 1;
    return w.count <= this.perMinute ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }
}

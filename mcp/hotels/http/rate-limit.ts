import type { SharedStore } from "../store/types.js";
import type { LimitDecision, ToolCallLimiter } from "./contract.js";

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** The store namespace of the windows (a key's text before its first ":"). */
export const RATE_LIMIT_NAMESPACE = "ratelimit";

export interface ToolCallLimiterDeps {
  now?: () => number;
}

/**
 * Tool calls per principal per minute, in fixed windows counted by the store, so every instance
 * sharing the store (Redis) shares each principal's window. A window starts at its first call.
 */
export function createToolCallLimiter(store: SharedStore, perMinute: number, deps: ToolCallLimiterDeps = {}): ToolCallLimiter {
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError("the tool call limit must be a positive whole number per minute");
  const now = deps.now ?? Date.now;
  return {
    async take(subject): Promise<LimitDecision> {
      const { count, resetInMs } = await store.hit(`${RATE_LIMIT_NAMESPACE}:tools:${subject}`, RATE_LIMIT_WINDOW_MS);
      if (count <= perMinute) return { allowed: true, remaining: perMinute - count };
      return { allowed: false, resetAtMs: now() + Math.max(0, resetInMs) };
    },
  };
}

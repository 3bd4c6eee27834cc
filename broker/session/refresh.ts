import { IdentityProviderError, type IdentityProvider, type TokenGrant } from "./provider.js";
import { sleep, type Scheduler } from "../../shared/scheduler.js";
import type { Clock } from "../../shared/time.js";

export type RefreshFailure = "rejected" | "indeterminate" | "unavailable" | "timeout" | "protocol";

export type RefreshOutcome = { ok: true; tokens: TokenGrant } | { ok: false; reason: RefreshFailure; error?: unknown };

export interface RefreshRetryOptions {
  provider: IdentityProvider;
  refreshToken: string;
  /** Absolute time (on `now`) after which no attempt starts and no backoff waits. */
  deadline: number;
  now: Clock;
  scheduler: Scheduler;
  /** A number in [0, 1) for backoff jitter. */
  random: () => number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  onRetry?: (err: IdentityProviderError, delayMs: number, attempt: number) => void;
}

/**
 * One refresh, retried only when the same refresh token is certainly still unspent: the request
 * never reached the provider (`unreachable`), or the provider answered 5xx/429, which carries no
 * tokens. After anything else the token may have been rotated, and presenting it again would be
 * refresh-token reuse, which makes the provider revoke the whole session (RFC 9700 §4.14.2).
 */
export async function refreshWithRetry(opts: RefreshRetryOptions): Promise<RefreshOutcome> {
  for (let attempt = 1; ; attempt++) {
    const remaining = opts.deadline - opts.now();
    if (remaining <= 0) return { ok: false, reason: "timeout" };
    try {
      return { ok: true, tokens: await opts.provider.refresh(opts.refreshToken, AbortSignal.timeout(remaining)) };
    } catch (err) {
      // Anything that is not a classified provider failure might have happened after sending.
      if (!(err instanceof IdentityProviderError)) return { ok: false, reason: "indeterminate", error: err };
      if (err.kind !== "unreachable" && err.kind !== "unavailable") return { ok: false, reason: err.kind, error: err };
      const backoff = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + opts.random() / 2);
      const delay = Math.max(err.retryAfterMs ?? 0, backoff);
      if (attempt >= opts.maxAttempts || opts.now() + delay >= opts.deadline) return { ok: false, reason: "unavailable", error: err };
      opts.onRetry?.(err, delay, attempt);
      await sleep(opts.scheduler, delay);
    }
  }
}

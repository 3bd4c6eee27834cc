import { IdentityProviderError, type IdentityProvider, type TokenGrant } from "./provider.js";
import { sleep, type Scheduler } from "../../shared/scheduler.js";
import type { Clock } from "../../shared/time.js";
import { err, ok, type Result } from "../../shared/result.js";

export type RefreshFailure = "rejected" | "indeterminate" | "unavailable" | "timeout" | "protocol";

export interface RefreshError {
  reason: RefreshFailure;
  cause?: unknown;
}
export type RefreshOutcome = Result<TokenGrant, RefreshError>;

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
    if (remaining <= 0) return err({ reason: "timeout" });
    try {
      return ok(await opts.provider.refresh(opts.refreshToken, AbortSignal.timeout(remaining)));
    } catch (error) {
      // Anything that is not a classified provider failure might have happened after sending.
      if (!(error instanceof IdentityProviderError)) return err({ reason: "indeterminate", cause: error });
      if (error.kind !== "unreachable" && error.kind !== "unavailable") return err({ reason: error.kind, cause: error });
      const backoff = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + opts.random() / 2);
      const delay = Math.max(error.retryAfterMs ?? 0, backoff);
      if (attempt >= opts.maxAttempts || opts.now() + delay >= opts.deadline) return err({ reason: "unavailable", cause: error });
      opts.onRetry?.(error, delay, attempt);
      await sleep(opts.scheduler, delay);
    }
  }
}

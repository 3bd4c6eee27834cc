// Bounded retry bookkeeping for one tool call (rates, checkout inspection): the caller runs the
// attempts and reports outcomes; this decides whether and how long another attempt may take.

export type FailureKind = "timeout" | "network" | "provider_error";
export type AttemptOutcome = { kind: "ok"; durationMs: number } | { kind: FailureKind; durationMs: number };

export interface RetryPolicy {
  firstAttemptTimeoutMs: number;
  totalBudgetMs: number;
  maxAttempts: number;
  // A retry shorter than this cannot plausibly succeed, so it is not started.
  minRetryMs: number;
}

// Only a timeout is retried, once, inside 13 s overall; the first attempt gets 5 s.
export const RATES_RETRY_POLICY: RetryPolicy = { firstAttemptTimeoutMs: 5_000, totalBudgetMs: 13_000, maxAttempts: 2, minRetryMs: 500 };
export const CHECKOUT_RETRY_POLICY: RetryPolicy = RATES_RETRY_POLICY;

export interface NextAttempt {
  attempt: number;
  timeoutMs: number;
}

const spent = (history: readonly AttemptOutcome[]) => history.reduce((sum, a) => sum + Math.max(0, a.durationMs), 0);

export function nextAttempt(history: readonly AttemptOutcome[], policy: RetryPolicy = RATES_RETRY_POLICY): NextAttempt | null {
  if (history.length === 0) return { attempt: 1, timeoutMs: Math.min(policy.firstAttemptTimeoutMs, policy.totalBudgetMs) };
  const last = history[history.length - 1];
  if (!last || last.kind !== "timeout" || history.length >= policy.maxAttempts) return null;
  const remaining = policy.totalBudgetMs - spent(history);
  return remaining >= policy.minRetryMs ? { attempt: history.length + 1, timeoutMs: remaining } : null;
}

export interface AttemptSummary {
  attempts: number;
  durationMs: number;
  failureKind: FailureKind | null;
  // Always false after a failure: the tool already retried what was safe to retry.
  retryAllowed: false;
}

export function summarizeAttempts(history: readonly AttemptOutcome[]): AttemptSummary {
  const last = history[history.length - 1];
  return {
    attempts: history.length,
    durationMs: spent(history),
    failureKind: last === undefined || last.kind === "ok" ? null : last.kind,
    retryAllowed: false,
  };
}

import { nextAttempt, summarizeAttempts } from "./retry.js";
import type { AttemptOutcome, AttemptSummary, FailureKind, RetryPolicy } from "./retry.js";
import { isProviderError } from "../provider/index.js";
import type { Clock } from "../../../shared/time.js";
import type { Result } from "../../../shared/result.js";

export type Attempted<T> = Result<T, unknown> & { summary: AttemptSummary };

export function failureKindOf(error: unknown): FailureKind {
  if (!isProviderError(error, "unavailable")) return "provider_error";
  if (error.reason === "timeout") return "timeout";
  return error.reason === "network" || error.reason === "truncated" ? "network" : "provider_error";
}

/**
 * Runs one provider call under a retry policy: only a timeout is tried again, inside the policy's
 * total budget. Every failure ends here, so the model never has to repeat the tool call itself.
 */
export async function withTimeoutRetry<T>(call: (timeoutMs: number) => Promise<T>, policy: RetryPolicy, now: Clock): Promise<Attempted<T>> {
  const history: AttemptOutcome[] = [];
  let error: unknown;
  for (let next = nextAttempt(history, policy); next !== null; next = nextAttempt(history, policy)) {
    const started = now();
    try {
      const value = await call(next.timeoutMs);
      history.push({ kind: "ok", durationMs: now() - started });
      return { ok: true, value, summary: summarizeAttempts(history) };
    } catch (err) {
      error = err;
      history.push({ kind: failureKindOf(err), durationMs: now() - started });
    }
  }
  return { ok: false, error, summary: summarizeAttempts(history) };
}

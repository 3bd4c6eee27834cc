import type { Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { untilAborted } from "./errors.js";
import type { IdentityProvider } from "./provider.js";
import { refreshWithRetry, type RefreshError } from "./refresh.js";
import type { Live, SessionCore } from "./session-core.js";
import type { Cancel, Scheduler } from "../../shared/scheduler.js";
import type { Clock } from "../../shared/time.js";

export interface RefresherTuning {
  expirySkewMs: number;
  refreshAtFraction: number;
  jitterFraction: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxRefreshAttempts: number;
}

export interface RefresherDeps {
  core: SessionCore;
  provider: IdentityProvider | undefined;
  timeoutMs: number;
  now: Clock;
  scheduler: Scheduler;
  logger: Logger;
  /** A number in [0, 1). */
  random: () => number;
  tuning: RefresherTuning;
}

export const NO_ISSUER = "no identity provider is configured: set TBANK_AUTH_ISSUER_URL";

/** Hands out access tokens: refreshes when needed, one refresh at a time, and ahead of expiry. */
export class Refresher {
  private inflight: Promise<string> | undefined;
  private cancelTimer: Cancel | undefined;

  constructor(private readonly deps: RefresherDeps) {}

  async getAccessToken(signal: AbortSignal): Promise<string> {
    const live = this.deps.core.live;
    if (!live) throw new BrokerError("mobile_login_required");
    if (live.access && this.deps.core.usable(live, this.deps.tuning.expirySkewMs)) return live.access.token;
    return untilAborted(this.shared(), signal);
  }

  /** Proactive refresh at about ⅔ of the access lifetime, with jitter. */
  schedule(live: Live): void {
    this.cancel();
    if (!live.access) return;
    const { lifetimeMs } = live.access;
    const { refreshAtFraction, jitterFraction } = this.deps.tuning;
    const delay = Math.max(1_000, lifetimeMs * refreshAtFraction + lifetimeMs * jitterFraction * (this.deps.random() - 0.5));
    this.cancelTimer = this.deps.scheduler.schedule(() => {
      this.cancelTimer = undefined;
      if (this.deps.core.live !== live) return;
      this.shared().catch((err: unknown) => this.deps.logger.warn({ event: "session_proactive_refresh_failed", err }, "proactive refresh failed; the next use retries"));
    }, delay);
  }

  cancel(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  // Single flight: every caller that finds the token stale waits on the same refresh.
  private shared(): Promise<string> {
    this.inflight ??= this.refreshNow().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async refreshNow(): Promise<string> {
    const { core, provider, tuning, now } = this.deps;
    const live = core.live;
    if (!live) throw new BrokerError("mobile_login_required");
    if (!provider) throw new BrokerError("provider_unavailable", NO_ISSUER);
    // A rotation whose save failed: the tokens in memory are the only live ones, so save them first.
    if (!live.saved) {
      await core.persist(live);
      if (live.access && core.usable(live, tuning.expirySkewMs)) return live.access.token;
    }
    // Journal first: a broker that dies before the outcome is saved must not resume as if nothing happened.
    await core.journal(live, "open");
    const outcome = await refreshWithRetry({
      provider,
      refreshToken: live.persisted.refreshToken,
      deadline: now() + this.deps.timeoutMs,
      now,
      scheduler: this.deps.scheduler,
      random: this.deps.random,
      baseDelayMs: tuning.retryBaseMs,
      maxDelayMs: tuning.retryMaxMs,
      maxAttempts: tuning.maxRefreshAttempts,
      onRetry: (err, delayMs, attempt) => this.deps.logger.warn({ event: "session_refresh_retry", kind: err.kind, status: err.status, attempt, delayMs: Math.round(delayMs) }, "refresh failed before the provider acted on it; retrying with the same refresh token"),
    });
    if (core.live !== live) {
      // Logged out or replaced while the request ran: the fresh tokens belong to nobody now.
      if (outcome.ok) void core.revokeQuietly(outcome.value.refreshToken);
      throw new BrokerError("mobile_login_required");
    }
    if (!outcome.ok) {
      const error = await this.fail(live, outcome.error);
      // The session survived (unavailable, timeout, protocol): the token is unspent, close the entry.
      if (core.live === live) await core.journal(live, "close");
      throw error;
    }
    core.apply(live, outcome.value);
    await core.persist(live);
    // Logged out while the rotation was being saved: the wipe came after it, and the token is nobody's.
    if (core.live !== live) throw new BrokerError("mobile_login_required");
    this.schedule(live);
    this.deps.logger.info({ event: "session_refreshed", generation: live.persisted.generation, accessExpiresAt: live.access?.expiresAt }, "session refreshed");
    if (!live.access) throw new BrokerError("internal");
    return live.access.token;
  }

  private async fail(live: Live, { reason, cause }: RefreshError): Promise<BrokerError> {
    this.deps.logger.warn({ event: "session_refresh_failed", reason, err: cause }, "session refresh failed");
    switch (reason) {
      case "rejected":
        await this.endQuietly("refresh_rejected");
        return new BrokerError("session_expired");
      case "indeterminate":
        // The old refresh token may be spent and its successor lost; presenting it again would be
        // reuse. Revoking it ends the provider-side session we can no longer continue.
        await this.endQuietly("refresh_outcome_unknown", live.persisted.refreshToken);
        return new BrokerError("session_expired", "the session could not be refreshed safely: run `tbank-mcp login`");
      case "unavailable":
        return new BrokerError("provider_unavailable");
      case "timeout":
        return new BrokerError("timeout");
      case "protocol":
        return new BrokerError("provider_error");
    }
  }

  private async endQuietly(reason: string, revoke?: string): Promise<void> {
    this.cancel();
    await this.deps.core.end(reason, revoke).catch((err: unknown) => this.deps.logger.error({ event: "session_wipe_failed", err }, "could not wipe the session store"));
  }
}

import type { Logger } from "../../shared/logger.js";
import type { LoginPollResult, LoginStartResult } from "../../shared/protocol/ops-broker.js";
import { IdentityProviderError, type DeviceAuthorization, type IdentityProvider, type TokenGrant } from "./provider.js";
import { sleep, type Scheduler } from "../../shared/scheduler.js";
import type { Clock } from "../../shared/time.js";

export type LoginState = LoginPollResult["state"];

// RFC 8628 §3.5: slow_down adds 5 seconds to the polling interval, for good.
const SLOW_DOWN_STEP_MS = 5_000;
const MAX_BACKOFF_MS = 60_000;

export interface DeviceLoginDeps {
  provider: IdentityProvider;
  scheduler: Scheduler;
  now: Clock;
  logger: Logger;
  /** Floor under the provider's interval, so `interval: 0` cannot turn polling into a busy loop. */
  minPollIntervalMs: number;
  /** Persists the session; the login reads as approved only once this resolved. */
  onApproved: (tokens: TokenGrant) => Promise<void>;
  /** Tokens that arrived for a login that was cancelled meanwhile: revoke them, do not use them. */
  onDiscarded: (tokens: TokenGrant) => void;
}

/** One device login: the broker polls the token endpoint itself; the CLI only reads `state`. */
export class DeviceLogin {
  state: LoginState = "pending";
  readonly result: LoginStartResult;
  private readonly abort = new AbortController();
  private readonly expiresAt: number;

  constructor(
    readonly loginId: string,
    private readonly auth: DeviceAuthorization,
    private readonly deps: DeviceLoginDeps,
  ) {
    this.expiresAt = deps.now() + auth.expiresInSeconds * 1000;
    this.result = {
      loginId,
      userCode: auth.userCode,
      verificationUri: auth.verificationUri,
      ...(auth.verificationUriComplete ? { verificationUriComplete: auth.verificationUriComplete } : {}),
      expiresAt: new Date(this.expiresAt).toISOString(),
      expiresInSeconds: Math.min(86_400, Math.max(1, auth.expiresInSeconds)),
      intervalSeconds: Math.min(600, Math.max(1, auth.intervalSeconds)),
    };
  }

  /** Starts polling in the background; failures end in a state, never in an unhandled rejection. */
  begin(): void {
    this.run().catch((err: unknown) => {
      this.deps.logger.error({ event: "login_poll_failed", err }, "device login polling failed");
      this.finish("expired");
    });
  }

  cancel(): void {
    this.abort.abort();
    this.finish("expired");
  }

  private finish(state: Exclude<LoginState, "pending">): void {
    if (this.state === "pending") this.state = state;
  }

  private async run(): Promise<void> {
    const { provider, scheduler, now, logger } = this.deps;
    const signal = this.abort.signal;
    let intervalMs = Math.max(this.auth.intervalSeconds * 1000, this.deps.minPollIntervalMs);
    let waitMs = intervalMs;
    for (;;) {
      try {
        await sleep(scheduler, waitMs, signal);
      } catch {
        return;
      }
      waitMs = intervalMs;
      if (now() >= this.expiresAt) return this.finish("expired");
      let outcome;
      try {
        outcome = await provider.pollDeviceToken(this.auth.deviceCode, signal);
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof IdentityProviderError && (err.kind === "unreachable" || err.kind === "unavailable" || err.kind === "indeterminate")) {
          // RFC 8628 §3.5: back off on connection trouble; a spent code shows up as expired next time.
          waitMs = Math.min(MAX_BACKOFF_MS, Math.max(err.retryAfterMs ?? 0, intervalMs * 2));
          logger.warn({ event: "login_poll_retry", kind: err.kind, status: err.status }, "device login poll failed; retrying");
          continue;
        }
        logger.warn({ event: "login_poll_refused", kind: err instanceof IdentityProviderError ? err.kind : "unknown", status: err instanceof IdentityProviderError ? err.status : undefined }, "identity provider refused the device login");
        return this.finish("expired");
      }
      switch (outcome.kind) {
        case "pending":
          continue;
        case "slow_down":
          intervalMs += SLOW_DOWN_STEP_MS;
          waitMs = intervalMs;
          continue;
        case "denied":
        case "expired":
          return this.finish(outcome.kind);
        case "approved":
          if (signal.aborted) return this.deps.onDiscarded(outcome.tokens);
          await this.deps.onApproved(outcome.tokens);
          return this.finish("approved");
      }
    }
  }
}

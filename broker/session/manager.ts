import { randomBytes } from "node:crypto";
import { nullLogger, SecretRegistry, type Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { SessionState } from "../../shared/protocol/common.js";
import type { LoginPollResult, LoginStartResult } from "../../shared/protocol/ops-broker.js";
import { newRef, type RandomBytes } from "../../shared/refs.js";
import { timerScheduler, type Scheduler } from "../../shared/scheduler.js";
import type { SessionManager, StoreBackendKind } from "../types.js";
import { toBrokerError } from "./errors.js";
import { DeviceLogin } from "./login-flow.js";
import type { IdentityProvider } from "./provider.js";
import { NO_ISSUER, Refresher, type RefresherTuning } from "./refresher.js";
import { SecretTracker } from "./secret-tracker.js";
import { SessionCore } from "./session-core.js";
import type { SessionStore, StoreBackendInfo } from "./types.js";
import type { Clock } from "../../shared/time.js";

export interface SessionTuning extends RefresherTuning {
  /** Floor under the provider's polling interval. */
  minPollIntervalMs: number;
  revokeTimeoutMs: number;
}

export const DEFAULT_TUNING: SessionTuning = {
  expirySkewMs: 15_000,
  refreshAtFraction: 2 / 3,
  jitterFraction: 0.1,
  retryBaseMs: 500,
  retryMaxMs: 8_000,
  maxRefreshAttempts: 6,
  minPollIntervalMs: 1_000,
  revokeTimeoutMs: 5_000,
};

export interface SessionManagerDeps {
  store: SessionStore;
  backend: StoreBackendInfo;
  /** Undefined when no issuer is configured: login and refresh then fail with provider_unavailable. */
  provider: IdentityProvider | undefined;
  /** Builds a provider for another issuer, only to revoke a session stored under it. */
  providerFor?: (issuer: string) => IdentityProvider | undefined;
  /** Budget for one refresh including its retries (TBANK_AUTH_BROKER_TIMEOUT_MS). */
  timeoutMs: number;
  now?: Clock;
  logger?: Logger;
  secrets?: SecretRegistry;
  random?: RandomBytes;
  scheduler?: Scheduler;
  tuning?: Partial<SessionTuning>;
}

/** The broker's only holder of the mobile session. Call start() once before use. */
export class BrokerSessionManager implements SessionManager {
  private readonly core: SessionCore;
  private readonly refresher: Refresher;
  private readonly logger: Logger;
  private readonly random: RandomBytes;
  private readonly tuning: SessionTuning;
  private readonly secrets: SecretTracker;
  private login: DeviceLogin | undefined;
  private loginTicket = 0;

  constructor(private readonly deps: SessionManagerDeps) {
    const now = deps.now ?? Date.now;
    const scheduler = deps.scheduler ?? timerScheduler;
    this.logger = deps.logger ?? nullLogger;
    this.random = deps.random ?? randomBytes;
    this.tuning = { ...DEFAULT_TUNING, ...deps.tuning };
    this.secrets = new SecretTracker(deps.secrets ?? new SecretRegistry());
    this.core = new SessionCore({ store: deps.store, provider: deps.provider, providerFor: deps.providerFor, now, logger: this.logger, random: this.random, secrets: this.secrets, revokeTimeoutMs: this.tuning.revokeTimeoutMs });
    const random = (): number => Buffer.from(this.random(4)).readUInt32BE(0) / 2 ** 32;
    this.refresher = new Refresher({ core: this.core, provider: deps.provider, timeoutMs: deps.timeoutMs, now, scheduler, logger: this.logger, random, tuning: this.tuning });
  }

  /** Resumes a persisted session; its access token is fetched lazily, by refresh, on first use. */
  async start(): Promise<void> {
    this.deps.store.onLost?.((reason) => {
      this.logger.error({ event: "session_step_down", reason }, "stepping down: this broker no longer owns the session store");
      this.cancelLogin();
      this.refresher.cancel();
      this.core.stepDown(reason);
    });
    await this.core.resume();
  }

  backend(): { kind: StoreBackendKind; note?: string } {
    return { ...this.deps.backend };
  }

  state(): SessionState {
    if (this.core.live) return "mobile_read_only_ready";
    return this.login?.state === "pending" ? "login_pending" : "mobile_login_required";
  }

  refreshInterrupted(): boolean {
    return this.core.refreshInterrupted;
  }

  sessionId(): string | undefined {
    return this.core.live?.persisted.sessionId;
  }

  accessExpiresAt(): number | undefined {
    return this.core.live?.access?.expiresAt;
  }

  getAccessToken(signal: AbortSignal): Promise<string> {
    return this.refresher.getAccessToken(signal);
  }

  markRejected(accessToken: string): void {
    const live = this.core.live;
    if (live?.access?.token === accessToken) live.rejected = true;
  }

  async loginStart(signal: AbortSignal): Promise<LoginStartResult> {
    if (this.core.lost !== undefined) throw new BrokerError("busy", this.core.lost);
    const provider = this.deps.provider;
    if (!provider) throw new BrokerError("provider_unavailable", NO_ISSUER);
    // One pending login at a time: a new start replaces the old one.
    const ticket = ++this.loginTicket;
    this.cancelLogin();
    let auth;
    try {
      auth = await provider.startDeviceAuthorization(signal);
    } catch (err) {
      throw toBrokerError(err, signal);
    }
    if (ticket !== this.loginTicket) throw new BrokerError("busy", "another login was started meanwhile");
    // The device code is a bearer credential until the login ends.
    this.secrets.add(auth.deviceCode);
    const login = new DeviceLogin(newRef("loginId", this.random), auth, {
      provider,
      scheduler: this.deps.scheduler ?? timerScheduler,
      now: this.deps.now ?? Date.now,
      logger: this.logger,
      minPollIntervalMs: this.tuning.minPollIntervalMs,
      onApproved: async (tokens) => this.refresher.schedule(await this.core.install(tokens)),
      onDiscarded: (tokens) => void this.core.revokeQuietly(tokens.refreshToken),
    });
    this.login = login;
    login.begin();
    this.logger.info({ event: "login_started", loginId: login.loginId, expiresAt: login.result.expiresAt }, "device login started");
    return login.result;
  }

  loginPoll(loginId: string, _signal: AbortSignal): Promise<LoginPollResult> {
    if (this.login?.loginId !== loginId) return Promise.reject(new BrokerError("invalid_ref", "unknown or replaced login: start a new one"));
    return Promise.resolve({ state: this.login.state });
  }

  async logout(signal: AbortSignal): Promise<{ hadSession: boolean }> {
    this.cancelLogin();
    this.refresher.cancel();
    const token = this.core.live?.persisted.refreshToken;
    const hadSession = await this.core.end("logout", token, signal);
    return { hadSession };
  }

  onEnded(listener: () => void): void {
    this.core.onEnded(listener);
  }

  async close(): Promise<void> {
    this.cancelLogin();
    this.refresher.cancel();
    this.core.retire(this.core.live);
    await this.deps.store.close?.();
  }

  private cancelLogin(): void {
    this.login?.cancel();
    this.login = undefined;
  }
}

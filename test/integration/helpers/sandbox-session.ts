import { randomUUID } from "node:crypto";
import type { Sandbox } from "../../../scripts/sandbox/index.js";
import type { SessionManager, StoreBackendKind } from "../../../broker/types.js";
import { SecretRegistry } from "../../../shared/logger.js";
import { BrokerError } from "../../../shared/protocol/errors.js";
import type { LoginPollResult, LoginStartResult } from "../../../shared/protocol/ops-broker.js";
import type { SessionState } from "../../../shared/protocol/common.js";
import { newRef } from "../../../shared/refs.js";
import { pollToken, postForm, refresh, startDevice, type Tokens } from "./sandbox-oauth.js";

interface Held {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  sessionId: string;
}

/**
 * A minimal SessionManager for tests of the broker's operations: it holds one sandbox session in
 * memory, refreshes once on a rejected token and counts what it did. Not the real session manager
 * (no store, no proactive refresh, no single-flight beyond one promise).
 */
export class SandboxTestSession implements SessionManager {
  tokenRequests = 0;
  refreshes = 0;
  readonly #sandbox: Sandbox;
  readonly #secrets: SecretRegistry;
  readonly #listeners: (() => void)[] = [];
  readonly #logins = new Map<string, string>();
  #held: Held | undefined;
  #rejected: string | undefined;
  #refreshing: Promise<string> | undefined;

  constructor(sandbox: Sandbox, secrets: SecretRegistry = new SecretRegistry()) {
    this.#sandbox = sandbox;
    this.#secrets = secrets;
  }

  /** A session already approved through the sandbox control API. */
  static async loggedIn(sandbox: Sandbox, secrets?: SecretRegistry): Promise<SandboxTestSession> {
    const session = new SandboxTestSession(sandbox, secrets);
    const start = await session.loginStart(AbortSignal.timeout(5000));
    sandbox.control.approveDevice(start.userCode);
    sandbox.control.advanceClock(start.intervalSeconds * 1000);
    const poll = await session.loginPoll(start.loginId, AbortSignal.timeout(5000));
    if (poll.state !== "approved") throw new Error(`sandbox login ended as ${poll.state}`);
    return session;
  }

  /** The current access token, for tests that need to talk to the sandbox directly. */
  get accessToken(): string | undefined {
    return this.#held?.accessToken;
  }

  backend(): { kind: StoreBackendKind; note?: string } {
    return { kind: "file", note: "test session held in memory" };
  }

  state(): SessionState {
    if (this.#held) return "mobile_read_only_ready";
    return this.#logins.size > 0 ? "login_pending" : "mobile_login_required";
  }

  sessionId(): string | undefined {
    return this.#held?.sessionId;
  }

  accessExpiresAt(): number | undefined {
    return this.#held?.accessExpiresAt;
  }

  async getAccessToken(_signal: AbortSignal): Promise<string> {
    this.tokenRequests += 1;
    const held = this.#held;
    if (!held) throw new BrokerError("mobile_login_required");
    if (this.#rejected !== held.accessToken) return held.accessToken;
    this.#refreshing ??= this.#refresh(held).finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  markRejected(accessToken: string): void {
    this.#rejected = accessToken;
  }

  async loginStart(_signal: AbortSignal): Promise<LoginStartResult> {
    const device = await startDevice(this.#sandbox);
    this.#secrets.add(device.device_code);
    const loginId = newRef("loginId");
    this.#logins.set(loginId, device.device_code);
    return {
      loginId,
      userCode: device.user_code,
      verificationUri: device.verification_uri,
      verificationUriComplete: device.verification_uri_complete,
      expiresAt: new Date(this.#sandbox.control.now() + device.expires_in * 1000).toISOString(),
      expiresInSeconds: device.expires_in,
      intervalSeconds: Math.max(1, device.interval),
    };
  }

  async loginPoll(loginId: string, _signal: AbortSignal): Promise<LoginPollResult> {
    const deviceCode = this.#logins.get(loginId);
    if (deviceCode === undefined) throw new BrokerError("invalid_ref", "unknown loginId");
    const reply = await pollToken(this.#sandbox, deviceCode);
    if (reply.status === 200) {
      this.#logins.delete(loginId);
      this.#hold(reply.body as unknown as Tokens, randomUUID());
      return { state: "approved" };
    }
    const error = reply.body.error;
    if (error === "authorization_pending" || error === "slow_down") return { state: "pending" };
    this.#logins.delete(loginId);
    return { state: error === "access_denied" ? "denied" : "expired" };
  }

  async logout(_signal: AbortSignal): Promise<{ hadSession: boolean }> {
    const held = this.#held;
    if (!held) return { hadSession: false };
    await postForm(this.#sandbox, "/oauth/revoke", { token: held.refreshToken });
    this.#end();
    return { hadSession: true };
  }

  onEnded(listener: () => void): void {
    this.#listeners.push(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  async #refresh(held: Held): Promise<string> {
    this.refreshes += 1;
    const reply = await refresh(this.#sandbox, held.refreshToken);
    if (reply.status !== 200) {
      this.#end();
      throw new BrokerError("session_expired");
    }
    return this.#hold(reply.body as unknown as Tokens, held.sessionId);
  }

  #hold(tokens: Tokens, sessionId: string): string {
    this.#secrets.add(tokens.access_token);
    this.#secrets.add(tokens.refresh_token);
    this.#held = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessExpiresAt: this.#sandbox.control.now() + tokens.expires_in * 1000,
      sessionId,
    };
    return tokens.access_token;
  }

  #end(): void {
    this.#held = undefined;
    for (const listener of this.#listeners) listener();
  }
}

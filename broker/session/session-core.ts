import type { Logger } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { RandomBytes } from "../../shared/refs.js";
import type { IdentityProvider, TokenGrant } from "./provider.js";
import type { SecretTracker } from "./secret-tracker.js";
import type { PersistedSession, SessionStore } from "./types.js";
import type { Clock } from "../../shared/time.js";

export interface Live {
  persisted: PersistedSession;
  access: { token: string; expiresAt: number; lifetimeMs: number } | undefined;
  rejected: boolean;
  /** False between a rotation and its save: the new access token is not handed out until then. */
  saved: boolean;
  /** Set when the session ends (logout, replaced, store lost): nothing of it is saved after that. */
  ended?: true;
}

/** A save refused because its session ended while the save waited its turn. */
class SessionEnded extends Error {}

export interface SessionCoreDeps {
  store: SessionStore;
  provider: IdentityProvider | undefined;
  now: Clock;
  logger: Logger;
  random: RandomBytes;
  secrets: SecretTracker;
  revokeTimeoutMs: number;
  /** A provider for a stored session's own issuer when it is not the configured one, to revoke there. */
  providerFor?: (issuer: string) => IdentityProvider | undefined;
}

/**
 * The session in memory and in the store, kept in step: every change of tokens goes through here,
 * so "persist before use", secret registration and the end-of-session duties live in one place.
 */
export class SessionCore {
  live: Live | undefined;
  /** Set once the store is no longer ours; the core then neither writes nor holds a session. */
  lost: string | undefined;
  /** A restart found an open refresh journal entry: the stored session was revoked and dropped. */
  refreshInterrupted = false;
  private generation = 0;
  private readonly listeners: (() => void)[] = [];
  /** A login's session while its first save runs, not yet `live`. */
  private installing: Live | undefined;
  // Saves and wipes run one at a time, in order: a wipe after a save in flight waits for it, so a
  // rotation saved while the person logs out cannot land after the wipe and bring the session back.
  private storeQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SessionCoreDeps) {}

  async resume(): Promise<void> {
    const { store, provider, logger, secrets } = this.deps;
    const persisted = await store.load();
    if (!persisted) return;
    this.generation = Math.max(this.generation, persisted.generation);
    if (!provider) {
      logger.warn({ event: "session_issuer_unset" }, "no identity provider is configured; the stored session stays unused");
      return;
    }
    secrets.add(persisted.refreshToken);
    if (persisted.issuer !== undefined && persisted.issuer !== provider.issuer) {
      await this.retireForeign(persisted, persisted.issuer);
      return;
    }
    if (persisted.refreshStartedAt !== undefined) {
      // The last broker died with a refresh in flight: the provider may have rotated this token, and
      // presenting it again would be reuse. Say so now instead of failing at the next call; the
      // revocation also kills a successor that only the dead process ever held.
      logger.warn({ event: "session_refresh_interrupted", generation: persisted.generation }, "a refresh was in flight when the last broker stopped; the session is doubtful and was ended");
      this.refreshInterrupted = true;
      await store.wipe();
      void this.revokeQuietly(persisted.refreshToken);
      return;
    }
    // An older file names no issuer: it is the configured one's, and says so from the next save on.
    this.live = { persisted: { ...persisted, issuer: provider.issuer }, access: undefined, rejected: false, saved: true };
    logger.info({ event: "session_resumed", generation: persisted.generation }, "resumed the stored session");
  }

  /**
   * The issuer was changed (TBANK_AUTH_ISSUER_URL) since the session was stored: a login here would
   * replace it without a word, leaving it alive at its bank. Revoke it there (bounded, best effort),
   * then wipe it, before this broker serves anything.
   */
  private async retireForeign(persisted: PersistedSession, issuer: string): Promise<void> {
    const { store, logger, providerFor } = this.deps;
    logger.warn({ event: "session_issuer_changed", storedIssuer: issuer, configuredIssuer: this.deps.provider?.issuer }, "the stored session belongs to another identity provider; revoking it there and wiping it");
    const own = providerFor?.(issuer);
    if (own) await this.revokeQuietly(persisted.refreshToken, undefined, own);
    else logger.warn({ event: "session_revoke_failed" }, "no provider for the stored session's issuer; wiping it without revocation");
    await store.wipe();
  }

  usable(live: Live, skewMs: number): boolean {
    if (!live.access || !live.saved || live.rejected) return false;
    // A skew longer than a short-lived token's life would make every call refresh.
    const skew = Math.min(skewMs, live.access.lifetimeMs / 4);
    return this.deps.now() < live.access.expiresAt - skew;
  }

  /** Takes rotated tokens into memory, marked unsaved until persist() succeeds. */
  apply(live: Live, tokens: TokenGrant): void {
    const now = this.deps.now();
    this.deps.secrets.add(tokens.accessToken, tokens.refreshToken);
    this.generation += 1;
    const { refreshExpiresAt: _previous, refreshStartedAt: _journal, ...rest } = live.persisted;
    live.persisted = {
      ...rest,
      refreshToken: tokens.refreshToken,
      generation: this.generation,
      ...(tokens.refreshExpiresInSeconds === undefined ? {} : { refreshExpiresAt: now + tokens.refreshExpiresInSeconds * 1000 }),
    };
    live.access = { token: tokens.accessToken, expiresAt: now + tokens.expiresInSeconds * 1000, lifetimeMs: tokens.expiresInSeconds * 1000 };
    live.rejected = false;
    live.saved = false;
  }

  /**
   * The refresh journal: `open` is saved before the request is sent, `close` after a failure that
   * keeps the session (a success closes it by saving the rotated tokens). Each entry is a new
   * generation, so an older file can never be written back over it.
   */
  async journal(live: Live, entry: "open" | "close"): Promise<void> {
    const { refreshStartedAt: _open, ...rest } = live.persisted;
    this.generation += 1;
    live.persisted = { ...rest, generation: this.generation, ...(entry === "open" ? { refreshStartedAt: Math.floor(this.deps.now()) } : {}) };
    await this.persist(live);
  }

  async persist(live: Live): Promise<void> {
    try {
      await this.serial(async () => {
        if (live.ended) throw new SessionEnded();
        await this.deps.store.save(live.persisted);
      });
      live.saved = true;
    } catch (err) {
      if (err instanceof SessionEnded) throw new BrokerError("mobile_login_required");
      if (this.lost !== undefined) throw new BrokerError("mobile_login_required", undefined, { cause: err });
      this.deps.logger.error({ event: "session_save_failed", err }, "could not save the session");
      throw err instanceof BrokerError ? err : new BrokerError("internal", "could not save the session", { cause: err });
    }
  }

  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.storeQueue.then(op, op);
    this.storeQueue = run.catch(() => undefined);
    return run;
  }

  /** A freshly approved login becomes the session once saved; a previous session ends. */
  async install(tokens: TokenGrant): Promise<Live> {
    const { provider, random, logger } = this.deps;
    if (this.lost !== undefined || !provider) throw new BrokerError("busy", this.lost);
    const previous = this.live;
    const sessionId = Buffer.from(random(16)).toString("base64url");
    const live: Live = { persisted: { version: 1, refreshToken: tokens.refreshToken, sessionId, generation: 1, issuer: provider.issuer }, access: undefined, rejected: false, saved: false };
    this.apply(live, tokens);
    // A refresh of the old session still running must not save over the new one (saves run in order).
    if (previous) previous.ended = true;
    // A logout (or a lost store) while this is being saved ends it too: see end() and stepDown().
    this.installing = live;
    try {
      await this.persist(live);
    } catch (err) {
      if (previous && this.live === previous && this.lost === undefined) delete previous.ended;
      throw err;
    } finally {
      if (this.installing === live) this.installing = undefined;
    }
    if (live.ended) {
      // Ended while its save ran: the wipe queued after that save removed it; the provider forgets it too.
      void this.revokeQuietly(live.persisted.refreshToken);
      throw new BrokerError("mobile_login_required");
    }
    this.live = live;
    this.refreshInterrupted = false;
    if (previous) {
      // Refs of the old session die with it, and the provider forgets it too.
      void this.revokeQuietly(previous.persisted.refreshToken);
      this.fireEnded("replaced");
    }
    logger.info({ event: "session_started", generation: live.persisted.generation, accessExpiresAt: live.access?.expiresAt }, "device login approved; session saved");
    return live;
  }

  /** Ends the session: memory, store and secrets; at the provider too when `revoke` names a token. */
  async end(reason: string, revoke?: string, signal?: AbortSignal): Promise<boolean> {
    const hadSession = this.live !== undefined;
    this.retire(this.live);
    this.retire(this.installing);
    if (revoke !== undefined) await this.revokeQuietly(revoke, signal);
    try {
      // `lost` is read when the wipe's turn comes: the store may have been lost while a save ran.
      await this.serial(async () => {
        if (this.lost === undefined) await this.deps.store.wipe();
      });
    } finally {
      this.deps.secrets.clear();
      if (hadSession) this.fireEnded(reason);
    }
    return hadSession;
  }

  stepDown(reason: string): void {
    const hadSession = this.live !== undefined;
    this.lost = reason;
    this.retire(this.live);
    this.retire(this.installing);
    this.deps.secrets.clear();
    if (hadSession) this.fireEnded("store_lost");
  }

  /** The session is no longer this core's: a refresh still running for it saves nothing. */
  retire(live: Live | undefined): void {
    if (live) live.ended = true;
    if (this.live === live) this.live = undefined;
  }

  onEnded(listener: () => void): void {
    this.listeners.push(listener);
  }

  async revokeQuietly(refreshToken: string, signal?: AbortSignal, provider = this.deps.provider): Promise<void> {
    const { logger, revokeTimeoutMs } = this.deps;
    if (!provider) return;
    const timeout = AbortSignal.timeout(revokeTimeoutMs);
    try {
      await provider.revoke(refreshToken, signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (err) {
      logger.warn({ event: "session_revoke_failed", err }, "could not revoke the session at the provider; continuing");
    }
  }

  private fireEnded(reason: string): void {
    this.deps.logger.info({ event: "session_ended", reason }, "session ended");
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.deps.logger.error({ event: "session_ended_listener_failed", err }, "an onEnded listener threw");
      }
    }
  }
}

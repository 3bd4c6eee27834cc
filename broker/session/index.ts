import type { SessionStoreChoice } from "../../shared/config/types.js";
import type { Logger, SecretRegistry } from "../../shared/logger.js";
import type { RandomBytes } from "../../shared/refs.js";
import { DeviceGrantProvider } from "./device-grant-provider.js";
import type { Keytar } from "./keychain-store.js";
import { BrokerSessionManager, type SessionTuning } from "./manager.js";
import type { FetchFn } from "./oauth-http.js";
import type { IdentityProvider } from "./provider.js";
import { openSessionStore, type OpenedSessionStore } from "./select-store.js";
import type { Scheduler } from "../../shared/scheduler.js";
import type { Clock } from "../../shared/time.js";

export { BrokerSessionManager, DEFAULT_TUNING, type SessionManagerDeps, type SessionTuning } from "./manager.js";
export { DeviceGrantProvider, CLIENT_ID } from "./device-grant-provider.js";
export { FileSessionStore, SESSION_FILE_NAME } from "./file-store.js";
export { KeychainSessionStore, KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, importKeytar, type Keytar } from "./keychain-store.js";
export { openSessionStore, probeKeychain, type OpenedSessionStore } from "./select-store.js";
export { IdentityProviderError, type IdentityProvider, type DeviceAuthorization, type DevicePollOutcome, type TokenGrant } from "./provider.js";
export { type PersistedSession, type SessionStore, type SessionTokens, type StoreBackendInfo } from "./types.js";

export interface CreateSessionManagerOptions {
  /** The `broker` section of the parsed config carries these four. */
  stateDir: string;
  sessionStore: SessionStoreChoice;
  issuerUrl: string | undefined;
  timeoutMs: number;
  /** An already opened store; skips backend selection and locking. */
  store?: OpenedSessionStore;
  /** Replaces the RFC 8628 provider built from issuerUrl. */
  provider?: IdentityProvider;
  fetch?: FetchFn;
  now?: Clock;
  logger?: Logger;
  secrets?: SecretRegistry;
  random?: RandomBytes;
  scheduler?: Scheduler;
  loadKeytar?: () => Promise<Keytar | undefined>;
  tuning?: Partial<SessionTuning>;
}

// Only ever used to revoke: a refresh token is presented to no issuer but the one that minted it.
function providerForIssuer(issuer: string, opts: CreateSessionManagerOptions): IdentityProvider {
  return new DeviceGrantProvider({ issuerUrl: issuer, fetch: opts.fetch, now: opts.now });
}

/**
 * Opens (and locks) the session store for TBANK_AUTH_SESSION_STORE, builds the identity provider
 * for TBANK_AUTH_ISSUER_URL and resumes a stored session. The caller owns close().
 */
export async function createSessionManager(opts: CreateSessionManagerOptions): Promise<BrokerSessionManager> {
  const opened =
    opts.store ??
    (await openSessionStore({ choice: opts.sessionStore, stateDir: opts.stateDir, logger: opts.logger, loadKeytar: opts.loadKeytar, random: opts.random }));
  const provider =
    opts.provider ??
    (opts.issuerUrl === undefined ? undefined : new DeviceGrantProvider({ issuerUrl: opts.issuerUrl, fetch: opts.fetch, now: opts.now }));
  const manager = new BrokerSessionManager({
    store: opened.store,
    backend: opened.backend,
    provider,
    providerFor: (issuer) => providerForIssuer(issuer, opts),
    timeoutMs: opts.timeoutMs,
    now: opts.now,
    logger: opts.logger,
    secrets: opts.secrets,
    random: opts.random,
    scheduler: opts.scheduler,
    tuning: opts.tuning,
  });
  try {
    await manager.start();
  } catch (err) {
    await opened.store.close?.();
    throw err;
  }
  return manager;
}

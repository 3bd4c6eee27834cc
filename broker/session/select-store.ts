import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { SessionStoreChoice } from "../../shared/config/types.js";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { ensurePrivateDir } from "../../shared/paths.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { RandomBytes } from "../../shared/refs.js";
import { FileSessionStore, SESSION_FILE_NAME } from "./file-store.js";
import { classifyKeychainError, KEYCHAIN_REASONS, type KeychainProblem } from "./keychain-problem.js";
import { importKeytar, KEYCHAIN_SERVICE, KeychainSessionStore, type Keytar } from "./keychain-store.js";
import { LockedSessionStore, type StoreLockOptions } from "./store-lock.js";
import type { SessionStore, StoreBackendInfo } from "./types.js";
import { err, ok, type Result } from "../../shared/result.js";

export const KEYCHAIN_PROBE_TIMEOUT_MS = 1_500;

export type KeychainProbe = Result<Keytar, { problem: KeychainProblem; reason: string }>;

export interface OpenSessionStoreOptions {
  choice: SessionStoreChoice;
  stateDir: string;
  logger?: Logger;
  probeTimeoutMs?: number;
  loadKeytar?: () => Promise<Keytar | undefined>;
  random?: RandomBytes;
  lock?: Omit<StoreLockOptions, "target" | "logger">;
}

export interface OpenedSessionStore {
  store: SessionStore;
  backend: StoreBackendInfo;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A full set/get/delete round trip on a throwaway account: a keychain that is installed but locked,
 * or without a Secret Service on the session bus, fails or hangs here rather than at the first save.
 */
export async function probeKeychain(loadKeytar: () => Promise<Keytar | undefined> = importKeytar, timeoutMs = KEYCHAIN_PROBE_TIMEOUT_MS, random: RandomBytes = randomBytes): Promise<KeychainProbe> {
  const keytar = await loadKeytar();
  if (!keytar) return err({ problem: "absent", reason: "keytar is not installed" });
  const account = `probe-${Buffer.from(random(6)).toString("hex")}`;
  const value = Buffer.from(random(12)).toString("hex");
  const roundTrip = async (): Promise<boolean> => {
    await keytar.setPassword(KEYCHAIN_SERVICE, account, value);
    const read = await keytar.getPassword(KEYCHAIN_SERVICE, account);
    await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    return read === value;
  };
  try {
    const result = await withTimeout(roundTrip(), timeoutMs);
    // A keychain that hangs is waiting on an unlock prompt nobody answers.
    if (result === "timeout") return err({ problem: "locked", reason: `keychain did not answer within ${timeoutMs} ms (waiting to be unlocked?)` });
    return result ? ok(keytar) : err({ problem: "broken", reason: "keychain returned a different value than it stored" });
  } catch (error) {
    const problem = classifyKeychainError(error instanceof Error ? error.message : String(error));
    return err({ problem, reason: KEYCHAIN_REASONS[problem] });
  }
}

/**
 * Chooses the backend for TBANK_AUTH_SESSION_STORE and locks it for this broker. `auto` prefers the
 * keychain and falls back to the file store, saying why; `keychain` fails rather than fall back;
 * `file` never touches the keychain.
 */
export async function openSessionStore(opts: OpenSessionStoreOptions): Promise<OpenedSessionStore> {
  const logger = opts.logger ?? nullLogger;
  const dir = await ensurePrivateDir(opts.stateDir);
  if (!dir.ok) throw new BrokerError("internal", `state directory refused: ${dir.error.message}`);

  let inner: SessionStore;
  let backend: StoreBackendInfo;
  const fileStore = (): SessionStore => new FileSessionStore({ dir: opts.stateDir, logger, ...(opts.random ? { random: opts.random } : {}) });
  if (opts.choice === "file") {
    inner = fileStore();
    backend = { kind: "file" };
  } else {
    const probe = await probeKeychain(opts.loadKeytar, opts.probeTimeoutMs, opts.random);
    if (probe.ok) {
      inner = new KeychainSessionStore({ keytar: probe.value, logger });
      backend = { kind: "keychain" };
    } else if (opts.choice === "keychain") {
      throw new BrokerError("internal", `TBANK_AUTH_SESSION_STORE=keychain, but the keychain is unavailable: ${probe.error.reason}`);
    } else {
      inner = fileStore();
      backend = { kind: "file", note: `${probe.error.reason}; using the owner-only session file` };
      logger.info({ event: "session_store_fallback", reason: probe.error.reason }, "keychain unavailable; using the session file");
    }
  }
  // The lock lives in the state directory whatever the backend, so two brokers never share a session.
  const store = await LockedSessionStore.acquire(inner, { ...opts.lock, target: join(opts.stateDir, SESSION_FILE_NAME), logger });
  return { store, backend };
}

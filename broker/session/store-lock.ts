import { nullLogger, type Logger } from "../../shared/logger.js";
import { lockWithHolderPid, type LockFn } from "../../shared/pid-lock.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { PersistedSession, SessionStore } from "./types.js";

export type { LockFn };

export interface StoreLockOptions {
  /** The path the lock is named after (`<target>.lock` is created next to it); it need not exist. */
  target: string;
  logger?: Logger;
  /** A lock not refreshed for this long counts as abandoned by a dead broker. */
  staleMs?: number;
  updateMs?: number;
  lock?: LockFn;
}

const LOST_MESSAGE = "another tbank-auth-broker took over the session store";

/**
 * Holds an exclusive proper-lockfile lock for the store's lifetime. If the lock is compromised
 * (another process removed or took it), the store steps down: it stops writing and tells its
 * listeners, instead of proper-lockfile's default of throwing from a timer and crashing the broker.
 */
export class LockedSessionStore implements SessionStore {
  private lost: string | undefined;
  private readonly listeners: ((reason: string) => void)[] = [];

  private constructor(
    private readonly inner: SessionStore,
    private readonly logger: Logger,
    private release: (() => Promise<void>) | undefined,
  ) {}

  static async acquire(inner: SessionStore, opts: StoreLockOptions): Promise<LockedSessionStore> {
    const logger = opts.logger ?? nullLogger;
    const lockFn = opts.lock ?? lockWithHolderPid;
    // onCompromised may fire before the store object exists; it is then applied right after.
    const pending: { store?: LockedSessionStore; early?: Error } = {};
    let release: () => Promise<void>;
    try {
      release = await lockFn(opts.target, {
        realpath: false,
        stale: opts.staleMs ?? 30_000,
        update: opts.updateMs ?? 10_000,
        onCompromised: (err) => {
          if (pending.store) pending.store.stepDown(err);
          else pending.early = err;
        },
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ELOCKED") throw new BrokerError("busy", "another tbank-auth-broker holds the session store", { cause: err });
      throw err;
    }
    const store = new LockedSessionStore(inner, logger, release);
    pending.store = store;
    if (pending.early) store.stepDown(pending.early);
    return store;
  }

  onLost(listener: (reason: string) => void): void {
    if (this.lost !== undefined) listener(this.lost);
    else this.listeners.push(listener);
  }

  load(): Promise<PersistedSession | undefined> {
    return this.lost === undefined ? this.inner.load() : Promise.resolve(undefined);
  }

  loadForRevocation(): Promise<PersistedSession | undefined> {
    if (this.lost !== undefined) return Promise.resolve(undefined);
    return this.inner.loadForRevocation ? this.inner.loadForRevocation() : this.inner.load();
  }

  async save(session: PersistedSession): Promise<void> {
    this.assertHeld();
    await this.inner.save(session);
  }

  async wipe(): Promise<void> {
    this.assertHeld();
    await this.inner.wipe();
  }

  async close(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    await this.inner.close?.();
    // After a compromise proper-lockfile already dropped the lock; releasing again would throw.
    if (release && this.lost === undefined) await release().catch(() => undefined);
  }

  private assertHeld(): void {
    if (this.lost !== undefined) throw new BrokerError("busy", LOST_MESSAGE);
    if (this.release === undefined) throw new BrokerError("internal", "the session store is closed");
  }

  private stepDown(err: Error): void {
    if (this.lost !== undefined) return;
    this.lost = LOST_MESSAGE;
    this.logger.error({ event: "session_store_lock_compromised", err }, "session store lock compromised; this broker stops writing the session");
    for (const listener of this.listeners.splice(0)) listener(LOST_MESSAGE);
  }
}

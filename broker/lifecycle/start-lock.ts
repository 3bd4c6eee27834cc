import { join } from "node:path";
import type { LineLogger } from "../../shared/line-logger.js";
import { lockWithHolderPid } from "../../shared/pid-lock.js";

export interface StartLock {
  release(): Promise<void>;
}

/**
 * Serialises broker start-ups on one state directory, so two brokers started at once cannot both
 * decide the socket is free. `stale` is generous: a start that hangs that long has died.
 */
export async function acquireStartLock(stateDir: string, logger: LineLogger, opts: { retries?: number } = {}): Promise<StartLock> {
  let compromised = false;
  const release = await lockWithHolderPid(stateDir, {
    lockfilePath: join(stateDir, "start.lock"),
    realpath: false,
    stale: 30_000,
    update: 5_000,
    retries: { retries: opts.retries ?? 60, factor: 1.2, minTimeout: 25, maxTimeout: 400 },
    // Another process took the lock from under us: log it and let the start continue without it
    // instead of throwing from a timer, which would crash the daemon.
    onCompromised: (err) => {
      compromised = true;
      logger.warn({ err }, "start lock compromised; continuing without it");
    },
  });
  return {
    release: async () => {
      if (compromised) return;
      await release().catch((err: unknown) => logger.warn({ err }, "start lock release failed"));
    },
  };
}

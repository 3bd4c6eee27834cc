export type Cancel = () => void;

/**
 * Timers, injected so refresh, polling and voucher expiry are tested by moving a fake clock
 * (test/integration/helpers/fake-time.ts) instead of sleeping.
 */
export interface Scheduler {
  schedule(fn: () => void, delayMs: number): Cancel;
}

// setTimeout fires at once for delays past 2^31-1 ms; callers re-check their deadline when it fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

export const timerScheduler: Scheduler = {
  schedule(fn, delayMs) {
    const timer = setTimeout(fn, Math.min(Math.max(0, delayMs), MAX_DELAY_MS));
    // A pending refresh or voucher deletion must not keep the broker alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Resolves after `ms` on the scheduler; rejects with the signal's reason when it aborts first. */
export function sleep(scheduler: Scheduler, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      cancel();
      reject(signal?.reason as Error);
    };
    const cancel = scheduler.schedule(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

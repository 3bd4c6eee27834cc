/** Runs `fn` after `delayMs`; returns a cancel function. Injected so tests control time. */
export interface Scheduler {
  schedule(fn: () => void, delayMs: number): () => void;
}

// setTimeout caps delays at 2^31-1 ms; callers re-check the deadline when the timer fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

export const timerScheduler: Scheduler = {
  schedule(fn, delayMs) {
    const timer = setTimeout(fn, Math.min(Math.max(0, delayMs), MAX_DELAY_MS));
    // A pending voucher deletion must not keep the broker alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

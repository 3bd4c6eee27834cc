import type { Clock } from "../../shared/time.js";
export interface Deadline {
  at: number;
  expire(): void;
}

/**
 * Per-request deadlines checked by one timer for the whole server, instead of a setTimeout and
 * clearTimeout per request (which showed up on the hot path). Deadlines fire late by at most one
 * tick, so the tick is a small fraction of the request timeout.
 */
export class DeadlineSweeper {
  private readonly entries = new Set<Deadline>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    tickMs: number,
    private readonly now: Clock = () => performance.now(),
  ) {
    this.timer = setInterval(() => this.sweep(), tickMs);
    this.timer.unref();
  }

  /** Registers a deadline in ms from now; returns the function that cancels it. */
  add(inMs: number, expire: () => void): () => void {
    const entry: Deadline = { at: this.now() + inMs, expire };
    this.entries.add(entry);
    return () => this.entries.delete(entry);
  }

  sweep(): void {
    const now = this.now();
    for (const entry of this.entries) {
      if (entry.at > now) continue;
      this.entries.delete(entry);
      entry.expire();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.timer);
    this.entries.clear();
  }
}

export function tickFor(requestTimeoutMs: number): number {
  return Math.max(5, Math.min(250, Math.floor(requestTimeoutMs / 8)));
}

export interface DeadlineOptions {
  deadlines: DeadlineSweeper;
  timeoutMs: number;
  /** Called once the pending work settles or its deadline passes, whichever is first. */
  settled(): void;
  /** Called at the deadline (after `settled`): stops the work, returns the error to reject with. */
  expired(): Error;
}

/**
 * Settles with the pending work, or rejects at its deadline even when the work ignores its abort
 * signal; a result that comes later is dropped.
 */
export function withDeadline<T>(pending: PromiseLike<T>, opts: DeadlineOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const settle = (): boolean => {
      if (done) return false;
      done = true;
      cancel();
      opts.settled();
      return true;
    };
    // One entry in the server's sweeper rather than a timer per request.
    const cancel = opts.deadlines.add(opts.timeoutMs, () => {
      if (settle()) reject(opts.expired());
    });
    pending.then(
      (value) => settle() && resolve(value),
      (err: unknown) => settle() && reject(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

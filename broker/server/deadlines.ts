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

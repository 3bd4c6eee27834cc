import { ProviderError } from "./provider-error.js";

/** The spec's fixed queue: past it a call is refused locally, without touching the provider. */
export const QUEUE_LIMIT = 32;

export interface LimiterStats {
  maxConcurrent: number;
  inFlight: number;
  queued: number;
  queueLimit: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Named in the errors this limiter raises. */
  routeId?: string;
}

interface Waiter {
  start(): void;
}

/**
 * At most `maxConcurrent` tasks run at once; the next `queueLimit` wait in FIFO order and the rest
 * are rejected with `overloaded` at once. A waiting call whose signal aborts leaves the queue.
 */
export class ConcurrencyLimiter {
  readonly #max: number;
  readonly #queueLimit: number;
  readonly #queue: Waiter[] = [];
  #inFlight = 0;

  constructor(maxConcurrent: number, queueLimit: number = QUEUE_LIMIT) {
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) throw new RangeError("maxConcurrent must be a positive integer");
    if (!Number.isInteger(queueLimit) || queueLimit < 0) throw new RangeError("queueLimit must be a non-negative integer");
    this.#max = maxConcurrent;
    this.#queueLimit = queueLimit;
  }

  run<T>(task: () => Promise<T>, opts: RunOptions = {}): Promise<T> {
    const { signal, routeId } = opts;
    if (signal?.aborted) return Promise.reject(new ProviderError({ kind: "aborted", routeId }));
    if (this.#inFlight < this.#max) return this.#start(task);
    if (this.#queue.length >= this.#queueLimit) return Promise.reject(new ProviderError({ kind: "overloaded", routeId }));
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.#queue.indexOf(waiter);
        if (at !== -1) this.#queue.splice(at, 1);
        reject(new ProviderError({ kind: "aborted", routeId }));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          this.#start(task).then(resolve, reject);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  stats(): LimiterStats {
    return { maxConcurrent: this.#max, inFlight: this.#inFlight, queued: this.#queue.length, queueLimit: this.#queueLimit };
  }

  #start<T>(task: () => Promise<T>): Promise<T> {
    this.#inFlight += 1;
    let running: Promise<T>;
    try {
      running = task();
    } catch (err) {
      running = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return running.finally(() => this.#release());
  }

  #release(): void {
    this.#inFlight -= 1;
    // The freed slot goes straight to the oldest waiter, so a new caller cannot overtake the queue.
    this.#queue.shift()?.start();
  }
}

import type { ExecuteWriteResult } from "../../shared/protocol/ops-hotels-writes.js";
import type { Clock } from "../../shared/time.js";
import { err, ok, type Result } from "../../shared/result.js";

// A write between the person's approval request and its outcome belongs to the broker, not to the
// tool call that asked: a call waits for it only as long as a client allows, then answers
// `approval_pending`, and the person's decision (and the one send it allows) still happens. The
// next execute of the same hash joins the running write, or picks up the outcome nobody was waiting
// for. Memory only: a restart forgets a pending write, which had sent nothing (the ledger keeps
// every write that was sent).

export type Settled = Result<ExecuteWriteResult, unknown>;

interface Running {
  done: Promise<Settled>;
  /** Calls waiting on it now: an outcome that reaches one of them is not kept for a later call. */
  waiting: number;
}

export interface PendingWritesOptions {
  now: Clock;
  /** How long an outcome nobody was waiting for is kept for the next execute of its hash. */
  keepMs?: number;
  /** At most this many such outcomes are kept (the oldest goes first). */
  maxKept?: number;
}

const KEEP_UNDELIVERED_MS = 15 * 60_000;

export class PendingWrites {
  readonly #running = new Map<string, Running>();
  /** By hash, in settle order. */
  readonly #kept = new Map<string, { settled: Settled; at: number }>();

  constructor(private readonly opts: PendingWritesOptions) {}

  /** Runs `write` for `hash` unless one runs already; no call's abort or end stops it. */
  start(hash: string, write: () => Promise<ExecuteWriteResult>): void {
    if (this.#running.has(hash)) return;
    const running: Running = { waiting: 0, done: Promise.resolve({ ok: false, error: undefined }) };
    running.done = write()
      .then((result): Settled => ok(result), (error: unknown): Settled => err(error))
      .then((settled) => {
        this.#running.delete(hash);
        if (running.waiting === 0) this.#keep(hash, settled);
        return settled;
      });
    this.#running.set(hash, running);
  }

  running(hash: string): boolean {
    return this.#running.has(hash);
  }

  /** Whether a call is waiting on the write of `hash` right now. */
  awaited(hash: string): boolean {
    return (this.#running.get(hash)?.waiting ?? 0) > 0;
  }

  /** Waits up to `waitMs` for the write of `hash`: its outcome, `waiting` when it has none yet, undefined when none runs. */
  async join(hash: string, waitMs: number): Promise<Settled | "waiting" | undefined> {
    const running = this.#running.get(hash);
    if (running === undefined) return undefined;
    running.waiting++;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"waiting">((resolve) => {
      timer = setTimeout(() => resolve("waiting"), Math.max(0, waitMs));
    });
    try {
      return await Promise.race([running.done, timeout]);
    } finally {
      clearTimeout(timer);
      running.waiting--;
    }
  }

  /** The outcome of `hash` that no call received yet, handed out once. */
  take(hash: string): Settled | undefined {
    this.#sweep();
    const kept = this.#kept.get(hash);
    this.#kept.delete(hash);
    return kept?.settled;
  }

  #keep(hash: string, settled: Settled): void {
    this.#sweep();
    this.#kept.delete(hash);
    this.#kept.set(hash, { settled, at: this.opts.now() });
    const max = this.opts.maxKept ?? 64;
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= max) break;
      this.#kept.delete(oldest);
    }
  }

  #sweep(): void {
    const oldest = this.opts.now() - (this.opts.keepMs ?? KEEP_UNDELIVERED_MS);
    for (const [hash, kept] of this.#kept) if (kept.at < oldest) this.#kept.delete(hash);
  }
}

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { RequestHashSchema, WRITE_REFUSALS, WriteKindSchema, type ExecuteWriteResult, type PreparedWrite, type WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import type { RandomBytes } from "../../shared/refs.js";
import type { Clock } from "../../shared/time.js";
import { removeStaleTempFiles, writeFileAtomic } from "../session/atomic-write.js";
import { fingerprintOf, LEDGER_KEY_FILE, loadFingerprintKey } from "./fingerprint.js";

// Exactly once, per requestHash: what the broker did with each write it was asked to execute. The
// file keeps only the hash, a keyed fingerprint (fingerprint.ts), the kind, the state and timestamps
// (and a refusal's reason word): no names, contacts, orderIds or bookingRefs. A committed write's facts live in memory only; after a
// restart the write is reconciled through the provider (write_request) before it is answered again.

export const LEDGER_FILE = "write-ledger.json";
export const LEDGER_RETENTION_MS = 24 * 60 * 60_000;

/**
 * - awaiting_approval: shown to the person, nothing sent (memory only: a restart forgets it)
 * - sending: about to send or sent, no answer yet (persisted before the POST leaves)
 * - outcome_unknown: sent, the answer was lost; reconciled on the next execute of the hash
 * - reconciling: a reconciliation is asking the provider (memory only)
 * - committed / refused: final
 */
export const LEDGER_STATES = ["awaiting_approval", "sending", "outcome_unknown", "reconciling", "committed", "refused"] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

export interface LedgerEntry {
  requestHash: string;
  /** fingerprintOf: the same write prepared at another time, or under another ref to the order, has another hash but this. */
  fingerprint?: string;
  kind: WriteKind;
  state: LedgerState;
  createdAt: number;
  updatedAt: number;
  refusal?: (typeof WRITE_REFUSALS)[number];
  /** The answer given when the write completed; absent for a committed write read back from disk. */
  result?: ExecuteWriteResult;
}

const PersistedSchema = z.object({
  version: z.literal(1),
  entries: z
    .array(
      z.object({
        requestHash: RequestHashSchema,
        fingerprint: RequestHashSchema.optional(),
        kind: WriteKindSchema,
        state: z.enum(["sending", "outcome_unknown", "committed", "refused"]),
        createdAt: z.number().int(),
        updatedAt: z.number().int(),
        refusal: z.enum(WRITE_REFUSALS).optional(),
      }),
    )
    .max(10_000),
});

export interface LedgerOptions {
  dir: string;
  now: Clock;
  logger?: Logger;
  randomBytes?: RandomBytes;
}

export class WriteLedger {
  readonly #entries = new Map<string, LedgerEntry>();
  readonly #opts: LedgerOptions;
  readonly #key: Buffer;
  #saving: Promise<void> = Promise.resolve();

  private constructor(opts: LedgerOptions, key: Buffer) {
    this.#opts = opts;
    this.#key = key;
  }

  /**
   * Loads the file. A write that was `sending` when the broker stopped may have reached the
   * provider, so it comes back as `outcome_unknown`; a committed one comes back without its facts,
   * so the next execute reconciles it too. Nothing loaded can be sent again without that check.
   */
  static async open(opts: LedgerOptions): Promise<WriteLedger> {
    // Opened once at start, before any save: a temp file here is one a killed broker left.
    let stale = 0;
    for (const name of [LEDGER_FILE, LEDGER_KEY_FILE]) stale += await removeStaleTempFiles(opts.dir, name);
    if (stale > 0) (opts.logger ?? nullLogger).info({ event: "write_ledger_temp_removed", count: stale }, "removed temp files left by an interrupted write");
    const ledger = new WriteLedger(opts, await loadFingerprintKey(opts.dir, opts.randomBytes));
    let raw: string | undefined;
    try {
      raw = await readFile(join(opts.dir, LEDGER_FILE), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (raw === undefined) return ledger;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = PersistedSchema.safeParse(json);
    // A damaged ledger is not guessed at: refusing to start is safer than forgetting a sent write.
    if (!parsed.success) throw new Error(`${LEDGER_FILE} is damaged; move it aside after checking the bookings`);
    const oldest = opts.now() - LEDGER_RETENTION_MS;
    for (const e of parsed.data.entries) {
      if (e.updatedAt < oldest) continue;
      const state: LedgerState = e.state === "sending" ? "outcome_unknown" : e.state;
      ledger.#entries.set(e.requestHash, { ...e, state });
    }
    return ledger;
  }

  get(requestHash: string): LedgerEntry | undefined {
    const entry = this.#entries.get(requestHash);
    if (entry !== undefined && entry.updatedAt < this.#opts.now() - LEDGER_RETENTION_MS) {
      this.#entries.delete(requestHash);
      return undefined;
    }
    return entry;
  }

  /** What makes two preparations one write; `orderId` is what a write on an order's bookingRef resolves to. */
  fingerprintOf(prepared: PreparedWrite, orderId: string | undefined): string {
    return fingerprintOf(this.#key, prepared, orderId);
  }

  /** Synchronous, so two executes of one hash can never both claim it. */
  claim(requestHash: string, kind: WriteKind, fingerprint?: string): LedgerEntry {
    if (this.get(requestHash) !== undefined) throw new Error("ledger entry exists");
    const now = this.#opts.now();
    const entry: LedgerEntry = { requestHash, kind, state: "awaiting_approval", createdAt: now, updatedAt: now, ...(fingerprint === undefined ? {} : { fingerprint }) };
    this.#entries.set(requestHash, entry);
    return entry;
  }

  /** Another preparation of the same write (same fingerprint, another hash) that is not final yet. */
  unresolvedTwin(requestHash: string, fingerprint: string): LedgerEntry | undefined {
    for (const entry of this.#entries.values()) {
      if (entry.requestHash === requestHash || entry.fingerprint !== fingerprint) continue;
      if (entry.state !== "committed" && entry.state !== "refused" && this.get(entry.requestHash) !== undefined) return entry;
    }
    return undefined;
  }

  /** Another preparation of the same write (same fingerprint) that was committed, preferring one whose answer is still in memory. */
  committedTwin(requestHash: string, fingerprint: string): LedgerEntry | undefined {
    let found: LedgerEntry | undefined;
    for (const entry of this.#entries.values()) {
      if (entry.requestHash === requestHash || entry.fingerprint !== fingerprint || entry.state !== "committed" || this.get(entry.requestHash) === undefined) continue;
      if (entry.result !== undefined) return entry;
      found ??= entry;
    }
    return found;
  }

  /** Moves an entry to `state`; resolves once the file says so (when the state is one it keeps). */
  update(requestHash: string, state: LedgerState, extra: Pick<LedgerEntry, "refusal" | "result"> = {}): Promise<void> {
    const entry = this.#entries.get(requestHash);
    if (entry === undefined) return Promise.resolve();
    Object.assign(entry, { state, updatedAt: this.#opts.now() }, extra);
    return state === "awaiting_approval" || state === "reconciling" ? Promise.resolve() : this.#save();
  }

  remove(requestHash: string): Promise<void> {
    return this.#entries.delete(requestHash) ? this.#save() : Promise.resolve();
  }

  get size(): number {
    return this.#entries.size;
  }

  // Saves run one after another, each writing the whole current table, so the last one wins.
  #save(): Promise<void> {
    const next = this.#saving.then(() => writeFileAtomic(this.#opts.dir, LEDGER_FILE, this.#serialize()));
    this.#saving = next.catch(() => undefined);
    return next;
  }

  #serialize(): string {
    const oldest = this.#opts.now() - LEDGER_RETENTION_MS;
    const entries = [];
    for (const e of this.#entries.values()) {
      if (e.updatedAt < oldest) continue;
      // Awaiting approval: nothing was sent, nothing to remember. Reconciling: still unknown.
      if (e.state === "awaiting_approval") continue;
      const state = e.state === "reconciling" ? "outcome_unknown" : e.state;
      entries.push({ requestHash: e.requestHash, ...(e.fingerprint ? { fingerprint: e.fingerprint } : {}), kind: e.kind, state, createdAt: e.createdAt, updatedAt: e.updatedAt, ...(e.refusal ? { refusal: e.refusal } : {}) });
    }
    return `${JSON.stringify({ version: 1, entries })}\n`;
  }
}

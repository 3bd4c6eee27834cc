import { nullLogger, type Logger } from "../../shared/logger.js";
import type { ExecuteWriteResult, PreparedWrite, WRITE_REFUSALS, WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import type { RandomBytes } from "../../shared/refs.js";
import type { Clock } from "../../shared/time.js";
import { removeStaleTempFiles, writeFileAtomic } from "../session/atomic-write.js";
import { createFingerprintKey, fingerprintOf, keyIdOf, LEDGER_KEY_FILE, partFingerprintsOf } from "./fingerprint.js";
import { LEDGER_FILE, LEDGER_RETENTION_MS, readLedgerFiles } from "./ledger-files.js";

export { LEDGER_FILE, LEDGER_RETENTION_MS } from "./ledger-files.js";

// Exactly once, per requestHash: what the broker did with each write it was asked to execute. The
// file keeps only the hash, keyed fingerprints (fingerprint.ts) with the key's id, the kind, the
// state and timestamps (and a refusal's reason word): no names, contacts, orderIds or bookingRefs.
// A committed write's facts live in memory only; after a restart the write is reconciled through
// the provider (write_request) before it is answered again.

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
  /** partFingerprintsOf: each service of an extras request, so a request sharing one is recognised. */
  parts?: string[];
  kind: WriteKind;
  state: LedgerState;
  createdAt: number;
  updatedAt: number;
  refusal?: (typeof WRITE_REFUSALS)[number];
  /** The answer given when the write completed; absent for a committed write read back from disk. */
  result?: ExecuteWriteResult;
}

export interface LedgerOptions {
  dir: string;
  now: Clock;
  logger?: Logger;
  randomBytes?: RandomBytes;
}

export class WriteLedger {
  readonly #entries = new Map<string, LedgerEntry>();
  readonly #opts: LedgerOptions;
  /** Undefined when the ledger cannot be trusted: then `unavailable` says why and no write is executed. */
  readonly #key: Buffer | undefined;
  /** The key's id, written into every save (the key never changes while the broker runs). */
  readonly #keyId: string | undefined;
  readonly #unavailable: string | undefined;
  #saving: Promise<void> = Promise.resolve();

  private constructor(opts: LedgerOptions, key: Buffer | undefined, unavailable?: string) {
    this.#opts = opts;
    this.#key = key;
    this.#keyId = key === undefined ? undefined : keyIdOf(key);
    this.#unavailable = unavailable;
  }

  /**
   * Loads the file. A write that was `sending` when the broker stopped may have reached the
   * provider, so it comes back as `outcome_unknown`; a committed one comes back without its facts,
   * so the next execute reconciles it too. Nothing loaded can be sent again without that check.
   *
   * Never fails: a ledger that cannot be trusted (ledger-files.ts) or read gives a WriteLedger that
   * refuses every write with what is wrong and the fix, and changes neither file. Reads do not
   * depend on it, so the broker still starts.
   */
  static async open(opts: LedgerOptions): Promise<WriteLedger> {
    const logger = opts.logger ?? nullLogger;
    try {
      // Opened once at start, before any save: a temp file here is one a killed broker left.
      let stale = 0;
      for (const name of [LEDGER_FILE, LEDGER_KEY_FILE]) stale += await removeStaleTempFiles(opts.dir, name);
      if (stale > 0) logger.info({ event: "write_ledger_temp_removed", count: stale }, "removed temp files left by an interrupted write");
      const files = await readLedgerFiles(opts.dir, opts.now);
      if (!files.ok) {
        logger.warn({ event: "write_ledger_unavailable", problem: files.error.problem }, files.error.message);
        return new WriteLedger(opts, undefined, `${files.error.message}. To write again: ${files.error.fix}`);
      }
      const ledger = new WriteLedger(opts, files.value.key ?? (await createFingerprintKey(opts.dir, opts.randomBytes)));
      for (const e of files.value.entries) {
        const state: LedgerState = e.state === "sending" ? "outcome_unknown" : e.state;
        ledger.#entries.set(e.requestHash, { ...e, state });
      }
      return ledger;
    } catch (err) {
      logger.warn({ event: "write_ledger_unavailable", err }, "could not open the write ledger");
      const reason = err instanceof Error ? err.message : String(err);
      return new WriteLedger(opts, undefined, `the write ledger in ${opts.dir} could not be opened (${reason}), so the broker executes no writes (reads work). To write again: fix the files' access and restart the broker (tbank-mcp stop-broker)`);
    }
  }

  /**
   * A ledger for a broker whose write gates are closed: nothing can be executed, so nothing is read,
   * swept or created in the state directory (no key file for people who never turn writes on).
   */
  static closed(opts: LedgerOptions, why: string): WriteLedger {
    return new WriteLedger(opts, undefined, why);
  }

  /** Why no write may be executed on this ledger (what is wrong and the fix), or undefined. */
  get unavailable(): string | undefined {
    return this.#unavailable;
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
    return fingerprintOf(this.#requireKey(), prepared, orderId);
  }

  /** Each service of an extras request, with its fingerprint; [] for every other kind. */
  partsOf(prepared: PreparedWrite, orderId: string | undefined): { part: string; fingerprint: string }[] {
    return partFingerprintsOf(this.#requireKey(), prepared, orderId);
  }

  /** Synchronous, so two executes of one hash can never both claim it. */
  claim(requestHash: string, kind: WriteKind, fingerprint?: string, parts: string[] = []): LedgerEntry {
    if (this.get(requestHash) !== undefined) throw new Error("ledger entry exists");
    const now = this.#opts.now();
    const entry: LedgerEntry = {
      requestHash,
      kind,
      state: "awaiting_approval",
      createdAt: now,
      updatedAt: now,
      ...(fingerprint === undefined ? {} : { fingerprint }),
      ...(parts.length === 0 ? {} : { parts }),
    };
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

  /** Those of `parts` that a committed write (another hash) also carried: a service already added. */
  committedParts(requestHash: string, parts: readonly string[]): Set<string> {
    const found = new Set<string>();
    for (const entry of this.#entries.values()) {
      if (entry.requestHash === requestHash || entry.state !== "committed" || entry.parts === undefined || this.get(entry.requestHash) === undefined) continue;
      for (const p of parts) if (entry.parts.includes(p)) found.add(p);
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

  #requireKey(): Buffer {
    if (this.#key === undefined) throw new Error(this.#unavailable ?? "the write ledger has no key");
    return this.#key;
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
      entries.push({
        requestHash: e.requestHash,
        ...(e.fingerprint ? { fingerprint: e.fingerprint } : {}),
        ...(e.parts ? { parts: e.parts } : {}),
        kind: e.kind,
        state,
        createdAt: e.createdAt,
        updatedAt: e.updatedAt,
        ...(e.refusal ? { refusal: e.refusal } : {}),
      });
    }
    return `${JSON.stringify({ version: 1, keyId: this.#keyId, entries })}\n`;
  }
}

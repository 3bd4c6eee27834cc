import { randomBytes } from "node:crypto";
import { lstat, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../../shared/logger.js";
import { nullLogger } from "../../shared/logger.js";
import type { SaveVoucherResult } from "../../shared/protocol/ops-hotels.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { RandomBytes } from "../../shared/refs.js";
import { ensurePrivateDir } from "../../shared/paths.js";
import { toIsoTimestamp, type Clock } from "../../shared/time.js";
import type { OpenResponse } from "../../shared/http/provider-http.js";
import { writePdfAtomically, type WrittenFile } from "./atomic-pdf.js";
import { writeTextAtomically } from "./atomic-file.js";
import { classifyName, finalName, tempName, type SavedKind } from "./names.js";
import { timerScheduler, type Scheduler } from "../../shared/scheduler.js";

export interface VoucherStoreOptions {
  /** `vouchers.directory`: absolute, owner-only (created 0700 when missing, refused when looser). */
  directory: string;
  ttlSeconds: number;
  now?: Clock;
  random?: RandomBytes;
  scheduler?: Scheduler;
  logger?: Logger;
}

// Calendar UIDs kept per session: far more bookings than one person lists in a session.
const MAX_UIDS = 1_000;

export type OpenVoucher = (signal: AbortSignal) => Promise<OpenResponse>;

/** Saved vouchers and calendar entries on disk, each deleted after its TTL; the broker is the only writer. */
export class VoucherStore {
  readonly directory: string;
  readonly #ttlMs: number;
  readonly #now: Clock;
  readonly #random: RandomBytes;
  readonly #scheduler: Scheduler;
  readonly #logger: Logger;
  readonly #timers = new Map<string, () => void>();
  readonly #inFlight = new Set<string>();
  readonly #uids = new Map<string, string>();
  // Bumped by deleteAll(): a download that started before a logout must not survive it.
  #epoch = 0;

  constructor(opts: VoucherStoreOptions) {
    this.directory = opts.directory;
    this.#ttlMs = opts.ttlSeconds * 1000;
    this.#now = opts.now ?? Date.now;
    this.#random = opts.random ?? randomBytes;
    this.#scheduler = opts.scheduler ?? timerScheduler;
    this.#logger = opts.logger ?? nullLogger;
  }

  /** Vouchers currently waiting for deletion. */
  get size(): number {
    return this.#timers.size;
  }

  save(openVoucher: OpenVoucher, signal: AbortSignal): Promise<SaveVoucherResult> {
    return this.#saveFile("voucher", async (temp, name) => writePdfAtomically(await openVoucher(signal), this.directory, temp, name, signal));
  }

  /**
   * Saves a calendar entry beside the vouchers, under the same rules and TTL. `build` runs after
   * the directory check and inside the logout guard, so an entry built from a read that a logout
   * overtook is not kept.
   */
  saveCalendar(build: () => Promise<string>): Promise<SaveVoucherResult> {
    return this.#saveFile("calendar", async (temp, name) => writeTextAtomically(await build(), this.directory, temp, name));
  }

  /**
   * The UID a booking's calendar entries carry: random, never derived from the order, and the same
   * for every save in this session, so saving twice updates the person's calendar event instead of
   * adding a second one. Forgotten with the session (deleteAll).
   */
  calendarUid(orderId: string): string {
    let uid = this.#uids.get(orderId);
    if (uid === undefined) {
      uid = `${this.#freshId()}@tbank-hotels-toolkit`;
      if (this.#uids.size >= MAX_UIDS) this.#uids.delete(this.#uids.keys().next().value ?? "");
      this.#uids.set(orderId, uid);
    }
    return uid;
  }

  async #saveFile(kind: SavedKind, write: (temp: string, name: string) => Promise<WrittenFile>): Promise<SaveVoucherResult> {
    await this.#checkDirectory();
    const epoch = this.#epoch;
    const id = this.#freshId();
    const name = finalName(id, kind);
    const temp = tempName(id, kind);
    this.#inFlight.add(temp);
    try {
      const written = await write(temp, name);
      if (epoch !== this.#epoch) {
        await this.#remove(name);
        throw new BrokerError("mobile_login_required", `the session ended while the ${kind === "voucher" ? "voucher was downloading" : "calendar entry was saved"}`);
      }
      const expiresAt = this.#now() + this.#ttlMs;
      this.#track(name, expiresAt);
      this.#logger.info({ event: `${kind}_saved`, sizeBytes: written.sizeBytes }, `${kind} saved`);
      return { path: join(this.directory, name), sizeBytes: written.sizeBytes, sha256: written.sha256, expiresAt: toIsoTimestamp(expiresAt) };
    } finally {
      this.#inFlight.delete(temp);
    }
  }

  #freshId(): string {
    const bytes = this.#random(16);
    // The sweep only recognises 22-character ids: a short read would leave an unsweepable file.
    if (bytes.length !== 16) throw new RangeError("random source returned the wrong number of bytes");
    return Buffer.from(bytes).toString("base64url");
  }

  /**
   * Start-up clean-up: temp files of interrupted saves go, vouchers past their TTL (by mtime) go,
   * younger ones get a deletion timer again. Returns how many files were removed.
   */
  async sweep(): Promise<number> {
    await this.#checkDirectory();
    let removed = 0;
    for (const name of await readdir(this.directory)) {
      const kind = classifyName(name);
      if (kind === undefined || this.#inFlight.has(name) || this.#timers.has(name)) continue;
      const info = await lstat(join(this.directory, name)).catch(() => undefined);
      if (!info || info.isDirectory()) continue;
      const expiresAt = info.mtimeMs + this.#ttlMs;
      if (kind === "temp" || info.isSymbolicLink() || this.#now() >= expiresAt) {
        if (await this.#remove(name)) removed += 1;
      } else {
        this.#track(name, expiresAt);
      }
    }
    return removed;
  }

  /** Logout: every voucher goes now, tracked or not. Returns how many files were removed. */
  async deleteAll(): Promise<number> {
    this.#epoch += 1;
    this.#uids.clear();
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
    const names = await readdir(this.directory).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (classifyName(name) === "final" && (await this.#remove(name))) removed += 1;
    }
    return removed;
  }

  /**
   * Broker stop: every voucher goes, as at logout. Left behind, a voucher would outlive its TTL
   * until the next broker start, which may never come. A crash still leaves that to the sweep.
   */
  close(): Promise<number> {
    return this.deleteAll();
  }

  async #checkDirectory(): Promise<void> {
    const result = await ensurePrivateDir(this.directory);
    if (!result.ok) {
      throw new BrokerError("internal", `the voucher directory is not usable (${result.error.problem}): it must be an owner-only 0700 directory; check TBANK_HOTELS_VOUCHER_DIRECTORY`);
    }
  }

  #track(name: string, expiresAt: number): void {
    this.#timers.get(name)?.();
    const fire = (): void => {
      if (this.#now() < expiresAt) {
        this.#timers.set(name, this.#scheduler.schedule(fire, expiresAt - this.#now()));
        return;
      }
      this.#timers.delete(name);
      void this.#remove(name);
    };
    this.#timers.set(name, this.#scheduler.schedule(fire, expiresAt - this.#now()));
  }

  async #remove(name: string): Promise<boolean> {
    try {
      await unlink(join(this.directory, name));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") this.#logger.warn({ event: "voucher_delete_failed", err }, "could not delete a voucher file");
      return false;
    }
  }
}

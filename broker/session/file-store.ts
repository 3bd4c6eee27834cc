import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, unlink } from "node:fs/promises";
import { join } from "node:path";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { ensurePrivateDir } from "../../shared/paths.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { RandomBytes } from "../../shared/refs.js";
import { removeStaleTempFiles, writeFileAtomic } from "./atomic-write.js";
import { PersistedSessionSchema, type PersistedSession, type SessionStore } from "./types.js";

export const SESSION_FILE_NAME = "session.json";
// A session is a few hundred bytes; anything far larger is not ours.
const MAX_FILE_BYTES = 64 * 1024;

export interface FileSessionStoreOptions {
  /** The broker's state directory: created 0700 when missing, refused when looser, symlinked or foreign. */
  dir: string;
  logger?: Logger;
  random?: RandomBytes;
  /** Owner the directory and file must have; defaults to the current uid. */
  uid?: number;
}

/** `session.json` (0600) in the private state directory, replaced atomically on every save. */
export class FileSessionStore implements SessionStore {
  readonly dir: string;
  readonly path: string;
  private readonly logger: Logger;
  private readonly random: RandomBytes;
  private readonly uid: number | undefined;
  private lastGeneration = 0;
  // Saves and wipes run one at a time, so the generation check and the write cannot interleave.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(opts: FileSessionStoreOptions) {
    this.dir = opts.dir;
    this.path = join(opts.dir, SESSION_FILE_NAME);
    this.logger = opts.logger ?? nullLogger;
    this.random = opts.random ?? randomBytes;
    this.uid = opts.uid;
  }

  async load(): Promise<PersistedSession | undefined> {
    return this.serial(async () => {
      await this.checkDir();
      const stale = await removeStaleTempFiles(this.dir, SESSION_FILE_NAME);
      if (stale > 0) this.logger.info({ event: "session_store_temp_removed", count: stale }, "removed temp files left by an interrupted write");
      const raw = await this.readOwnFile("private");
      return raw === undefined ? undefined : this.parse(raw);
    });
  }

  // A file others could read may have been copied: its token must still be revoked, never used.
  async loadForRevocation(): Promise<PersistedSession | undefined> {
    return this.serial(async () => {
      await this.checkDir();
      const raw = await this.readOwnFile("any_mode");
      return raw === undefined ? undefined : this.parse(raw);
    });
  }

  private parse(raw: string): PersistedSession | undefined {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      this.logger.warn({ event: "session_store_corrupt", path: this.path }, "session file is not valid JSON; treating it as no session");
      return undefined;
    }
    const parsed = PersistedSessionSchema.safeParse(json);
    if (!parsed.success) {
      this.logger.warn({ event: "session_store_corrupt", path: this.path }, "session file does not match the expected shape; treating it as no session");
      return undefined;
    }
    this.lastGeneration = Math.max(this.lastGeneration, parsed.data.generation);
    return parsed.data;
  }

  async save(session: PersistedSession): Promise<void> {
    const checked = PersistedSessionSchema.parse(session);
    await this.serial(async () => {
      if (checked.generation <= this.lastGeneration) {
        // Writing an older generation over a newer one would resurrect a spent refresh token.
        throw new BrokerError("internal", "refusing to save an older session generation", { cause: { generation: checked.generation, last: this.lastGeneration } });
      }
      await this.checkDir();
      await writeFileAtomic(this.dir, SESSION_FILE_NAME, `${JSON.stringify(checked)}\n`, this.random);
      this.lastGeneration = checked.generation;
    });
  }

  async wipe(): Promise<void> {
    await this.serial(async () => {
      await this.checkDir();
      await unlink(this.path).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    });
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async checkDir(): Promise<void> {
    const result = await ensurePrivateDir(this.dir, this.uid === undefined ? {} : { uid: this.uid });
    if (!result.ok) throw new BrokerError("internal", `session store refused: ${result.error.message}`);
  }

  /** The file's text, or undefined when it is absent or not safely ours (refused and logged, never followed). */
  private async readOwnFile(mode: "private" | "any_mode"): Promise<string | undefined> {
    let handle;
    try {
      handle = await open(this.path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return undefined;
      if (code === "ELOOP") {
        this.logger.warn({ event: "session_store_refused", path: this.path, problem: "symlink" }, "session file is a symbolic link; ignoring it");
        return undefined;
      }
      throw err;
    }
    try {
      const info = await handle.stat();
      const uid = this.uid ?? (typeof process.getuid === "function" ? process.getuid() : -1);
      const problem = !info.isFile() ? "not_file" : uid >= 0 && info.uid !== uid ? "foreign_owner" : mode === "private" && (info.mode & 0o777) !== 0o600 ? "mode" : info.size > MAX_FILE_BYTES ? "too_large" : undefined;
      if (problem !== undefined) {
        this.logger.warn({ event: "session_store_refused", path: this.path, problem, mode: (info.mode & 0o777).toString(8) }, "session file is not a private 0600 file of ours; ignoring it");
        return undefined;
      }
      return await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  }
}

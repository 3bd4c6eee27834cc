import { closeSync, fstatSync, openSync, renameSync, writeSync, constants } from "node:fs";

export interface LogRotation {
  maxBytes: number;
  /** Rotated files kept next to the log: `broker.log.1` (newest) to `broker.log.<generations>`. */
  generations: number;
}

// A flood of requests must not fill the disk: at most (1 + 3) x 10 MiB stay on disk.
export const DEFAULT_LOG_ROTATION: LogRotation = { maxBytes: 10 * 1024 * 1024, generations: 3 };

/**
 * The broker's log and audit file. Lines are collected in memory and written with one synchronous
 * write when 16 KiB have gathered or 100 ms have passed, and on exit. An asynchronous writer
 * (pino's SonicBoom) hands every write to the thread pool, which cost more per request than the
 * whole request handling. At most 100 ms of lines can be lost if the process is killed.
 */
export class LogFile {
  private fd: number;
  private size: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly path: string,
    private readonly maxPendingBytes = 16 * 1024,
    flushEveryMs = 100,
    private readonly rotation: LogRotation = DEFAULT_LOG_ROTATION,
  ) {
    this.fd = this.open();
    this.size = fstatSync(this.fd).size;
    this.timer = setInterval(() => this.flushSync(), flushEveryMs);
    this.timer.unref();
  }

  write(line: string): boolean {
    this.pending.push(line);
    this.pendingBytes += line.length;
    if (this.pendingBytes >= this.maxPendingBytes) this.flushSync();
    return true;
  }

  flushSync(): void {
    if (this.pending.length === 0) return;
    const data = this.pending.join("");
    this.pending = [];
    this.pendingBytes = 0;
    const bytes = Buffer.byteLength(data);
    if (this.size > 0 && this.size + bytes > this.rotation.maxBytes) this.rotate();
    writeSync(this.fd, data);
    this.size += bytes;
  }

  private open(): number {
    // O_NOFOLLOW: a symlink planted at the log path is refused rather than written through.
    const fd = openSync(this.path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
    if ((fstatSync(fd).mode & 0o077) !== 0) {
      closeSync(fd);
      throw new Error(`${this.path} is readable by group or others; refusing to log into it`);
    }
    return fd;
  }

  // rename() moves names, never following a symlink at either end, so a planted link is only
  // replaced; the oldest generation is overwritten by the next one.
  private rotate(): void {
    closeSync(this.fd);
    for (let i = this.rotation.generations - 1; i >= 1; i--) {
      try {
        renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    renameSync(this.path, `${this.path}.1`);
    this.fd = this.open();
    this.size = 0;
  }

  close(): void {
    clearInterval(this.timer);
    this.flushSync();
    closeSync(this.fd);
  }
}

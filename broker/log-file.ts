import { closeSync, fstatSync, openSync, writeSync, constants } from "node:fs";

/**
 * The broker's log and audit file. Lines are collected in memory and written with one synchronous
 * write when 16 KiB have gathered or 100 ms have passed, and on exit. An asynchronous writer
 * (pino's SonicBoom) hands every write to the thread pool, which cost more per request than the
 * whole request handling. At most 100 ms of lines can be lost if the process is killed.
 */
export class LogFile {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    path: string,
    private readonly maxPendingBytes = 16 * 1024,
    flushEveryMs = 100,
  ) {
    // O_NOFOLLOW: a symlink planted at the log path is refused rather than written through.
    this.fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
    if ((fstatSync(this.fd).mode & 0o077) !== 0) {
      closeSync(this.fd);
      throw new Error(`${path} is readable by group or others; refusing to log into it`);
    }
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
    writeSync(this.fd, data);
  }

  close(): void {
    clearInterval(this.timer);
    this.flushSync();
    closeSync(this.fd);
  }
}

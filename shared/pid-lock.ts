import * as fs from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import lockfile from "proper-lockfile";

export type LockFn = typeof lockfile.lock;

// Inside the lock directory, so it goes with the lock: a new holder's directory never shows an old pid.
const HOLDER_FILE = "pid";

// proper-lockfile removes its lock directory with rmdir, which would fail on the holder file. The
// holder file is written as part of mkdir, before proper-lockfile reads the directory's mtime: it
// checks that mtime at every update to see the lock is still its own, and a file created inside
// afterwards changed it (the broker declared its own session store lock taken 10 s after start).
// Without the record the lock still works; it only loses the fast take-over.
const LOCK_FS = {
  ...fs,
  mkdir: (path: string, cb: (err: NodeJS.ErrnoException | null) => void) =>
    fs.mkdir(path, (err) => {
      if (err) return cb(err);
      fs.writeFile(join(path, HOLDER_FILE), `${process.pid}\n`, { mode: 0o600 }, () => cb(null));
    }),
  rmdir: (path: string, cb: (err: NodeJS.ErrnoException | null) => void) => fs.rm(path, { recursive: true, force: true }, cb),
  rmdirSync: (path: string) => fs.rmSync(path, { recursive: true, force: true }),
};

async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it runs, under another uid.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed holder stays a zombie until its parent reaps it (a container's pid 1 may never do).
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  return stat === undefined || !/^\d+ \(.*\) Z/s.test(stat);
}

/** The pid recorded in a lock directory, if any. */
export async function lockHolder(lockDir: string): Promise<number | undefined> {
  const pid = Number((await readFile(join(lockDir, HOLDER_FILE), "utf8").catch(() => "")).trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

async function deadHolder(lockDir: string): Promise<number | undefined> {
  const pid = await lockHolder(lockDir);
  return pid === undefined || pid === process.pid || (await isAlive(pid)) ? undefined : pid;
}

/**
 * proper-lockfile's lock that also records the holder's pid. A lock whose holder was killed
 * (`kill -9` leaves the directory behind, fresh by mtime) is taken at once instead of after
 * `stale` ms. Callers pass `realpath: false`, so the directory is `lockfilePath` or `<file>.lock`.
 *
 * A lock without a pid file (a holder killed between mkdir and the write, or a pid reused by
 * another process) still falls back to proper-lockfile's mtime staleness.
 */
export const lockWithHolderPid: LockFn = async (file, options = {}) => {
  const lockDir = options.lockfilePath ?? `${file}.lock`;
  // Two starters may both find the same dead holder; they are serialised by the lock above this
  // one (spawn lock → start lock → store lock), as proper-lockfile's own stale removal is.
  if ((await deadHolder(lockDir)) !== undefined) await rm(lockDir, { recursive: true, force: true });
  return lockfile.lock(file, { ...options, fs: LOCK_FS });
};

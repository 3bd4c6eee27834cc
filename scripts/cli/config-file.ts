import { randomBytes } from "node:crypto";
import { chmod, copyFile, lstat, mkdir, open, readFile, realpath, rename, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

export type WriteOutcome = { kind: "unchanged" } | { kind: "created" } | { kind: "updated"; backup: string };

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

async function freeBackupPath(path: string, now: Date): Promise<string> {
  const base = `${path}.bak-${stamp(now)}`;
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}-${n}`;
    try {
      await lstat(candidate);
    } catch {
      return candidate;
    }
  }
}

/**
 * Writes `text` to `path` unless it already holds exactly that. An existing file is copied to a
 * timestamped backup first and keeps its mode; a new file is 0600. The write goes through a temp
 * file and a rename, so a crash never leaves a half-written client configuration.
 */
export async function writeConfigFile(path: string, text: string, existing: string | undefined, now: Date = new Date()): Promise<WriteOutcome> {
  if (existing === text) return { kind: "unchanged" };
  // A dotfiles-managed symlink stays a symlink: write through it to its target.
  const target = existing === undefined ? path : await realpath(path);
  let mode = 0o600;
  let backup: string | undefined;
  if (existing !== undefined) {
    mode = (await stat(target)).mode & 0o777;
    backup = await freeBackupPath(path, now);
    await copyFile(target, backup);
    await chmod(backup, mode & 0o700);
  } else {
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  }
  const tmp = `${target}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(tmp, "wx", mode);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  return backup === undefined ? { kind: "created" } : { kind: "updated", backup };
}

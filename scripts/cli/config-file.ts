import { randomBytes } from "node:crypto";
import { lstat, mkdir, open, readFile, readlink, realpath, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";

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

export class ConfigPathError extends Error {
  override readonly name = "ConfigPathError";
}

const isInside = (path: string, dir: string): boolean => {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

const missing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === "ENOENT";

/** `path` with every symlink resolved, including a dangling last link and directories not made yet. */
async function realTarget(path: string, hops = 0): Promise<string> {
  if (hops > 40) throw new ConfigPathError(`${path}: too many levels of symlinks`);
  try {
    return await realpath(path);
  } catch (err) {
    if (!missing(err)) throw err;
  }
  const link = await readlink(path).catch((err: unknown) => {
    if (missing(err) || (err as NodeJS.ErrnoException).code === "EINVAL") return undefined;
    throw err;
  });
  if (link !== undefined) return realTarget(resolve(dirname(path), link), hops + 1);
  const parent = dirname(path);
  return parent === path ? path : join(await realTarget(parent, hops), basename(path));
}

/**
 * The file a write to `path` lands on. A dotfiles-managed symlink stays a symlink and is written
 * through, but only while its target stays inside `root`: a project's `.mcp.json` linked to a file
 * elsewhere would be rewritten outside the project, its secrets copied into a backup inside it.
 */
export async function resolveWriteTarget(path: string, root: string): Promise<string> {
  const target = await realTarget(path);
  const realRoot = await realTarget(root);
  if (!isInside(target, realRoot)) {
    throw new ConfigPathError(`${path} leads through a symlink to ${target}, outside ${root}; setup does not write there. Replace the link with a file inside ${root}, or add the block by hand`);
  }
  return target;
}

/**
 * Writes `text` to `target` (a real path, from resolveWriteTarget) unless `existing` is exactly
 * that. An existing file is copied to a timestamped 0600 backup next to it and keeps its mode; a
 * new file is 0600. The write goes through a temp file and a rename, so a crash never leaves a
 * half-written client configuration.
 */
export async function writeConfigFile(target: string, text: string, existing: string | undefined, now: Date = new Date()): Promise<WriteOutcome> {
  if (existing === text) return { kind: "unchanged" };
  let mode = 0o600;
  let backup: string | undefined;
  if (existing !== undefined) {
    mode = (await stat(target)).mode & 0o777;
    backup = await freeBackupPath(target, now);
    // Created 0600 and exclusively: the old file may hold another server's secrets.
    const copy = await open(backup, "wx", 0o600);
    try {
      await copy.writeFile(await readFile(target));
    } finally {
      await copy.close();
    }
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

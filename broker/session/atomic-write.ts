import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, readdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { RandomBytes } from "../../shared/refs.js";

const TEMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Temp files of `name` look like `.session.json.<16 hex>.tmp`, so stale ones can be recognised and removed. */
export function tempFilePattern(name: string): RegExp {
  return new RegExp(`^\\.${escapeRegExp(name)}\\.[0-9a-f]{16}\\.tmp$`);
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } catch (err) {
    // Some filesystems cannot fsync a directory; the rename is still atomic there, only less durable.
    if ((err as NodeJS.ErrnoException).code !== "EINVAL") throw err;
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `dir/name` so that a crash at any instant leaves either the old or the new content:
 * write a fresh temp file in the same directory (O_EXCL: never someone else's file, 0600 from the
 * first byte), fsync it, rename it over the target, then fsync the directory so the rename lasts.
 */
export async function writeFileAtomic(dir: string, name: string, data: string, random: RandomBytes = randomBytes): Promise<void> {
  const temp = join(dir, `.${name}.${Buffer.from(random(8)).toString("hex")}.tmp`);
  const handle = await open(temp, TEMP_FLAGS, 0o600);
  try {
    // The umask can only remove bits, but an unusual one (0o277) would leave the file unreadable.
    await handle.chmod(0o600);
    await handle.writeFile(data, "utf8");
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, join(dir, name));
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  await syncDir(dir);
}

/** Removes temp files a crashed writer left behind. Call only while no writer of `name` is running. */
export async function removeStaleTempFiles(dir: string, name: string): Promise<number> {
  const pattern = tempFilePattern(name);
  let removed = 0;
  for (const entry of await readdir(dir)) {
    if (!pattern.test(entry)) continue;
    await unlink(join(dir, entry)).catch(() => undefined);
    removed++;
  }
  return removed;
}

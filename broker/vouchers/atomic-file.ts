import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, rename, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { BrokerError } from "../../shared/protocol/broker-error.js";

const CREATE_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;

export interface WrittenFile {
  sizeBytes: number;
  sha256: string;
}

/**
 * Writes `dir/finalName` with the vouchers' guarantees: `fill` writes into an O_EXCL 0600 temp
 * file, then fsync, a refusal of anything already at the final name (a planted symlink included),
 * rename, fsync of the directory. On any failure the temp file is removed and `onFailure` runs.
 */
export async function writeAtomically<T>(dir: string, tempName: string, finalName: string, fill: (fh: FileHandle) => Promise<T>, onFailure?: () => Promise<unknown>): Promise<T> {
  const tempPath = join(dir, tempName);
  let fh: FileHandle | undefined;
  try {
    fh = await open(tempPath, CREATE_FLAGS, 0o600);
    const written = await fill(fh);
    await fh.sync();
    await fh.close();
    fh = undefined;
    await refuseExisting(join(dir, finalName));
    await rename(tempPath, join(dir, finalName));
    await syncDir(dir);
    return written;
  } catch (err) {
    await fh?.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    await onFailure?.().catch(() => undefined);
    throw err;
  }
}

/** A small document the broker built itself (a calendar entry), written like a voucher. */
export function writeTextAtomically(text: string, dir: string, tempName: string, finalName: string): Promise<WrittenFile> {
  const bytes = Buffer.from(text, "utf8");
  return writeAtomically(dir, tempName, finalName, async (fh) => {
    await fh.writeFile(bytes);
    return { sizeBytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
  });
}

async function refuseExisting(path: string): Promise<void> {
  const info = await lstat(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  if (!info) return;
  const what = info.isSymbolicLink() ? "a symbolic link" : "a file";
  throw new BrokerError("internal", `refusing to save the file: ${what} already exists at its destination`);
}

// Makes the rename itself durable. Some platforms cannot fsync a directory; the file data is
// already synced, so that is tolerated.
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EINVAL" && code !== "EPERM" && code !== "EBADF") throw err;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

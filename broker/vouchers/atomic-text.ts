import { createHash } from "node:crypto";
import { open, rename, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { CREATE_FLAGS, refuseExisting, syncDir, type WrittenFile } from "./atomic-pdf.js";

/**
 * Writes a small document the broker built itself (a calendar entry) into `dir/finalName` with the
 * voucher's guarantees: an O_EXCL 0600 temp file, fsync, a refusal of anything already at the final
 * name (a planted symlink included), rename, fsync of the directory; no temp file left on failure.
 */
export async function writeTextAtomically(text: string, dir: string, tempName: string, finalName: string): Promise<WrittenFile> {
  const tempPath = join(dir, tempName);
  const bytes = Buffer.from(text, "utf8");
  let fh: FileHandle | undefined;
  try {
    fh = await open(tempPath, CREATE_FLAGS, 0o600);
    await fh.writeFile(bytes);
    await fh.sync();
    await fh.close();
    fh = undefined;
    await refuseExisting(join(dir, finalName));
    await rename(tempPath, join(dir, finalName));
    await syncDir(dir);
    return { sizeBytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
  } catch (err) {
    await fh?.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    throw err;
  }
}

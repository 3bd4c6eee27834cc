import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, rename, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { cappedChunks, declaredLength, declaredTooLarge } from "../../shared/http/capped-body.js";
import type { OpenResponse } from "../../shared/http/provider-http.js";
import { streamError, tooLarge } from "../provider/errors.js";

export const MAX_VOUCHER_BYTES = 5 * 1024 * 1024;
const PDF_SIGNATURE = Buffer.from("%PDF-", "latin1");
export const CREATE_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;

export interface WrittenFile {
  sizeBytes: number;
  sha256: string;
}

function notPdf(what: string, requestId: string | undefined): BrokerError {
  return new BrokerError("provider_error", `the voucher is not a PDF (${what})${requestId ? ` (x-request-id ${requestId})` : ""}`);
}

export function isPdfContentType(value: string | null): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/pdf";
}

/**
 * Streams a PDF response into `dir/finalName` atomically: an O_EXCL 0600 temp file in the same
 * directory, fsync, a refusal if anything (a planted symlink included) already sits at the final
 * name, rename, fsync of the directory. On any failure the temp file is removed, so a bad download
 * leaves nothing behind.
 */
export async function writePdfAtomically(res: OpenResponse, dir: string, tempName: string, finalName: string, signal: AbortSignal): Promise<WrittenFile> {
  const tempPath = join(dir, tempName);
  let fh: FileHandle | undefined;
  try {
    if (!isPdfContentType(res.headers.get("content-type"))) throw notPdf("content type", res.requestId);
    if (declaredTooLarge(res.headers, MAX_VOUCHER_BYTES)) throw tooLarge(MAX_VOUCHER_BYTES);
    const declared = declaredLength(res.headers);
    fh = await open(tempPath, CREATE_FLAGS, 0o600);
    const hash = createHash("sha256");
    let head = Buffer.alloc(0);
    let size = 0;
    try {
      for await (const chunk of cappedChunks(res.body, MAX_VOUCHER_BYTES)) {
        if (head.length < PDF_SIGNATURE.length) {
          head = Buffer.concat([head, chunk]).subarray(0, PDF_SIGNATURE.length);
          if (!PDF_SIGNATURE.subarray(0, head.length).equals(head)) throw notPdf("signature", res.requestId);
        }
        hash.update(chunk);
        await fh.write(chunk);
        size += chunk.byteLength;
      }
    } catch (err) {
      throw streamError(err, signal, res.requestId);
    }
    if (head.length < PDF_SIGNATURE.length) throw notPdf("signature", res.requestId);
    if (declared !== undefined && declared !== size) throw streamError(new Error("body shorter than content-length"), signal, res.requestId);
    await fh.sync();
    await fh.close();
    fh = undefined;
    await refuseExisting(join(dir, finalName));
    await rename(tempPath, join(dir, finalName));
    await syncDir(dir);
    return { sizeBytes: size, sha256: hash.digest("hex") };
  } catch (err) {
    await fh?.close().catch(() => undefined);
    await unlink(tempPath).catch(() => undefined);
    await res.body.cancel().catch(() => undefined);
    throw err;
  }
}

export async function refuseExisting(path: string): Promise<void> {
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
export async function syncDir(dir: string): Promise<void> {
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

import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { toIsoTimestamp } from "../../../shared/time.js";
import { SAVED_VOUCHER_NAME } from "../../../shared/paths.js";

/** What save_voucher told about a file: its path, size and when the broker deletes it (no hash: it is not kept). */
export interface SavedVoucher {
  name: string;
  path: string;
  sizeBytes: number;
  expiresAt: string;
}

/**
 * The vouchers the broker saved that are still on disk (it deletes each at its TTL): only its own
 * file names and regular files, the latest first. Their deletion time is dated from the file's
 * mtime, as the broker's start-up sweep dates them: the OS clock, a few ms before save_voucher's.
 */
export async function savedVouchers(directory: string, ttlSeconds: number): Promise<SavedVoucher[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const found: SavedVoucher[] = [];
  for (const name of names) {
    if (!SAVED_VOUCHER_NAME.test(name)) continue;
    const info = await lstat(join(directory, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    found.push({ name, path: join(directory, name), sizeBytes: info.size, expiresAt: toIsoTimestamp(info.mtimeMs + ttlSeconds * 1000) });
  }
  return found.sort((a, b) => b.expiresAt.localeCompare(a.expiresAt));
}

export function voucherLine(v: SavedVoucher): string {
  return `${v.path} | ${v.sizeBytes} bytes | deleted at ${v.expiresAt}`;
}

import { lstat, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { err, ok, type Result } from "./result.js";

/** sun_path holds 108 bytes on Linux and 104 on macOS, one of them the terminating NUL. */
export const SUN_PATH_MAX_BYTES: Partial<Record<NodeJS.Platform, number>> = { linux: 107, darwin: 103 };
const SUN_PATH_FALLBACK = 103;

export function checkSocketPathLength(path: string, platform: NodeJS.Platform = process.platform): Result<void, string> {
  const max = SUN_PATH_MAX_BYTES[platform] ?? SUN_PATH_FALLBACK;
  const bytes = Buffer.byteLength(path, "utf8");
  if (bytes <= max) return ok(undefined);
  return err(`socket path is ${bytes} bytes; ${platform} allows at most ${max}. Choose a shorter TBANK_AUTH_BROKER_SOCKET`);
}

export type PrivateDirProblem = "missing" | "symlink" | "not_directory" | "foreign_owner" | "too_permissive" | "unreadable";

export type PrivateDirResult = Result<{ created: boolean }, { problem: PrivateDirProblem; message: string }>;

export interface PrivateDirOptions {
  /** Owner the directory must have; defaults to the current process uid. */
  uid?: number;
}

function currentUid(): number {
  return typeof process.getuid === "function" ? process.getuid() : -1;
}

/**
 * Checks that `dir` is ours alone: a real directory (not a symlink), owned by us, no group or other
 * bits. A looser directory is refused, never chmod'ed: someone may already have looked inside.
 */
export async function verifyPrivateDir(dir: string, opts: PrivateDirOptions = {}): Promise<PrivateDirResult> {
  const uid = opts.uid ?? currentUid();
  let info;
  try {
    info = await lstat(dir);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return err({ problem: missing ? "missing" : "unreadable", message: `${dir} ${missing ? "does not exist" : "cannot be inspected"}` });
  }
  if (info.isSymbolicLink()) return err({ problem: "symlink", message: `${dir} is a symbolic link; refusing to use it` });
  if (!info.isDirectory()) return err({ problem: "not_directory", message: `${dir} is not a directory` });
  if (uid >= 0 && info.uid !== uid) return err({ problem: "foreign_owner", message: `${dir} is owned by uid ${info.uid}, not ${uid}` });
  if ((info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8);
    return err({ problem: "too_permissive", message: `${dir} has mode ${mode}; it must be 0700. Fix it with chmod 700 after checking its contents` });
  }
  return ok({ created: false });
}

/** Creates `dir` with mode 0700 when missing (parents as needed), then verifies it. */
export async function ensurePrivateDir(dir: string, opts: PrivateDirOptions = {}): Promise<PrivateDirResult> {
  const first = await verifyPrivateDir(dir, opts);
  if (first.ok || first.error.problem !== "missing") return first;
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  try {
    // Not recursive: if another process created it meanwhile, verify theirs instead of trusting it.
    await mkdir(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return verifyPrivateDir(dir, opts);
  }
  const created = await verifyPrivateDir(dir, opts);
  return created.ok ? ok({ created: true }) : created;
}

/**
 * A voucher the broker saved (`broker/vouchers/names.ts` names them from a random id, never from
 * the order); the Hotels MCP lists the files of this shape as resources, nothing else in the directory.
 */
export const SAVED_VOUCHER_NAME = /^voucher-[A-Za-z0-9_-]{22}\.pdf$/;

import { lstat, unlink } from "node:fs/promises";
import { connect } from "node:net";
import { dirname } from "node:path";
import { ensurePrivateDir, checkSocketPathLength } from "../../shared/paths.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";

export type ExistingSocket = "none" | "stale_removed" | "live";

/** Tries to connect; a refusal means nobody listens there any more. */
export function probeSocket(path: string, timeoutMs = 1000): Promise<"live" | "refused" | "missing"> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (result: "live" | "refused" | "missing"): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    // A listener that accepts but never answers is still alive (a busy or stuck broker).
    const timer = setTimeout(() => done("live"), timeoutMs);
    socket.once("connect", () => done("live"));
    socket.once("error", (err: NodeJS.ErrnoException) => done(err.code === "ENOENT" ? "missing" : "refused"));
  });
}

/**
 * Makes the socket's directory private and decides what to do with whatever is at the socket
 * path. Call it under the start lock: a live socket belongs to another broker; a stale one is
 * removed. Anything that is not a socket is refused, never deleted.
 */
export async function prepareSocketPath(socketPath: string, platform: NodeJS.Platform = process.platform): Promise<ExistingSocket> {
  const length = checkSocketPathLength(socketPath, platform);
  if (!length.ok) throw new BrokerError("bad_request", length.error);
  const dir = await ensurePrivateDir(dirname(socketPath));
  if (!dir.ok) throw new BrokerError("bad_request", `socket directory refused: ${dir.error.message}`);
  let info;
  try {
    info = await lstat(socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw err;
  }
  if (!info.isSocket()) throw new BrokerError("bad_request", `${socketPath} exists and is not a socket; refusing to replace it`);
  const probe = await probeSocket(socketPath);
  if (probe === "live") return "live";
  await unlink(socketPath).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
  });
  return "stale_removed";
}

/** Identity of the socket file we created, to notice when someone replaces or removes it. */
export async function socketIdentity(socketPath: string): Promise<{ dev: number; ino: number } | undefined> {
  try {
    const info = await lstat(socketPath);
    return info.isSocket() ? { dev: info.dev, ino: info.ino } : undefined;
  } catch {
    return undefined;
  }
}

import { lstat } from "node:fs/promises";
import type { Socket } from "node:net";
import { dirname } from "node:path";
import { verifyPrivateDir } from "../paths.js";
import { createPeerCredentialReader, type PeerCredentialReader } from "../peer-cred.js";

export type UntrustedProblem = "directory_not_private" | "not_a_socket" | "socket_not_ours" | "peer_not_ours" | "peer_unverifiable";

/**
 * Something at the socket path may belong to another user, so nothing was sent to it. Not a wire
 * error, and not "unavailable": a launcher must not answer it by spawning a broker elsewhere.
 */
export class BrokerUntrustedError extends Error {
  override readonly name = "BrokerUntrustedError";
  constructor(
    readonly problem: UntrustedProblem,
    readonly socketPath: string,
    /** What was found, without the fix (doctor prints the two apart). */
    readonly finding: string,
    readonly fix: string = SOCKET_PATH_FIX,
  ) {
    super(`${finding}: ${fix}`);
  }
}

const SOCKET_PATH_FIX = "use a path in a directory only you can write: unset TBANK_AUTH_BROKER_SOCKET (the default is under your home), or point it into a directory of yours with mode 0700";

export interface SocketTrustOptions {
  uid?: number;
  readPeer?: PeerCredentialReader;
}

function currentUid(): number {
  return typeof process.getuid === "function" ? process.getuid() : -1;
}

/**
 * The broker's own rules, from the client's side, before connecting: a private directory (only we
 * and root can put a socket there) and a socket file we own. "absent" means no broker is there.
 */
export async function checkSocketPath(socketPath: string, opts: SocketTrustOptions = {}): Promise<"present" | "absent"> {
  const uid = opts.uid ?? currentUid();
  const dir = dirname(socketPath);
  const verdict = await verifyPrivateDir(dir, { uid });
  if (!verdict.ok) {
    // A missing directory is no attack: the broker creates it 0700 and refuses it if someone wins the race.
    if (verdict.error.problem === "missing") return "absent";
    throw new BrokerUntrustedError("directory_not_private", socketPath, `the socket directory ${dir} is not private to you (${verdict.error.message})`);
  }
  let info;
  try {
    info = await lstat(socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    throw err;
  }
  if (!info.isSocket()) throw new BrokerUntrustedError("not_a_socket", socketPath, `${socketPath} is not a socket`, `remove it after checking what it is, or ${SOCKET_PATH_FIX}`);
  if (uid >= 0 && info.uid !== uid) throw new BrokerUntrustedError("socket_not_ours", socketPath, `the socket ${socketPath} is owned by uid ${info.uid}, not you (${uid})`);
  return "present";
}

/**
 * The listening process's uid, read from the connected socket. Closes the race the file checks
 * leave (a directory swapped between the check and the connect). Fails closed when the uid cannot
 * be read, as the broker does: without it the broker does not start, so nothing legitimate is lost.
 */
export async function peerCheck(socketPath: string, opts: SocketTrustOptions = {}): Promise<(socket: Socket) => BrokerUntrustedError | undefined> {
  const uid = opts.uid ?? currentUid();
  let reader = opts.readPeer;
  let reason = "";
  if (!reader) {
    const built = await createPeerCredentialReader();
    reader = built.reader;
    reason = built.reason ? ` (${built.reason})` : "";
  }
  const read = reader;
  return (socket) => {
    const peer = read(socket);
    if (!peer) return new BrokerUntrustedError("peer_unverifiable", socketPath, `cannot tell which user listens at ${socketPath}${reason}`, "reinstall the package so its koffi dependency is installed (the broker needs it too)");
    if (peer.uid !== uid) return new BrokerUntrustedError("peer_not_ours", socketPath, `the socket ${socketPath} is served by a process of uid ${peer.uid} (pid ${peer.pid}), not by you (${uid})`);
    return undefined;
  };
}

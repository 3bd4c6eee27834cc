import { createRequire } from "node:module";
import type { Socket } from "node:net";

export interface PeerCredentials {
  pid: number;
  uid: number;
  gid: number;
}

/** Reads the credentials of the process at the other end of a Unix socket, or undefined. */
export type PeerCredentialReader = (socket: Socket) => PeerCredentials | undefined;

const SOL_SOCKET = 1;
const SO_PEERCRED = 17;

interface KoffiLike {
  load(path: string): { func(signature: string): (...args: unknown[]) => number };
  struct(name: string, def: Record<string, string>): unknown;
}

function socketFd(socket: Socket): number | undefined {
  // Node exposes no public accessor for a connected socket's descriptor; the pipe handle has it.
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === "number" && fd >= 0 ? fd : undefined;
}

type ReaderResult = { reader: PeerCredentialReader; available: boolean; reason?: string };

// koffi registers type names for the whole process, so the FFI setup happens once per process
// (a second broker started in the same process, as tests do, reuses it).
const readers = new Map<NodeJS.Platform, Promise<ReaderResult>>();

/**
 * Builds the reader for this platform: Linux getsockopt(SO_PEERCRED), macOS getpeereid. Returns a
 * reader that always answers undefined when the FFI package or the call is unavailable, so the
 * broker and its clients fail closed instead of trusting an unknown peer.
 */
export function createPeerCredentialReader(platform: NodeJS.Platform = process.platform): Promise<ReaderResult> {
  let reader = readers.get(platform);
  if (!reader) {
    reader = buildReader(platform);
    readers.set(platform, reader);
  }
  return reader;
}

/**
 * Why no reader could be built here, judged without loading koffi (the broker checks at start and
 * loads the reader with its first connection); undefined when one should be.
 */
export function peerReaderMissing(platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform !== "linux" && platform !== "darwin") return `peer credentials are not supported on ${platform}`;
  try {
    createRequire(import.meta.url).resolve("koffi");
    return undefined;
  } catch {
    return "the koffi package is not installed";
  }
}

async function buildReader(platform: NodeJS.Platform): Promise<ReaderResult> {
  let koffi: KoffiLike;
  try {
    const mod = (await import("koffi")) as { default?: KoffiLike } & KoffiLike;
    koffi = mod.default ?? mod;
  } catch {
    return { reader: () => undefined, available: false, reason: "the koffi package is not installed" };
  }
  try {
    if (platform === "linux") {
      const libc = koffi.load("libc.so.6");
      koffi.struct("tbank_ucred", { pid: "int32", uid: "uint32", gid: "uint32" });
      const getsockopt = libc.func("int getsockopt(int, int, int, _Out_ tbank_ucred *, _Inout_ uint32 *)");
      return {
        available: true,
        reader: (socket) => {
          const fd = socketFd(socket);
          if (fd === undefined) return undefined;
          const out: Partial<PeerCredentials> = {};
          const len = [12];
          if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, out, len) !== 0) return undefined;
          return typeof out.pid === "number" && typeof out.uid === "number" && typeof out.gid === "number" ? { pid: out.pid, uid: out.uid, gid: out.gid } : undefined;
        },
      };
    }
    if (platform === "darwin") {
      const libc = koffi.load("libSystem.B.dylib");
      const getpeereid = libc.func("int getpeereid(int, _Out_ uint32 *, _Out_ uint32 *)");
      return {
        available: true,
        reader: (socket) => {
          const fd = socketFd(socket);
          if (fd === undefined) return undefined;
          const uid = [0];
          const gid = [0];
          if (getpeereid(fd, uid, gid) !== 0 || uid[0] === undefined || gid[0] === undefined) return undefined;
          // getpeereid gives no pid; 0 marks it unknown in the audit log.
          return { pid: 0, uid: uid[0], gid: gid[0] };
        },
      };
    }
  } catch (err) {
    return { reader: () => undefined, available: false, reason: `peer credentials unavailable: ${err instanceof Error ? err.message : "unknown error"}` };
  }
  return { reader: () => undefined, available: false, reason: `peer credentials are not supported on ${platform}` };
}

import { unlink } from "node:fs/promises";
import type { Logger } from "../shared/logger.js";
import type { Role } from "../shared/protocol/common.js";
import type { OperationName } from "../shared/protocol/operations.js";
import { ensurePrivateDir } from "../shared/paths.js";
import { BrokerError } from "../shared/protocol/errors.js";
import type { Audit } from "./audit.js";
import { startSelfCheck } from "./lifecycle/self-check.js";
import { acquireStartLock } from "./lifecycle/start-lock.js";
import { createPeerCredentialReader, type PeerCredentialReader } from "./server/peer-cred.js";
import { createBrokerServer } from "./server/server.js";
import { prepareSocketPath, socketIdentity } from "./server/socket-setup.js";
import type { BrokerInfo, HandlerSource } from "./types.js";
import { verifiedByConstruction } from "./verification.js";
import type { Clock } from "../shared/time.js";

export interface BrokerParts {
  handlers: HandlerSource;
  /**
   * What the welcome lists as verified for a role: the last known result, never a provider call.
   * Without it only the operations that touch nothing outside the broker are verified.
   */
  verifiedOperations?: (role: Role) => readonly OperationName[];
  /** Deadlines longer than requestTimeoutMs for operations that wait on the person (writes). */
  operationTimeoutsMs?: Partial<Record<OperationName, number>>;
  /** Releases what the parts hold (session timers, voucher sweeps); called once on stop. */
  close(): Promise<void>;
}

export interface RunBrokerOptions {
  socketPath: string;
  stateDir: string;
  version: string;
  requestTimeoutMs: number;
  logger: Logger;
  audit: Audit;
  createParts(control: { requestStop: (reason: string) => void; info: BrokerInfo; audit: Audit }): Promise<BrokerParts>;
  readPeer?: PeerCredentialReader;
  allowedUid?: number;
  selfCheckIntervalMs?: number;
  idleTimeoutMs?: number;
  now?: Clock;
}

export type RunBrokerResult =
  | { kind: "running"; info: BrokerInfo; stop(reason: string): Promise<void>; stopped: Promise<string> }
  | { kind: "already_running"; version: string | undefined };

/**
 * Starts one broker: private state dir, start lock, socket path decision, listen, self-check.
 * Resolves once the socket accepts connections (the readiness a launcher waits for).
 */
export async function runBroker(opts: RunBrokerOptions): Promise<RunBrokerResult> {
  const now = opts.now ?? Date.now;
  const state = await ensurePrivateDir(opts.stateDir);
  if (!state.ok) throw new BrokerError("bad_request", `state directory refused: ${state.error.message}`);

  let readPeer = opts.readPeer;
  if (!readPeer) {
    const peer = await createPeerCredentialReader();
    // Without peer credentials every connection would be refused; say so at start instead.
    if (!peer.available) throw new BrokerError("internal", `cannot verify socket peers: ${peer.reason ?? "unavailable"}`);
    readPeer = peer.reader;
  }

  const lock = await acquireStartLock(opts.stateDir, opts.logger);
  let stopRequested: ((reason: string) => void) | undefined;
  let parts: BrokerParts | undefined;
  try {
    if ((await prepareSocketPath(opts.socketPath)) === "live") {
      await lock.release();
      return { kind: "already_running", version: await liveVersion(opts.socketPath, opts.version) };
    }
    const info: BrokerInfo = { version: opts.version, pid: process.pid, startedAt: now(), socketPath: opts.socketPath, connections: () => server.connections() };
    parts = await opts.createParts({ requestStop: (reason) => stopRequested?.(reason), info, audit: opts.audit });
    const server = createBrokerServer({
      socketPath: opts.socketPath,
      handlers: parts.handlers,
      brokerVersion: opts.version,
      verifiedOperations: parts.verifiedOperations ?? verifiedByConstruction,
      readPeer,
      allowedUid: opts.allowedUid ?? process.getuid?.() ?? -1,
      audit: opts.audit,
      requestTimeoutMs: opts.requestTimeoutMs,
      ...(parts.operationTimeoutsMs ? { operationTimeoutsMs: parts.operationTimeoutsMs } : {}),
      idleTimeoutMs: opts.idleTimeoutMs,
    });
    await server.listen();
    const identity = await socketIdentity(opts.socketPath);
    await lock.release();
    if (!identity) throw new BrokerError("internal", "the socket vanished right after listening");

    let resolveStopped!: (reason: string) => void;
    const stopped = new Promise<string>((resolve) => (resolveStopped = resolve));
    let stopping: Promise<void> | undefined;
    const stop = (reason: string): Promise<void> =>
      (stopping ??= (async () => {
        selfCheck.stop();
        await server.close();
        // Only our own socket is removed: a successor may already listen at the same path.
        const current = await socketIdentity(opts.socketPath);
        if (current && current.dev === identity.dev && current.ino === identity.ino) await unlink(opts.socketPath).catch(() => undefined);
        await parts?.close().catch((err: unknown) => opts.logger.warn({ err }, "closing broker parts failed"));
        opts.logger.info({ reason }, "broker stopped");
        resolveStopped(reason);
      })());
    // Deferred a moment so the reply to broker.stop leaves before the connections are closed.
    stopRequested = (reason) => void setTimeout(() => void stop(reason), 50);
    const selfCheck = startSelfCheck({
      socketPath: opts.socketPath,
      identity,
      intervalMs: opts.selfCheckIntervalMs,
      onLost: (reason) => {
        opts.logger.warn({ reason }, "socket path is no longer ours; stepping down");
        void stop(reason);
      },
    });
    opts.logger.info({ socketPath: opts.socketPath, version: opts.version }, "broker ready");
    return { kind: "running", info, stop, stopped };
  } catch (err) {
    await lock.release();
    await parts?.close().catch(() => undefined);
    throw err;
  }
}

async function liveVersion(socketPath: string, ourVersion: string): Promise<string | undefined> {
  try {
    // The client parses with every operation's schema: loaded only when another broker answers.
    const { connectBroker } = await import("../shared/protocol/client.js");
    const conn = await connectBroker({ socketPath, role: "toolkit", clientVersion: ourVersion, timeoutMs: 2000 });
    conn.close();
    return conn.welcome.brokerVersion;
  } catch {
    return undefined;
  }
}

import { unlink } from "node:fs/promises";
import type { LineLogger } from "../shared/line-logger.js";
import type { Role } from "../shared/protocol/common.js";
import type { OperationName } from "../shared/protocol/operations.js";
import { ensurePrivateDir } from "../shared/paths.js";
import { BrokerError } from "../shared/protocol/broker-error.js";
import type { Audit } from "./audit.js";
import { startSelfCheck } from "./lifecycle/self-check.js";
import { acquireStartLock } from "./lifecycle/start-lock.js";
import { peerReaderMissing, type PeerCredentialReader } from "../shared/peer-cred.js";
import { createListener, HELLO_TIMEOUT_MS, MAX_CONNECTIONS } from "./server/listener.js";
import type { ServingHalf } from "./serving-half.js";
import { prepareSocketPath, socketIdentity } from "./server/socket-setup.js";
import type { BrokerInfo, HandlerSource } from "./types.js";
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

/** How the stop reason starts when the serving half cannot load; the bin exits 1 on it. */
export const SERVING_FAILED = "cannot serve connections";

export interface RunBrokerOptions {
  socketPath: string;
  stateDir: string;
  version: string;
  requestTimeoutMs: number;
  /** Start and stop lines; the parts get the full logger when they load. */
  logger: LineLogger;
  audit: Audit;
  /** Called once, with the first connection (or at start with loadAtStart). */
  createParts(control: { requestStop: (reason: string) => void; info: BrokerInfo; audit: Audit }): Promise<BrokerParts>;
  /**
   * Builds the serving half before listening, so that what it opens (the write ledger) stops the
   * start when it cannot; otherwise the first connection loads it.
   */
  loadAtStart?: boolean;
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
 * Resolves once the socket accepts connections (the readiness a launcher waits for). An idle
 * broker holds the socket and nothing else: the peer check, the protocol, the session and the
 * operations load with the first connection (see serving-half.ts).
 */
export async function runBroker(opts: RunBrokerOptions): Promise<RunBrokerResult> {
  const now = opts.now ?? Date.now;
  const state = await ensurePrivateDir(opts.stateDir);
  if (!state.ok) throw new BrokerError("bad_request", `state directory refused: ${state.error.message}`);

  if (!opts.readPeer) {
    // Checked without loading koffi: a broker that could never verify a peer does not start.
    const missing = peerReaderMissing();
    if (missing) throw new BrokerError("internal", `cannot verify socket peers: ${missing}`);
  }

  const lock = await acquireStartLock(opts.stateDir, opts.logger);
  let stopRequested: ((reason: string) => void) | undefined;
  let parts: BrokerParts | undefined;
  try {
    if ((await prepareSocketPath(opts.socketPath)) === "live") {
      await lock.release();
      return { kind: "already_running", version: await liveVersion(opts.socketPath, opts.version) };
    }
    const info: BrokerInfo = { version: opts.version, pid: process.pid, startedAt: now(), socketPath: opts.socketPath, connections: () => listener.connections() };
    // Loaded once: a failure stops the broker (the listener refuses everyone meanwhile).
    let serving: Promise<ServingHalf> | undefined;
    const loadServing = (): Promise<ServingHalf> =>
      (serving ??= import("./serving-half.js").then((m) => m.createServingHalf({ ...opts, info, requestStop: (reason) => stopRequested?.(reason), maxConnections: MAX_CONNECTIONS, helloTimeoutMs: HELLO_TIMEOUT_MS })));
    if (opts.loadAtStart) parts = (await loadServing()).parts;
    const listener = createListener({
      socketPath: opts.socketPath,
      load: async () => (await loadServing()).acceptor,
      maxWaiting: MAX_CONNECTIONS,
      firstByteTimeoutMs: HELLO_TIMEOUT_MS,
      // Fail closed: nothing is served without the peer check; the broker stops rather than refuse every client.
      onLoadFailed: (err) => {
        opts.logger.error({ err }, SERVING_FAILED);
        stopRequested?.(`${SERVING_FAILED}: ${err instanceof Error ? err.message : String(err)}`);
      },
    });
    await listener.listen();
    const identity = await socketIdentity(opts.socketPath);
    await lock.release();
    if (!identity) throw new BrokerError("internal", "the socket vanished right after listening");

    let resolveStopped!: (reason: string) => void;
    const stopped = new Promise<string>((resolve) => (resolveStopped = resolve));
    let stopping: Promise<void> | undefined;
    const stop = (reason: string): Promise<void> =>
      (stopping ??= (async () => {
        selfCheck.stop();
        const closing = listener.close();
        // A load still running when the stop came is waited for, so what it built is closed too.
        const half = await serving?.catch(() => undefined);
        await half?.acceptor.close();
        await closing;
        // Only our own socket is removed: a successor may already listen at the same path.
        const current = await socketIdentity(opts.socketPath);
        if (current && current.dev === identity.dev && current.ino === identity.ino) await unlink(opts.socketPath).catch(() => undefined);
        await half?.parts.close().catch((err: unknown) => opts.logger.warn({ err }, "closing broker parts failed"));
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

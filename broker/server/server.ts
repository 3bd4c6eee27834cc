import { setMaxListeners } from "node:events";
import type { Socket } from "node:net";
import type { Role } from "../../shared/protocol/common.js";
import { serializeMessage } from "../../shared/protocol/envelope.js";
import { BrokerError, toErrorReply } from "../../shared/protocol/broker-error.js";
import type { OperationName } from "../../shared/protocol/operation-names.js";
import type { Audit } from "../audit.js";
import type { HandlerSource } from "../types.js";
import { serveConnection, type ConnectionOptions } from "./connection.js";
import { DeadlineSweeper, tickFor } from "./deadlines.js";
import type { Acceptor } from "./listener.js";
import { lazyRunner, type LazyRunner } from "./lazy-runner.js";
import type { PeerCredentialReader } from "./peer-cred.js";
import { ResponseWriter } from "./response-writer.js";
import type { Clock } from "../../shared/time.js";

export interface ConnectionHandlerOptions {
  /** A deferred source is loaded by the first request, with the protocol's operation schemas. */
  handlers: HandlerSource;
  brokerVersion: string;
  verifiedOperations: (role: Role) => readonly OperationName[];
  readPeer: PeerCredentialReader;
  /** Only this uid may talk to the broker (the broker's own). */
  allowedUid: number;
  audit: Audit;
  requestTimeoutMs: number;
  /** Operations with a deadline of their own (an execute waits for the person, then the provider). */
  operationTimeoutsMs?: Partial<Record<OperationName, number>>;
  idleTimeoutMs?: number;
  /** MAX_CONNECTIONS and HELLO_TIMEOUT_MS (listener.ts) in the broker; passed in so the listener stays out of this chunk. */
  maxConnections: number;
  helloTimeoutMs: number;
  maxInFlightPerConnection?: number;
  maxQueuedBytesPerConnection?: number;
  now?: Clock;
}

export const IDLE_TIMEOUT_MS = 60_000;
// Several maximum-size (1 MiB) replies: a client that reads slowly still gets them all, one that
// never reads is dropped instead of growing the broker.
export const MAX_QUEUED_BYTES_PER_CONNECTION = 8 * 1024 * 1024;

export interface ConnectionHandler extends Acceptor {
  readonly maxConnections: number;
  stats(): { queuedBytes: number; pausedConnections: number };
}

/** The serving half: peer check, connection limit, hello, requests. */
export function createConnectionHandler(opts: ConnectionHandlerOptions): ConnectionHandler {
  const sockets = new Set<Socket>();
  const maxConnections = opts.maxConnections;
  const stopping = new AbortController();
  // Every connection listens for the stop; the default cap of 10 listeners would warn at the 11th.
  setMaxListeners(maxConnections + 1, stopping.signal);
  const writer = new ResponseWriter();
  const now = opts.now ?? performance.now.bind(performance);
  const deadlines = new DeadlineSweeper(tickFor(opts.requestTimeoutMs), now);
  const helloTimeoutMs = opts.helloTimeoutMs;
  const runner = deferredRunner(opts.handlers);
  const busyLine = serializeMessage({ type: "error", error: toErrorReply(new BrokerError("busy", `the broker is at its limit of ${maxConnections} connections: try again in a moment`)) });
  const connection: Omit<ConnectionOptions, "peer"> = {
    run: runner.run,
    welcomed: runner.preload,
    runnerLoading: runner.loading,
    brokerVersion: opts.brokerVersion,
    verifiedOperations: opts.verifiedOperations,
    requestTimeoutMs: opts.requestTimeoutMs,
    operationTimeoutsMs: opts.operationTimeoutsMs ?? {},
    deadlines,
    writer,
    idleTimeoutMs: opts.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    helloTimeoutMs,
    maxInFlight: opts.maxInFlightPerConnection ?? 16,
    maxQueuedBytes: opts.maxQueuedBytesPerConnection ?? MAX_QUEUED_BYTES_PER_CONNECTION,
    audit: opts.audit,
    stopping: stopping.signal,
    now,
  };

  const accept = (socket: Socket): void => {
    const peer = opts.readPeer(socket);
    // Fail closed: a peer we cannot identify is treated like a stranger.
    if (peer === undefined || peer.uid !== opts.allowedUid) {
      opts.audit.record({ event: "connection_refused", peer, outcome: peer === undefined ? "peer_unknown" : "foreign_uid" });
      socket.destroy();
      return;
    }
    if (sockets.size >= maxConnections) {
      opts.audit.record({ event: "connection_refused", peer, outcome: "busy" });
      return refuseBusy(socket, busyLine, helloTimeoutMs);
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    serveConnection(socket, { ...connection, peer });
    // Sockets arrive paused (see listener.ts) and are read only once served.
    socket.resume();
  };

  return {
    maxConnections,
    accept,
    close: () => {
      stopping.abort();
      deadlines.close();
      // Replies already made (broker.stop's own, say) still go out before the connections close.
      writer.flush();
      for (const socket of sockets) socket.destroy();
      return Promise.resolve();
    },
    connections: () => sockets.size,
    stats: () => socketStats(sockets),
  };
}

/** Runs operations from the handlers, loading them and their schemas with the first hello or request. */
function deferredRunner(source: HandlerSource): LazyRunner {
  return lazyRunner(async () => {
    const [{ checkedRunner }, handlers] = await Promise.all([import("./run-operation.js"), "load" in source ? source.load() : source]);
    return checkedRunner(handlers);
  });
}

/**
 * Says "busy" rather than closing silently, which clients took for "no broker" and started another.
 * end() lets the line arrive before the client's hello could meet a closed socket; its input is
 * discarded, and the timer bounds how long it may linger outside the count.
 */
function refuseBusy(socket: Socket, busyLine: string, lingerMs: number): void {
  socket.on("error", () => socket.destroy());
  socket.end(busyLine);
  socket.resume();
  setTimeout(() => socket.destroy(), lingerMs).unref();
}

function socketStats(sockets: ReadonlySet<Socket>): { queuedBytes: number; pausedConnections: number } {
  let queuedBytes = 0;
  let pausedConnections = 0;
  for (const socket of sockets) {
    queuedBytes += socket.writableLength;
    if (socket.isPaused()) pausedConnections++;
  }
  return { queuedBytes, pausedConnections };
}

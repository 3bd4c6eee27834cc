import { chmod } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { BrokerError, toErrorReply } from "../../shared/protocol/broker-error.js";

/** Connections served at once; more are told "busy". */
export const MAX_CONNECTIONS = 64;
// Long enough for a client on a loaded machine (the hello is its first write after connecting),
// short enough that holding every slot with half a hello costs a reconnect every few seconds.
export const HELLO_TIMEOUT_MS = 5_000;

/** The serving half: peer check, protocol, operations (broker/server/server.ts). */
export interface Acceptor {
  /** Takes over an accepted socket, which arrives paused. */
  accept(socket: Socket): void;
  /** Aborts in-flight work and destroys every connection it took. */
  close(): Promise<void>;
  connections(): number;
}

export interface ListenerOptions {
  socketPath: string;
  /** Loads the serving half; called once, when a held connection first speaks. */
  load: () => Promise<Acceptor>;
  /** Connections held while the serving half loads; more are closed at once. */
  maxWaiting: number;
  /** A connection that sends nothing for this long before the serving half loads is closed. */
  firstByteTimeoutMs: number;
  /** The serving half could not load: the held connections are closed, and later ones will be. */
  onLoadFailed: (err: unknown) => void;
}

export interface Listener {
  listen(): Promise<void>;
  close(): Promise<void>;
  connections(): number;
}

/**
 * The socket an idle broker holds, and nothing else: what serves a connection (koffi for the peer
 * check, zod for the protocol, the session) loads when the first connection sends its first bytes,
 * so a check that only connects loads nothing. Until then each connection is read up to its first
 * chunk, which is put back; those that spoke go to the serving half in arrival order, and one that
 * is still silent when it has loaded goes when it speaks.
 */
export function createListener(opts: ListenerOptions): Listener {
  let acceptor: Acceptor | undefined;
  let loading: Promise<void> | undefined;
  let failed = false;
  // Connections the listener still holds: silent ones until they speak, the others until the
  // serving half has loaded. Insertion order is arrival order.
  const waiting = new Set<Socket>();
  const spoke = new WeakSet<Socket>();
  const handOver = (socket: Socket, to: Acceptor): void => {
    waiting.delete(socket);
    if (!socket.destroyed) to.accept(socket);
  };
  const load = (): Promise<void> =>
    (loading ??= opts.load().then(
      (loaded) => {
        acceptor = loaded;
        for (const socket of waiting) if (spoke.has(socket)) handOver(socket, loaded);
      },
      (err: unknown) => {
        // Fail closed for good: the broker stops, and nothing is served meanwhile.
        failed = true;
        for (const socket of waiting) socket.destroy();
        waiting.clear();
        opts.onLoadFailed(err);
      },
    ));
  const hold = (socket: Socket): void => {
    waiting.add(socket);
    socket.on("error", () => socket.destroy());
    const silent = setTimeout(() => socket.destroy(), opts.firstByteTimeoutMs);
    socket.once("close", () => {
      clearTimeout(silent);
      waiting.delete(socket);
    });
    socket.once("data", (chunk: Buffer) => {
      clearTimeout(silent);
      // Held, not read: the serving half gets the bytes first when it takes the socket.
      socket.pause();
      socket.unshift(chunk);
      spoke.add(socket);
      if (acceptor) handOver(socket, acceptor);
      else void load();
    });
    socket.resume();
  };
  const server: Server = createServer({ allowHalfOpen: false, pauseOnConnect: true }, (socket) => {
    if (failed) return void socket.destroy();
    if (acceptor) return acceptor.accept(socket);
    if (waiting.size >= opts.maxWaiting) return refuseBusy(socket, opts.maxWaiting, opts.firstByteTimeoutMs);
    hold(socket);
  });
  return {
    listen: () => listenPrivately(server, opts.socketPath),
    // Stops accepting and drops the held connections; the serving half's own are its owner's to close.
    close: () => {
      for (const socket of waiting) socket.destroy();
      waiting.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
    connections: () => waiting.size + (acceptor?.connections() ?? 0),
  };
}

/**
 * Says "busy" as the serving half does (a silent close made clients take it for no broker and
 * start another), built without the protocol's schemas.
 */
function refuseBusy(socket: Socket, max: number, lingerMs: number): void {
  const error = toErrorReply(new BrokerError("busy", `the broker is at its limit of ${max} connections: try again in a moment`));
  socket.on("error", () => socket.destroy());
  socket.end(`${JSON.stringify({ type: "error", error })}\n`);
  socket.resume();
  setTimeout(() => socket.destroy(), lingerMs).unref();
}

function listenPrivately(server: Server, socketPath: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      // The directory is already 0700; the socket is tightened too, before anyone is served.
      chmod(socketPath, 0o600).then(resolve, reject);
    });
  });
}

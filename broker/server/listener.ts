import { chmod } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";

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
  /** Loads the serving half; called at each connection until it succeeds. */
  load: () => Promise<Acceptor>;
  /** Connections held while the serving half loads; more are closed at once. */
  maxWaiting: number;
  /** A connection that sends nothing for this long before the serving half loads is closed. */
  firstByteTimeoutMs: number;
  /** The serving half could not load: the connections that waited for it are already closed. */
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
 * so a launcher probing whether anything listens loads nothing. Until then each connection is read
 * up to its first chunk, which is put back; they go to the serving half in arrival order.
 */
export function createListener(opts: ListenerOptions): Listener {
  let acceptor: Acceptor | undefined;
  let loading: Promise<void> | undefined;
  const waiting = new Set<Socket>();
  const load = (): Promise<void> =>
    (loading ??= opts.load().then(
      (loaded) => {
        acceptor = loaded;
        for (const socket of waiting) if (!socket.destroyed) loaded.accept(socket);
        waiting.clear();
      },
      (err: unknown) => {
        loading = undefined;
        for (const socket of waiting) socket.destroy();
        waiting.clear();
        opts.onLoadFailed(err);
      },
    ));
  const server: Server = createServer({ allowHalfOpen: false, pauseOnConnect: true }, (socket) => {
    if (acceptor) return acceptor.accept(socket);
    if (waiting.size >= opts.maxWaiting) return void socket.destroy();
    waiting.add(socket);
    socket.on("error", () => socket.destroy());
    socket.once("close", () => waiting.delete(socket));
    const silent = setTimeout(() => socket.destroy(), opts.firstByteTimeoutMs);
    socket.once("data", (chunk: Buffer) => {
      clearTimeout(silent);
      // Held, not read: the serving half gets the bytes first when it takes the socket.
      socket.pause();
      socket.unshift(chunk);
      void load();
    });
    socket.once("close", () => clearTimeout(silent));
    socket.resume();
  });
  return {
    listen: () => listenPrivately(server, opts.socketPath),
    close: async () => {
      for (const socket of waiting) socket.destroy();
      waiting.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        void acceptor?.close();
      });
    },
    connections: () => waiting.size + (acceptor?.connections() ?? 0),
  };
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

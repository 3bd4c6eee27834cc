import { createListener, HELLO_TIMEOUT_MS, MAX_CONNECTIONS } from "../../../broker/server/listener.js";
import { createConnectionHandler, type ConnectionHandlerOptions } from "../../../broker/server/server.js";

export type BrokerServerOptions = Omit<ConnectionHandlerOptions, "maxConnections" | "helloTimeoutMs"> & { socketPath: string; maxConnections?: number; helloTimeoutMs?: number };

/** The connection handler behind a listener, loaded at once: the server without the broker around it. */
export function createBrokerServer(opts: BrokerServerOptions) {
  const handler = createConnectionHandler({ ...opts, maxConnections: opts.maxConnections ?? MAX_CONNECTIONS, helloTimeoutMs: opts.helloTimeoutMs ?? HELLO_TIMEOUT_MS });
  const listener = createListener({
    socketPath: opts.socketPath,
    load: () => Promise.resolve(handler),
    maxWaiting: handler.maxConnections,
    firstByteTimeoutMs: opts.helloTimeoutMs ?? HELLO_TIMEOUT_MS,
    onLoadFailed: () => undefined,
  });
  return {
    listen: () => listener.listen(),
    close: async () => {
      const closing = listener.close();
      await handler.close();
      await closing;
    },
    connections: () => handler.connections(),
    stats: () => handler.stats(),
  };
}

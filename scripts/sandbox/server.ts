import { createServer, type Server } from "node:http";
import { setMaxListeners } from "node:events";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createSandboxApp } from "./app.js";
import type { FaultTable } from "./faults.js";
import type { RouteDef } from "./http.js";

export interface Dispatcher {
  server: Server;
  counts: Map<string, number>;
  /** The most requests answered at once since the last `resetPeak()`. */
  peakInFlight(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

/** One HTTP server for every sandbox sub-API: the Hono app of app.ts on node:http, with its in-flight count. */
export function createDispatcher(opts: { apis: Record<string, readonly RouteDef[]>; faults: FaultTable; canary: string | undefined; origin: () => string }): Dispatcher {
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const closing = new AbortController();
  // Every answer held back by a latency fault listens on it: hundreds at once under bench:http's load.
  setMaxListeners(0, closing.signal);
  let inFlight = 0;
  let peak = 0;

  const app = createSandboxApp({ ...opts, counts, closing: closing.signal });
  // No global Request/Response swap: the sandbox runs inside test processes and the CLI.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const server = createServer((req, res) => {
    peak = Math.max(peak, ++inFlight);
    res.once("close", () => inFlight--);
    void listener(req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return {
    server,
    counts,
    peakInFlight: () => peak,
    resetPeak: () => void (peak = inFlight),
    close: async () => {
      closing.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

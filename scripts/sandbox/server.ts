import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setMaxListeners } from "node:events";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { FaultTable } from "./faults.js";
import { compileRoute, json, matchRoute, providerError, type RouteDef, type SandboxResponse } from "./http.js";

const MAX_REQUEST_BODY = 1024 * 1024;

export interface Dispatcher {
  server: Server;
  counts: Map<string, number>;
  /** The most requests answered at once since the last `resetPeak()`. */
  peakInFlight(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

const ERROR_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

/** One HTTP server for every sandbox module: routing, counters, faults, body limits. */
export function createDispatcher(opts: {
  routes: RouteDef[];
  faults: FaultTable;
  canary: string | undefined;
  origin: () => string;
}): Dispatcher {
  const routes = opts.routes.map(compileRoute);
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const abort = new AbortController();
  // Every answer held back by a latency fault listens on it: hundreds at once under bench:http's load.
  setMaxListeners(0, abort.signal);
  let nextRequest = 1;
  let inFlight = 0;
  let peak = 0;

  const errorBody = (status: number, requestId: string): SandboxResponse =>
    // Real provider error bodies carry internals; the canary stands in for them in tests.
    providerError(status, ERROR_CODES[status] ?? `http_${status}`, `simulated upstream failure${opts.canary ? ` trace=${opts.canary}` : ""}`, requestId);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = performance.now();
    const requestId = `sbx-${(nextRequest++).toString(16).padStart(6, "0")}`;
    const url = new URL(req.url ?? "/", opts.origin());
    const body = await readBody(req);
    if (body === undefined) return write(res, providerError(413, "payload_too_large", "request body too large", requestId));
    const match = matchRoute(routes, req.method ?? "GET", url.pathname);
    if (!match.route) {
      return write(res, match.methodMismatch ? providerError(405, "method_not_allowed", "method not allowed", requestId) : providerError(404, "not_found", "no such route", requestId));
    }
    const { route, params } = match;
    counts.set(route.id, (counts.get(route.id) ?? 0) + 1);
    const fault = opts.faults.take(route.id);
    switch (fault?.kind) {
      case "latency":
        break; // applied below, once the answer is ready
      case "status":
        return write(res, errorBody(fault.status, requestId));
      case "rate_limit":
        return write(res, { ...errorBody(429, requestId), headers: { "retry-after": String(fault.retryAfterSeconds), "x-request-id": requestId } });
      case "hang":
        return; // the socket stays open until the client gives up or the sandbox closes
      case "redirect":
        return write(res, { status: 302, headers: { location: fault.location ?? `${opts.origin()}/_sandbox/redirected` }, body: "", contentType: "text/plain" });
      default:
        break;
    }
    let response: SandboxResponse;
    try {
      response = await route.handler({ method: req.method ?? "GET", url, params, headers: req.headers, rawBody: body, requestId });
    } catch {
      response = errorBody(500, requestId);
    }
    response = { ...response, headers: { "x-request-id": requestId, ...response.headers } };
    if (fault?.kind === "latency") {
      // The route answers `ms` after the request arrived, its own work included: a provider that
      // takes 50 ms per page, not 50 ms plus however long this simulator needed.
      const wait = fault.ms - (performance.now() - arrived);
      if (wait > 0) await sleep(wait, undefined, { signal: abort.signal }).catch(() => undefined);
    }
    switch (fault?.kind) {
      case "truncated":
        return writeTruncated(res, response);
      case "oversized":
        return writeOversized(res, response, fault.bytes);
      case "content_type":
        return write(res, { ...response, contentType: fault.contentType });
      case "not_pdf":
        return write(res, { ...response, body: "<html><body>Not a voucher</body></html>" });
      case "lost_response":
        res.destroy();
        return;
      default:
        return write(res, response);
    }
  }

  const redirectTarget: RouteDef = { id: "redirect_target", method: "GET", path: "/_sandbox/redirected", handler: () => json(200, { redirected: true }) };
  routes.push(compileRoute(redirectTarget));

  const server = createServer((req, res) => {
    peak = Math.max(peak, ++inFlight);
    res.once("close", () => inFlight--);
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
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
      abort.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(response: SandboxResponse, length: number): Record<string, string | number> {
  return { ...response.headers, "content-type": response.contentType, "content-length": length };
}

function write(res: ServerResponse, response: SandboxResponse): void {
  const body = typeof response.body === "string" ? Buffer.from(response.body, "utf8") : response.body;
  res.writeHead(response.status, headersOf(response, body.length));
  res.end(body);
}

/** Announces the full length, sends half, then cuts the connection. */
function writeTruncated(res: ServerResponse, response: SandboxResponse): void {
  const body = typeof response.body === "string" ? Buffer.from(response.body, "utf8") : response.body;
  res.writeHead(response.status, headersOf(response, body.length));
  res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => res.socket?.destroy());
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

/** Streams `bytes` of a well-formed-looking body in chunks, so a client must cap while reading. */
async function writeOversized(res: ServerResponse, response: SandboxResponse, bytes: number): Promise<void> {
  const pdf = response.contentType.includes("pdf");
  const head = Buffer.from(pdf ? "%PDF-1.4\n%" : '{"padding":"');
  const tail = Buffer.from(pdf ? "\n%%EOF\n" : '"}');
  res.writeHead(response.status, headersOf(response, bytes));
  res.write(head);
  let left = bytes - head.length - tail.length;
  const chunk = Buffer.alloc(64 * 1024, pdf ? 0x20 : 0x61);
  while (left > 0 && !res.destroyed) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!res.write(part)) await drained(res);
  }
  if (!res.destroyed) res.end(tail);
}

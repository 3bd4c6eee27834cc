import { randomBytes as nodeRandomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { getRequestListener, RequestError } from "@hono/node-server";
import { nullLogger, type Logger } from "../../shared/logger.js";
import type { Clock } from "../../shared/time.js";
import { createApprovalApp, MISDIRECTED, NOT_FOUND, pageResponse } from "./approval-app.js";
import type { ApprovalPageServer, ApprovalRegistry } from "./approvals.js";

// The loopback approval page: the second channel (beside `tbank-mcp approve`) through which the
// person approves one write. The model receives the one-time URL, so the page is built on the
// assumption that the model can read it: a GET only ever shows, and only a same-origin form POST
// carrying a nonce from a rendered page decides. Other local pages are kept out by the Host check
// (DNS rebinding), the Sec-Fetch-Site / Origin checks (other origins' form posts and fetches), the
// Sec-Fetch-Mode/Dest/User checks (a service worker or script on this origin), the nonce (a form
// forged without reading the page) and the CSP/framing headers (clickjacking). The checks are
// middlewares of the app in approval-app.ts; this module only serves it on loopback.

export interface ApprovalPageOptions {
  host?: "127.0.0.1";
  port?: number;
  now?: Clock;
  logger?: Logger;
  randomBytes?: (n: number) => Buffer;
}

export async function startApprovalPage(registry: ApprovalRegistry, opts: ApprovalPageOptions = {}): Promise<ApprovalPageServer> {
  const host = opts.host ?? "127.0.0.1";
  const logger = opts.logger ?? nullLogger;
  let expectedHost = "";
  const app = createApprovalApp(registry, { host: () => expectedHost, nonceKey: (opts.randomBytes ?? nodeRandomBytes)(32), ...(opts.now ? { now: opts.now } : {}), logger });
  // No global Request/Response swap inside the broker; a request the adapter cannot turn into a
  // URL (missing or malformed Host, a malformed target) is refused as the app would refuse it.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false, errorHandler: (err) => pageResponse(err instanceof RequestError && /host/i.test(err.message) ? MISDIRECTED : NOT_FOUND) });
  const answering = new WeakMap<Duplex, ServerResponse>();
  const server = createServer((req, res) => {
    answering.set(req.socket, res);
    res.once("close", () => answering.delete(req.socket));
    void listener(req, res);
  });
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(err, socket, answering.get(socket)));
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  expectedHost = `${host}:${port}`;
  logger.info({ event: "approval_page_listening", port }, "the approval page listens on loopback");

  return {
    urlFor: (token) => `http://${expectedHost}/approve/${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

// How long the app's answer to the request before may take to finish once Node has seen bytes after
// a `Connection: close` request; past it the socket goes, as Node would have closed it at once.
const IN_FLIGHT_GRACE_MS = 1_000;

/**
 * Node's own answer to a malformed request, and the socket closed at once: with a clientError
 * listener Node closes nothing itself, so a request timeout or a broken body would otherwise hold
 * the socket open. One exception: bytes sent after a complete `Connection: close` request (a body
 * without a length) are a parse error at once, and Node would write its 400 before the app's answer,
 * a few ticks later, is ready; that answer gets a short grace.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, inFlight: ServerResponse | undefined, graceMs = IN_FLIGHT_GRACE_MS): void {
  if (err.code === "HPE_CLOSED_CONNECTION" && inFlight && !inFlight.writableFinished) {
    const timer = setTimeout(() => socket.destroy(err), graceMs);
    timer.unref();
    inFlight.once("close", () => {
      clearTimeout(timer);
      socket.destroy(err);
    });
    return;
  }
  if (socket.writable && !inFlight?.headersSent) socket.write(`HTTP/1.1 ${NODE_ANSWERS[err.code ?? ""] ?? "400 Bad Request"}\r\nConnection: close\r\n\r\n`);
  socket.destroy(err);
}

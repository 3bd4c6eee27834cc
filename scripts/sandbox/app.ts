import type { IncomingHttpHeaders } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { answer, type SandboxEnv } from "./answer.js";
import { injectFaults } from "./fault-middleware.js";
import type { FaultTable } from "./faults.js";
import { errorBody, json, providerError, toResponse, writeWhole, type RouteDef, type SandboxResponse } from "./http.js";

const MAX_REQUEST_BODY = 1024 * 1024;

export interface SandboxAppOptions {
  /** Each sub-API's routes (identity, hotels, banking), mounted in this order. */
  apis: Record<string, readonly RouteDef[]>;
  faults: FaultTable;
  canary: string | undefined;
  origin: () => string;
  counts: Map<string, number>;
  /** Aborted when the sandbox closes: held-back answers stop waiting. */
  closing: AbortSignal;
}

/** Numbers every request (sbx-000001…) and notes when it arrived, for latency faults. */
function requestIds(): MiddlewareHandler<SandboxEnv> {
  let next = 1;
  return async (c, run) => {
    c.set("arrived", performance.now());
    c.set("requestId", `sbx-${(next++).toString(16).padStart(6, "0")}`);
    await run();
  };
}

/**
 * Sends the answer the routes and faults settled on: on a socket with node:http's own writes (the
 * same bytes as always, and a fault may cut them), in-process as a web Response.
 */
const deliver: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  await next();
  const settled = c.get("answer");
  if (settled === undefined) return;
  const outgoing = c.env?.outgoing;
  c.res = undefined; // c.res would merge PENDING's headers into the answer
  // In-process there is no socket to hang, cut or overfill: the answer goes out whole.
  if (outgoing === undefined) return void (c.res = toResponse(settled));
  await (c.get("writer") ?? writeWhole)(outgoing, settled);
  c.res = RESPONSE_ALREADY_SENT;
};

/** Reads the whole request body before routing, as the provider does; past the cap, 413. */
const bodyCap: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const incoming = c.env?.incoming;
  const body = incoming ? await readBody(incoming) : Buffer.from(await c.req.arrayBuffer());
  if (body === undefined || body.length > MAX_REQUEST_BODY) return answer(c, providerError(413, "payload_too_large", "request body too large", c.get("requestId")));
  c.set("body", body);
  return next();
};

/** One route: counted by id, faults applied around it, a thrown handler answered as a provider 500. */
function mount(app: Hono<SandboxEnv>, def: RouteDef, opts: SandboxAppOptions): void {
  // Hono serves HEAD through GET routes; the provider answers it 405.
  const sameMethod: MiddlewareHandler<SandboxEnv> = async (c, next) => (c.req.method === def.method ? next() : methodNotAllowed(c));
  const count: MiddlewareHandler<SandboxEnv> = async (_c, next) => {
    opts.counts.set(def.id, (opts.counts.get(def.id) ?? 0) + 1);
    await next();
  };
  app.on(def.method, def.path, sameMethod, count, injectFaults(def.id, opts), async (c) => {
    const requestId = c.get("requestId");
    let response: SandboxResponse;
    try {
      const req = { method: def.method, url: new URL(target(c), opts.origin()), params: c.req.param(), headers: headersOf(c), rawBody: c.get("body"), requestId };
      response = await def.handler(req);
    } catch {
      response = errorBody(500, requestId, opts.canary);
    }
    return answer(c, { ...response, headers: { "x-request-id": requestId, ...response.headers } });
  });
}

export function createSandboxApp(opts: SandboxAppOptions): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.use(requestIds(), deliver, bodyCap);
  for (const routes of Object.values(opts.apis)) {
    const api = new Hono<SandboxEnv>();
    for (const def of routes) mount(api, def, opts);
    app.route("/", api);
  }
  const redirectTarget: RouteDef = { id: "redirect_target", method: "GET", path: "/_sandbox/redirected", handler: () => json(200, { redirected: true }) };
  mount(app, redirectTarget, opts);
  // A known path under another method is 405, once every route had its chance.
  const paths = new Set([...Object.values(opts.apis).flat(), redirectTarget].map((r) => r.path));
  for (const path of paths) app.all(path, methodNotAllowed);
  app.notFound((c) => answer(c, providerError(404, "not_found", "no such route", c.get("requestId"))));
  // A writer that failed: a bare 500 if nothing was sent yet, else the connection is cut.
  app.onError((_err, c) => {
    const outgoing = c.env?.outgoing;
    if (!outgoing?.headersSent) return new Response(null, { status: 500 });
    outgoing.destroy();
    return RESPONSE_ALREADY_SENT;
  });
  return app;
}

function methodNotAllowed(c: Context<SandboxEnv>): Response {
  return answer(c, providerError(405, "method_not_allowed", "method not allowed", c.get("requestId")));
}

/** The request target as sent; in-process, the path and query of the test's URL. */
function target(c: Context<SandboxEnv>): string {
  const sent = c.env?.incoming?.url;
  if (sent !== undefined) return sent;
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

function headersOf(c: Context<SandboxEnv>): IncomingHttpHeaders {
  return c.env?.incoming?.headers ?? Object.fromEntries(c.req.raw.headers.entries());
}

async function readBody(req: AsyncIterable<Buffer>): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ToolkitConfig } from "../../../shared/config/types.js";
import { nullLogger, type Logger } from "../../../shared/logger.js";
import { TOOLKIT_VERSION } from "../../../shared/version.js";
import type { SharedStore } from "../store/types.js";
import { createHotelsServer } from "../server.js";
import type { FetchLike } from "../provider/index.js";
import { setNewest } from "../../../shared/bounded-map.js";
import { readBody } from "../../../shared/http/request-body.js";
import type { HttpAuthenticator, Principal, ToolCallLimiter } from "./contract.js";
import { allowedHostValues, corsHeaders, hostAllowed, isLoopbackHost, credentialInTarget, loggedPath, originAllowed, preflightHeaders } from "./hygiene.js";
import { INVALID_REQUEST, jsonRpcError, PARSE_ERROR, rateLimitedResult, SERVER_ERROR, toolCallsIn } from "./jsonrpc.js";
import { LANDING_CSP, landingPage, preferredLang } from "./landing.js";
import { createHttpMetrics, statusLabel, toolLabeler } from "./metrics.js";
import { createMcpPool } from "./mcp-pool.js";
import { Readiness } from "./readiness.js";
import { notServedRemotely, remoteToolkitConfig } from "./remote-config.js";
import { HTTP_REQUESTS_PER_TOOL_CALL, RequestGuard } from "./request-guard.js";
import { ProviderWaitMeter } from "../../../shared/http/provider-wait.js";

// The remote Hotels MCP (issue 17): one process-wide setup (provider client, caches, catalog,
// journeys through the shared store), a stateless Streamable HTTP endpoint at /mcp, and the routes
// around it. Every request passes, in order: no key in the URL, Host (DNS rebinding), Origin, auth,
// the per-client HTTP guard, the body cap, the tool-call limit; then the MCP server answers.

export interface HotelsHttpDeps {
  fetch?: FetchLike;
  now?: () => number;
  random?: (bytes: number) => Buffer;
  today?: () => string;
  /** Request lines (info) and failures; never keys, tokens or bodies. */
  logger?: Logger;
  /** One line for a person on stderr: the toolsets this mode leaves out. */
  warn?: (message: string) => void;
  /** Whether TBANK_HOTELS_TOOLSETS was set (unset: journey and lowlevel). */
  explicitToolsets?: boolean;
  /** Replace the configured store, authenticator and limiter (tests); a store given here is the caller's to close. */
  store?: SharedStore;
  authenticator?: HttpAuthenticator;
  limiter?: ToolCallLimiter;
  /** Tests: every MCP request through the SDK's transport (the reference for the direct tools/call answer). */
  sdkTransportOnly?: boolean;
  /** bench:http's plain SDK path: every request through a fresh McpServer and the SDK's transport. */
  mcpPath?: "pooled" | "fresh";
}

export interface HotelsHttpServer {
  /** The MCP endpoint clients connect to: the public URL, or http://host:port/mcp. */
  url: string;
  /** The bound address, whatever the public URL says. */
  boundUrl: string;
  /** Stops at once: in-flight requests are cut. */
  close(): Promise<void>;
  /** Takes no new MCP request (503), answers /readyz with 503 draining, waits up to drainMs for calls in flight, then closes. */
  drain(): Promise<void>;
}

/** A configuration the server refuses to start with; the bin prints it and exits 78. */
export class HttpStartupError extends Error {
  override name = "HttpStartupError";
}

// Headers must arrive quickly; only a slow body may use the whole request timeout.
const HEADERS_TIMEOUT_MS = 20_000;
// Longer than the idle timeout of common load balancers (60 s), so the proxy closes an idle
// connection first: the other way round it may send a request on a socket we are closing (502).
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Refused subjects remembered at once (each a string and a number); the oldest is forgotten first. */
const REFUSED_SUBJECTS = 1_024;

interface Site {
  publicUrl: URL;
  allowedHosts: Set<string>;
  authenticator: HttpAuthenticator;
}

type Route = "mcp" | "landing" | "healthz" | "readyz" | "metrics" | "resource_metadata" | "other";

function routeOf(path: string): Route {
  if (path === "/mcp") return "mcp";
  if (path === "/") return "landing";
  if (path === "/healthz") return "healthz";
  if (path === "/readyz") return "readyz";
  if (path === "/metrics") return "metrics";
  if (path === "/.well-known/oauth-protected-resource" || path === "/.well-known/oauth-protected-resource/mcp") return "resource_metadata";
  return "other";
}

export async function startHotelsHttp(config: ToolkitConfig, deps: HotelsHttpDeps = {}): Promise<HotelsHttpServer> {
  const http = config.http;
  if (http.auth.mode === "none" && !isLoopbackHost(http.host)) {
    throw new HttpStartupError(
      `TBANK_HOTELS_HTTP_AUTH=none is allowed only on a loopback address, and the server would listen on ${http.host}: set TBANK_HOTELS_HTTP_AUTH=api_key or oauth, or bind 127.0.0.1`,
    );
  }
  const remote = remoteToolkitConfig(config, deps.explicitToolsets ?? false);
  if (!remote.ok) throw new HttpStartupError(remote.message);
  if (remote.dropped.length > 0) deps.warn?.(`the HTTP mode serves only the journey and lowlevel toolsets; not served: ${remote.dropped.join(", ")}`);
  if (remote.withheld !== undefined) deps.warn?.(remote.withheld);
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? nullLogger;

  const ownStore = deps.store === undefined;
  const store = deps.store ?? (await import("../store/index.js")).createSharedStore(http.storeUrl, { now, logger });
  const providerWait = new ProviderWaitMeter();
  const { server: reference, ctx } = createHotelsServer(remote.config, { fetch: deps.fetch, now, random: deps.random, today: deps.today, logger, store, maxJourneys: http.maxJourneys, providerWait, tools: remote.tools });
  const metrics = createHttpMetrics(providerWait);
  // Known once the pool has read tools/list; no call is served before.
  let toolLabel = toolLabeler([]);
  const pool = await createMcpPool({
    reference,
    ctx,
    tools: remote.tools,
    onToolCall: (name, status, seconds) => {
      const tool = toolLabel(name);
      metrics.toolCalls.inc({ tool, status: statusLabel(status) });
      metrics.toolCallSeconds.observe({ tool }, seconds);
    },
    onError: (err) => logger.debug({ err: err.message }, "mcp transport error"),
    sdkTransportOnly: deps.sdkTransportOnly === true || deps.mcpPath === "fresh",
    fresh: deps.mcpPath === "fresh",
    sendJson: (res, status, value) => sendJson(res, status, value),
  });
  toolLabel = toolLabeler(pool.identity.tools.map((t) => t.name));
  const readiness = new Readiness({
    pingStore: () => store.ping(),
    probeProvider: async (timeoutMs) => void (await ctx.provider.api.locations({ limit: 1 }, { timeoutMs })),
    now,
  });
  const limiter = deps.limiter ?? (await import("./rate-limit.js")).createToolCallLimiter(store, http.toolCallsPerMinute, { now });
  const guard = new RequestGuard(http.toolCallsPerMinute * HTTP_REQUESTS_PER_TOOL_CALL, now);
  // Subjects the tool-call limit refused, until their window resets.
  const refusedUntil = new Map<string, number>();

  let draining = false;
  let inFlight = 0;
  let idleWaiter: (() => void) | undefined;
  // Known once listening: the port (and so the default public URL) is known only then.
  let siteKnown: (site: Site) => void = () => undefined;
  const site = new Promise<Site>((resolve) => (siteKnown = resolve));

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    if (res.headersSent) return void res.end();
    res.writeHead(status, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...(draining ? { Connection: "close" } : {}), ...headers });
    res.end(body);
  };
  const sendJson = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void =>
    send(res, status, JSON.stringify(value), { "Content-Type": "application/json", ...headers });
  const oauthError = (res: ServerResponse, status: number, error: string, description: string, headers: Record<string, string> = {}): void =>
    sendJson(res, status, { error, error_description: description }, headers);

  const authenticate = async (req: IncomingMessage, url: URL, res: ServerResponse, remoteKey: string): Promise<Principal | undefined> => {
    const outcome = await (await site).authenticator.authenticate(req, url);
    if (outcome.ok) return outcome.principal;
    // Failed attempts count against the address, so guessing keys meets the guard too.
    const guarded = guard.take(remoteKey);
    if (!guarded.allowed) {
      oauthError(res, 429, "too_many_requests", `too many requests; retry after ${guarded.retryAfterSeconds} seconds`, { "Retry-After": String(guarded.retryAfterSeconds) });
      return undefined;
    }
    oauthError(res, outcome.status, outcome.error, outcome.description, outcome.wwwAuthenticate ? { "WWW-Authenticate": outcome.wwwAuthenticate } : {});
    return undefined;
  };

  const handleMcp = async (req: IncomingMessage, res: ServerResponse, url: URL, remoteKey: string, who: { subject?: string }): Promise<void> => {
    if (req.method !== "POST") {
      // Stateless: no standalone SSE stream to GET, no session to DELETE.
      return sendJson(res, 405, jsonRpcError(SERVER_ERROR, "Method not allowed: this server is stateless; send JSON-RPC with POST"), { Allow: "POST, OPTIONS" });
    }
    if (draining) return sendJson(res, 503, jsonRpcError(SERVER_ERROR, "the server is shutting down; send the request again"), { "Retry-After": "1" });
    const principal = await authenticate(req, url, res, remoteKey);
    if (!principal) return;
    who.subject = principal.subject;
    const guarded = guard.take(principal.via === "none" ? remoteKey : `sub:${principal.subject}`);
    if (!guarded.allowed) {
      return sendJson(res, 429, jsonRpcError(SERVER_ERROR, `too many requests; retry after ${guarded.retryAfterSeconds} seconds`), { "Retry-After": String(guarded.retryAfterSeconds) });
    }
    const read = await readBody(req, http.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === "aborted") return void res.destroy();
      return sendJson(res, 413, jsonRpcError(SERVER_ERROR, `request body larger than ${http.maxBodyBytes} bytes`), { Connection: "close" });
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return sendJson(res, 400, jsonRpcError(PARSE_ERROR, "Parse error: Invalid JSON"));
    }
    const calls = toolCallsIn(body);
    if (Array.isArray(body) && calls.length > 0) {
      return sendJson(res, 400, jsonRpcError(INVALID_REQUEST, "Invalid Request: send each tools/call in a request of its own, not in a batch"));
    }
    const call = calls[0];
    if (call !== undefined) {
      const notServed = notServedRemotely(call.name);
      if (notServed !== undefined) return sendJson(res, 200, { jsonrpc: "2.0", id: call.id, result: notServed });
      // The journey read the tool starts with goes out now, beside the limit's round trip, instead
      // of after it (bench:http, two instances + Redis). Refused calls leave it unread, and dropped;
      // a subject already over its limit starts none until its window resets.
      if (call.journeyId !== undefined && !((refusedUntil.get(principal.subject) ?? 0) > now())) ctx.journeys.prefetch?.(call.journeyId);
      let decision;
      try {
        decision = await limiter.take(principal.subject);
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, "rate limit store unavailable");
        return sendJson(res, 503, jsonRpcError(SERVER_ERROR, "the server's store is unavailable; try again shortly"), { "Retry-After": "5" });
      }
      if (!decision.allowed) {
        setNewest(refusedUntil, principal.subject, decision.resetAtMs, REFUSED_SUBJECTS);
        metrics.rateLimited.inc();
        metrics.toolCalls.inc({ tool: toolLabel(call.name), status: "rate_limited" });
        return sendJson(res, 200, { jsonrpc: "2.0", id: call.id, result: rateLimitedResult(decision.resetAtMs, now()) });
      }
    }
    // The SDK's transport reads the body from here instead of the (consumed) stream.
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.from(read.text);
    // In flight until the answer has left (or the connection died), so a drain never cuts it short.
    inFlight += 1;
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) idleWaiter?.();
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), http.requestTimeoutMs)));
    try {
      const outcome = await Promise.race([pool.serve(req, res, body), deadline]);
      if (outcome === "timeout") {
        pool.abandon(res);
        sendJson(res, 504, jsonRpcError(SERVER_ERROR, `the request took longer than ${http.requestTimeoutMs} ms and was stopped`));
      }
    } finally {
      clearTimeout(timer);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, route: Route, who: { subject?: string }, credential: string | undefined): Promise<void> => {
    const { publicUrl, allowedHosts, authenticator } = await site;
    if (credential !== undefined) {
      return oauthError(res, 400, "invalid_request", `a key or token never goes in the URL (found ${credential}): send it in the Authorization: Bearer header or the X-Api-Key header, and replace that key, since URLs end up in logs`);
    }
    const url = new URL(req.url ?? "/", publicUrl);
    const remoteKey = `ip:${req.socket.remoteAddress ?? "?"}`;
    // Probes from a load balancer or an orchestrator carry the instance's own address as Host.
    if (route === "healthz") return sendJson(res, 200, { status: "ok" });
    if (route === "readyz") {
      if (draining) return sendJson(res, 503, { status: "draining" });
      const r = await readiness.check();
      return sendJson(res, r.ready ? 200 : 503, { status: r.ready ? "ready" : "unavailable", store: r.store, provider: r.provider });
    }
    if (!hostAllowed(req.headers.host, allowedHosts)) {
      return oauthError(res, 421, "misdirected_request", "this server does not answer to that Host; add it to TBANK_HOTELS_HTTP_ALLOWED_HOSTS if it is yours");
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, http.allowedOrigins, allowedHosts)) {
      return oauthError(res, 403, "forbidden_origin", "browsers from this origin are not allowed; add it to TBANK_HOTELS_HTTP_ALLOWED_ORIGINS if it is yours");
    }
    for (const [k, v] of Object.entries(corsHeaders(origin, http.allowedOrigins))) res.setHeader(k, v);
    if (req.method === "OPTIONS") return send(res, 204, "", origin === undefined ? { Allow: "POST, GET, OPTIONS" } : preflightHeaders(origin, http.allowedOrigins));
    switch (route) {
      case "mcp":
        return handleMcp(req, res, url, remoteKey, who);
      case "resource_metadata": {
        const doc = authenticator.resourceMetadata?.();
        if (doc === undefined) return oauthError(res, 404, "not_found", "this server does not use OAuth");
        return sendJson(res, 200, doc, { "Cache-Control": "max-age=300" });
      }
      case "metrics": {
        // The same auth as /mcp: tool names and counts are nobody else's business.
        const principal = await authenticate(req, url, res, remoteKey);
        if (!principal) return;
        who.subject = principal.subject;
        return send(res, 200, await metrics.registry.metrics(), { "Content-Type": metrics.registry.contentType });
      }
      case "landing": {
        if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "", { Allow: "GET, HEAD" });
        const health = { ...(await readiness.check()), draining };
        const html = landingPage({ mcpUrl: publicUrl.href, auth: http.auth.mode, tools: pool.identity.tools, health, version: TOOLKIT_VERSION, lang: preferredLang(req.headers["accept-language"]) });
        return send(res, 200, req.method === "HEAD" ? "" : html, { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": LANDING_CSP, "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" });
      }
      default:
        return oauthError(res, 404, "not_found", "no such path; the MCP endpoint is /mcp");
    }
  };

  const httpServer: Server = createServer((req, res) => {
    const started = performance.now();
    const who: { subject?: string } = {};
    const route = routeOf((req.url ?? "/").split("?")[0] ?? "/");
    // Looked for once per request: the refusal and the access log line both need it.
    const credential = credentialInTarget(req.url ?? "/");
    res.on("finish", () => {
      metrics.httpRequests.inc({ route, status: String(res.statusCode) });
      logger.info({ method: req.method, path: loggedPath(req.url ?? "/", credential), status: res.statusCode, ms: Math.round(performance.now() - started), subject: who.subject }, "request");
    });
    handle(req, res, route, who, credential).then(
      () => undefined,
      (err: unknown) => {
        logger.error({ err: err instanceof Error ? err.message : String(err) }, "request failed");
        sendJson(res, 500, jsonRpcError(SERVER_ERROR, "internal error"));
      },
    );
  });
  httpServer.requestTimeout = http.requestTimeoutMs;
  httpServer.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, http.requestTimeoutMs);
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(http.port, http.host, () => resolve());
    });
  } catch (err) {
    if (ownStore) await store.close();
    throw err;
  }
  const { port } = httpServer.address() as AddressInfo;
  const hostInUrl = http.host.includes(":") ? `[${http.host}]` : http.host;
  const boundUrl = `http://${hostInUrl}:${port}/mcp`;
  const publicUrl = new URL(http.publicUrl ?? boundUrl);
  let authenticator: HttpAuthenticator;
  try {
    authenticator = deps.authenticator ?? (await import("./auth/index.js")).createAuthenticator({ ...http, port }, { now, logger, resource: publicUrl.href });
  } catch (err) {
    httpServer.close();
    if (ownStore) await store.close();
    throw new HttpStartupError(err instanceof Error ? err.message : String(err));
  }
  siteKnown({ publicUrl, allowedHosts: allowedHostValues(http, port, publicUrl), authenticator });

  let closing: Promise<void> | undefined;
  // While draining the listener stays open, so probes read "draining" on /readyz and a new MCP
  // request gets a 503 that tells its client to go elsewhere (a refused connection would tell a
  // load balancer nothing); every answer carries Connection: close.
  const shutdown = async (graceMs: number): Promise<void> => {
    draining = true;
    httpServer.closeIdleConnections();
    if (inFlight > 0 && graceMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        idleWaiter = () => (clearTimeout(timer), resolve());
      });
    }
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeAllConnections();
    await closed;
    if (ownStore) await store.close();
  };
  return {
    url: publicUrl.href,
    boundUrl,
    close: () => (closing ??= shutdown(0)),
    drain: () => (closing ??= shutdown(http.drainMs)),
  };
}

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ToolkitConfig } from "../../../shared/config/types.js";
import { nullLogger, type Logger } from "../../../shared/logger.js";
import type { SharedStore } from "../store/types.js";
import { createHotelsServer } from "../server.js";
import type { FetchLike } from "../provider/index.js";
import type { HttpAuthenticator, ToolCallLimiter } from "./contract.js";
import { createHotelsApp } from "./app.js";
import { allowedHostValues, isLoopbackHost } from "./hygiene.js";
import { createHttpMetrics, statusLabel, toolLabeler } from "./metrics.js";
import { createMcpPool } from "./mcp-pool.js";
import { Readiness } from "./readiness.js";
import { shieldTarget } from "./raw-target.js";
import { remoteToolkitConfig } from "./remote-config.js";
import type { Site } from "./reply.js";
import { HTTP_REQUESTS_PER_TOOL_CALL, RequestGuard } from "./request-guard.js";
import { ProviderWaitMeter } from "../../../shared/http/provider-wait.js";

// The remote Hotels MCP (issue 17): one process-wide setup (provider client, caches, catalog,
// journeys through the shared store), the Hono app answering requests (app.ts), and the life of
// its node:http server: listen, then drain or close.

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
  /** bench:http's plain SDK path: every request through a fresh McpServer and the SDK's transport. */
  mcpPath?: "pooled" | "fresh";
  /** The built stay view beside the bundled bin (default: dist/ of the source tree). */
  stayViewUrl?: URL;
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

type RemoteConfig = Extract<ReturnType<typeof remoteToolkitConfig>, { ok: true }>;

function remoteConfigOrThrow(config: ToolkitConfig, deps: HotelsHttpDeps): RemoteConfig {
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
  return remote;
}

/** Calls in flight until their answer has left (or the connection died), so a drain never cuts one short. */
class InFlight {
  private count = 0;
  private idle: (() => void) | undefined;

  track(outgoing: { once(event: "close", listener: () => void): unknown }): void {
    this.count += 1;
    outgoing.once("close", () => {
      this.count -= 1;
      if (this.count === 0) this.idle?.();
    });
  }

  /** Resolves once none is in flight, or after `graceMs`. */
  settled(graceMs: number): Promise<void> {
    if (this.count === 0 || graceMs <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.idle = () => (clearTimeout(timer), resolve());
    });
  }
}

/** The process-wide parts every request shares: store, tools, pool, metrics, limits. */
async function buildParts(config: ToolkitConfig, remote: RemoteConfig, deps: HotelsHttpDeps) {
  const http = config.http;
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? nullLogger;
  const store = deps.store ?? (await import("../store/index.js")).createSharedStore(http.storeUrl, { now, logger });
  const providerWait = new ProviderWaitMeter();
  const { server: reference, ctx } = createHotelsServer(remote.config, { fetch: deps.fetch, now, random: deps.random, today: deps.today, logger, store, maxJourneys: http.maxJourneys, providerWait, tools: remote.tools, ...(deps.stayViewUrl ? { stayViewUrl: deps.stayViewUrl } : {}) });
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
    fresh: deps.mcpPath === "fresh",
  });
  toolLabel = toolLabeler(pool.identity.tools.map((t) => t.name));
  const readiness = new Readiness({
    pingStore: () => store.ping(),
    probeProvider: async (timeoutMs) => void (await ctx.provider.api.locations({ limit: 1 }, { timeoutMs })),
    now,
  });
  const limiter = deps.limiter ?? (await import("./rate-limit.js")).createToolCallLimiter(store, http.toolCallsPerMinute, { now });
  const guard = new RequestGuard(http.toolCallsPerMinute * HTTP_REQUESTS_PER_TOOL_CALL, now);
  return { now, logger, store, ctx, metrics, pool, readiness, limiter, guard, toolLabel: (name: string) => toolLabel(name) };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}

export async function startHotelsHttp(config: ToolkitConfig, deps: HotelsHttpDeps = {}): Promise<HotelsHttpServer> {
  const http = config.http;
  const remote = remoteConfigOrThrow(config, deps);
  const parts = await buildParts(config, remote, deps);
  const { now, logger, store, metrics, pool, readiness, guard } = parts;
  const closeStore = async (): Promise<void> => void (deps.store === undefined && (await store.close()));
  const inFlight = new InFlight();
  let draining = false;
  let siteKnown: (site: Site) => void = () => undefined;
  const site = new Promise<Site>((resolve) => (siteKnown = resolve));
  const app = createHotelsApp({
    site,
    allowedOrigins: http.allowedOrigins,
    metrics,
    logger,
    readiness,
    guard,
    draining: () => draining,
    landing: { auth: http.auth.mode, tools: () => pool.identity.tools },
    mcp: { pool, guard, limiter: parts.limiter, journeys: parts.ctx.journeys, metrics, toolLabel: parts.toolLabel, logger, maxBodyBytes: http.maxBodyBytes, requestTimeoutMs: http.requestTimeoutMs, now, track: (c) => inFlight.track(c.env.outgoing) },
  });
  // A request without a Host (HTTP/1.0) still reaches the app, whose Host check refuses it.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false, hostname: "no-host.invalid" });
  const httpServer = createServer((req, res) => (shieldTarget(req), void listener(req, res)));
  httpServer.requestTimeout = http.requestTimeoutMs;
  httpServer.headersTimeout = Math.min(HEADERS_TIMEOUT_MS, http.requestTimeoutMs);
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  try {
    await listen(httpServer, http.port, http.host);
  } catch (err) {
    await closeStore();
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
    await closeStore();
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
    await inFlight.settled(graceMs);
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeAllConnections();
    await closed;
    await closeStore();
  };
  return { url: publicUrl.href, boundUrl, close: () => (closing ??= shutdown(0)), drain: () => (closing ??= shutdown(http.drainMs)) };
}

import { Hono } from "hono";
import type { Logger } from "../../../shared/logger.js";
import { jsonRpcError, SERVER_ERROR } from "./jsonrpc.js";
import type { HttpMetrics } from "./metrics.js";
import { mcpPost, type McpRouteDeps } from "./mcp-route.js";
import { accessLog, authenticate, closeWhile, hostCheck, noCredentialInUrl, originCheck, siteReady } from "./middleware.js";
import type { Readiness } from "./readiness.js";
import { replyJson, type HotelsHttpEnv, type Site } from "./reply.js";
import type { RequestGuard } from "./request-guard.js";
import { healthz, landingRoute, metricsRoute, notFound, readyz, resourceMetadata, type LandingDeps } from "./routes.js";

// The remote Hotels MCP as a Hono app (issue 17, issue 32). Every request passes, in order: the
// access log, no key in the URL, [the probes], Host (DNS rebinding), Origin; then its route, where
// /mcp and /metrics authenticate and /mcp meets the HTTP guard, the body cap and the tool-call limit.

export interface HotelsAppDeps {
  site: Promise<Site>;
  allowedOrigins: readonly string[];
  metrics: HttpMetrics;
  logger: Logger;
  readiness: Readiness;
  guard: RequestGuard;
  draining: () => boolean;
  landing: Omit<LandingDeps, "readiness" | "draining">;
  mcp: McpRouteDeps;
}

/** The route path as sent: Hono would decode it first, and "/%6Dcp" is no path of ours. */
function rawPath(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start === -1) return "/";
  const end = url.indexOf("?", start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

export function createHotelsApp(deps: HotelsAppDeps): Hono<HotelsHttpEnv> {
  const app = new Hono<HotelsHttpEnv>({ getPath: rawPath });
  const auth = authenticate(deps.guard);
  app.use(accessLog(deps.metrics, deps.logger), closeWhile(deps.draining), siteReady(deps.site), noCredentialInUrl);
  // Probes from a load balancer or an orchestrator carry the instance's own address as Host.
  app.all("/healthz", healthz);
  app.all("/readyz", readyz(deps.readiness, deps.draining));
  app.use(hostCheck, originCheck(deps.allowedOrigins));
  app.post("/mcp", async (c, next) => {
    if (!deps.draining()) return next();
    return replyJson(503, jsonRpcError(SERVER_ERROR, "the server is shutting down; send the request again"), { "Retry-After": "1" });
  }, auth, mcpPost(deps.mcp));
  // Stateless: no standalone SSE stream to GET, no session to DELETE.
  app.all("/mcp", () => replyJson(405, jsonRpcError(SERVER_ERROR, "Method not allowed: this server is stateless; send JSON-RPC with POST"), { Allow: "POST, OPTIONS" }));
  app.all("/.well-known/oauth-protected-resource", resourceMetadata);
  app.all("/.well-known/oauth-protected-resource/mcp", resourceMetadata);
  app.all("/metrics", auth, metricsRoute(deps.metrics));
  app.all("/", landingRoute({ ...deps.landing, readiness: deps.readiness, draining: deps.draining }));
  app.notFound(notFound);
  app.onError((err) => {
    deps.logger.error({ err: err.message }, "request failed");
    return replyJson(500, jsonRpcError(SERVER_ERROR, "internal error"));
  });
  return app;
}

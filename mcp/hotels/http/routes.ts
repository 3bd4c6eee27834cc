import type { Context } from "hono";
import { TOOLKIT_VERSION } from "../../../shared/version.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { LANDING_CSP, landingPage, preferredLang, type LandingInput } from "./landing.js";
import type { HttpMetrics } from "./metrics.js";
import type { Readiness } from "./readiness.js";
import { oauthError, reply, replyJson, type HotelsHttpEnv } from "./reply.js";

// The routes beside /mcp: probes, the OAuth resource metadata, metrics, the landing page.

/** Liveness: the process answers. */
export const healthz = (): Response => replyJson(200, { status: "ok" });

/** Readiness: store and provider reachable, and not draining. */
export function readyz(readiness: Readiness, draining: () => boolean) {
  return async (): Promise<Response> => {
    if (draining()) return replyJson(503, { status: "draining" });
    const r = await readiness.check();
    return replyJson(r.ready ? 200 : 503, { status: r.ready ? "ready" : "unavailable", store: r.store, provider: r.provider });
  };
}

/** RFC 9728 metadata, served only in OAuth mode. */
export function resourceMetadata(c: Context<HotelsHttpEnv>): Response {
  const doc = c.get("site").authenticator.resourceMetadata?.();
  if (doc === undefined) return oauthError(404, "not_found", "this server does not use OAuth");
  return replyJson(200, doc, { "Cache-Control": "max-age=300" });
}

/** Prometheus text, behind the same auth as /mcp: tool names and counts are nobody else's business. */
export function metricsRoute(metrics: HttpMetrics) {
  return async (): Promise<Response> => reply(200, await metrics.registry.metrics(), { "Content-Type": metrics.registry.contentType });
}

export interface LandingDeps {
  auth: LandingInput["auth"];
  tools: () => Tool[];
  readiness: Readiness;
  draining: () => boolean;
}

/** The page a person opening the server's URL sees: how to connect, what it serves, its health. */
export function landingRoute(deps: LandingDeps) {
  return async (c: Context<HotelsHttpEnv>): Promise<Response> => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return reply(405, "", { Allow: "GET, HEAD" });
    const health = { ...(await deps.readiness.check()), draining: deps.draining() };
    const html = landingPage({ mcpUrl: c.get("site").publicUrl.href, auth: deps.auth, tools: deps.tools(), health, version: TOOLKIT_VERSION, lang: preferredLang(c.req.header("accept-language")) });
    const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": LANDING_CSP, "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" };
    return reply(200, method === "HEAD" ? "" : html, headers);
  };
}

export const notFound = (): Response => oauthError(404, "not_found", "no such path; the MCP endpoint is /mcp");

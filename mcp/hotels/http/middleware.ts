import type { IncomingMessage } from "node:http";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { Logger } from "../../../shared/logger.js";
import type { Principal } from "./contract.js";
import { corsHeaders, credentialInTarget, hostAllowed, loggedPath, originAllowed, preflightHeaders } from "./hygiene.js";
import type { HttpMetrics } from "./metrics.js";
import { sentTarget } from "./raw-target.js";
import { oauthError, reply, type HotelsHttpEnv, type SentTarget, type Site, type Who } from "./reply.js";
import type { RequestGuard } from "./request-guard.js";

// The remote mode's concerns in the order every request meets them (mcp/hotels/http/app.ts):
// access log, site, no key in the URL, [probes], Host, Origin and CORS, [routes, auth per route].

type Route = "mcp" | "landing" | "healthz" | "readyz" | "metrics" | "resource_metadata" | "other";

const RESOURCE_METADATA_PATHS = ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"];

/** The metrics label of a request path (the raw one: no decoding, no normalizing). */
export function routeOf(path: string): Route {
  if (path === "/mcp") return "mcp";
  if (path === "/") return "landing";
  if (path === "/healthz") return "healthz";
  if (path === "/readyz") return "readyz";
  if (path === "/metrics") return "metrics";
  if (RESOURCE_METADATA_PATHS.includes(path)) return "resource_metadata";
  return "other";
}

/** The request target as the client sent it: node's req.url, or the URL's path and query in-process. */
function targetOf(c: Context<HotelsHttpEnv>): string {
  const incoming = c.env?.incoming as IncomingMessage | undefined;
  if (incoming?.url !== undefined) return sentTarget(incoming);
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/** The target as sent and any credential in it, checked once per request and kept on the context. */
function sentOnce(c: Context<HotelsHttpEnv>): SentTarget {
  let sent = c.get("target");
  if (sent === undefined) {
    const target = targetOf(c);
    sent = { target, credential: credentialInTarget(target) };
    c.set("target", sent);
  }
  return sent;
}

/** One line and one count per answered request, once it has left (a cut connection logs nothing). */
export function accessLog(metrics: HttpMetrics, logger: Logger, now: () => number = () => performance.now()) {
  return createMiddleware<HotelsHttpEnv>(async (c, next) => {
    const started = now();
    const who: Who = {};
    c.set("who", who);
    const { target, credential } = sentOnce(c);
    const route = routeOf(target.split("?")[0] ?? "/");
    const record = (status: number): void => {
      metrics.httpRequests.inc({ route, status: String(status) });
      logger.info({ method: c.req.method, path: loggedPath(target, credential), status, ms: Math.round(now() - started), subject: who.subject }, "request");
    };
    const outgoing = c.env?.outgoing;
    if (outgoing) outgoing.once("finish", () => record(outgoing.statusCode));
    await next();
    if (!outgoing) record(c.res.status);
  });
}

/** Waits for the site (requests that arrive while the server is still starting). */
export function siteReady(site: Promise<Site>) {
  return createMiddleware<HotelsHttpEnv>(async (c, next) => {
    c.set("site", await site);
    await next();
  });
}

/** A key or token in the URL is refused before anything else: URLs end up in logs. */
export const noCredentialInUrl = createMiddleware<HotelsHttpEnv>(async (c, next) => {
  const { credential } = sentOnce(c);
  if (credential === undefined) return next();
  return oauthError(400, "invalid_request", `a key or token never goes in the URL (found ${credential}): send it in the Authorization: Bearer header or the X-Api-Key header, and replace that key, since URLs end up in logs`);
});

/** DNS rebinding: a foreign page resolving its own name to us sends its own Host. */
export const hostCheck = createMiddleware<HotelsHttpEnv>(async (c, next) => {
  if (hostAllowed(c.req.header("host"), c.get("site").allowedHosts)) return next();
  return oauthError(421, "misdirected_request", "this server does not answer to that Host; add it to TBANK_HOTELS_HTTP_ALLOWED_HOSTS if it is yours");
});

/** Browsers: a foreign Origin is refused, a configured one gets CORS headers, a preflight is answered here. */
export function originCheck(allowedOrigins: readonly string[]) {
  return createMiddleware<HotelsHttpEnv>(async (c, next) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && !originAllowed(origin, allowedOrigins, c.get("site").allowedHosts)) {
      return oauthError(403, "forbidden_origin", "browsers from this origin are not allowed; add it to TBANK_HOTELS_HTTP_ALLOWED_ORIGINS if it is yours");
    }
    if (c.req.method === "OPTIONS") {
      return reply(204, null, origin === undefined ? { Allow: "POST, GET, OPTIONS" } : preflightHeaders(origin, allowedOrigins));
    }
    await next();
    for (const [k, v] of Object.entries(corsHeaders(origin, allowedOrigins))) c.res.headers.set(k, v);
    return undefined;
  });
}

/** Every answer carries Connection: close once the server drains, so clients go elsewhere. */
export function closeWhile(draining: () => boolean) {
  return createMiddleware<HotelsHttpEnv>(async (c, next) => {
    await next();
    if (draining()) c.res.headers.set("Connection", "close");
  });
}

/** The client key of the HTTP guard before anyone is authenticated: its address. */
function addressKey(c: Context<HotelsHttpEnv>): string {
  return `ip:${c.env?.incoming?.socket.remoteAddress ?? "?"}`;
}

/**
 * Who is calling, set as `principal`; a refusal answers for the route. Failed attempts count
 * against the address in the HTTP guard, so guessing keys meets the guard too.
 */
export function authenticate(guard: RequestGuard) {
  return createMiddleware<HotelsHttpEnv>(async (c, next) => {
    const site = c.get("site");
    const outcome = await site.authenticator.authenticate(c.env.incoming, new URL(sentOnce(c).target, site.publicUrl));
    if (outcome.ok) {
      c.set("principal", outcome.principal);
      c.get("who").subject = outcome.principal.subject;
      return next();
    }
    const guarded = guard.take(addressKey(c));
    if (!guarded.allowed) {
      return oauthError(429, "too_many_requests", `too many requests; retry after ${guarded.retryAfterSeconds} seconds`, { "Retry-After": String(guarded.retryAfterSeconds) });
    }
    return oauthError(outcome.status, outcome.error, outcome.description, outcome.wwwAuthenticate ? { "WWW-Authenticate": outcome.wwwAuthenticate } : {});
  });
}

/** The guard's key once authenticated: the subject, or the address when auth is off. */
export function principalKey(c: Context<HotelsHttpEnv>, principal: Principal): string {
  return principal.via === "none" ? addressKey(c) : `sub:${principal.subject}`;
}

import { isIP } from "node:net";
import type { HttpConfig } from "../../../shared/config/http.js";

// Browser hygiene for the remote mode: which Host and Origin values a request may carry (DNS
// rebinding: a page on evil.example resolving its name to 127.0.0.1 sends `Host: evil.example`),
// CORS answers only for configured origins, and credentials never in a URL (URLs end up in proxy
// logs, browser history and Referer headers).

/** Query parameters that look like a credential; any of them refuses the request. */
export const KEY_QUERY_PARAMS: readonly string[] = ["api_key", "apikey", "key", "access_token", "token"];

export const CORS_ALLOW_HEADERS = "Authorization, X-Api-Key, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID";
export const CORS_EXPOSE_HEADERS = "WWW-Authenticate, Mcp-Session-Id, Retry-After";
export const CORS_ALLOW_METHODS = "POST, GET, OPTIONS";
// Browsers cap this themselves (Chromium: 2 h); 10 minutes keeps a changed allowlist from lingering.
const CORS_MAX_AGE_SECONDS = 600;

/** 127.0.0.0/8, ::1 (and its IPv4-mapped form) and localhost: the only binds where auth=none is allowed. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (h === "::1") return true;
  const v4 = h.startsWith("::ffff:") ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/** Host header values this server answers to: the bound host:port, the public URL's host, the configured extras. */
export function allowedHostValues(config: Pick<HttpConfig, "host" | "allowedHosts">, port: number, publicUrl: URL): Set<string> {
  const hosts = new Set<string>();
  const bound = config.host.includes(":") && !config.host.startsWith("[") ? `[${config.host}]` : config.host;
  hosts.add(`${bound}:${port}`.toLowerCase());
  // A loopback bind is reached by any loopback name, none of which a foreign page can own.
  if (isLoopbackHost(config.host)) for (const name of ["localhost", "127.0.0.1", "[::1]"]) hosts.add(`${name}:${port}`);
  hosts.add(publicUrl.host.toLowerCase());
  for (const extra of config.allowedHosts) hosts.add(extra.toLowerCase());
  return hosts;
}

export function hostAllowed(hostHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  return hostHeader !== undefined && allowed.has(hostHeader.toLowerCase());
}

/**
 * A browser Origin this server accepts: a configured one, or this server's own (a page it served,
 * e.g. the landing page, calling it: the origin's host is one of the Host values it answers to).
 * Anything else is a foreign page, refused (the conformance suite's dns-rebinding scenario).
 */
export function originAllowed(origin: string, allowedOrigins: readonly string[], allowedHosts: ReadonlySet<string>): boolean {
  if (allowedOrigins.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && allowedHosts.has(url.host.toLowerCase());
  } catch {
    return false;
  }
}

/** The first credential-looking query parameter, by name (never its value). */
export function keyInQuery(url: URL): string | undefined {
  for (const name of url.searchParams.keys()) if (KEY_QUERY_PARAMS.includes(name.toLowerCase())) return name;
  return undefined;
}

/** CORS response headers for an allowed origin; none for any other (the browser then blocks the read). */
export function corsHeaders(origin: string | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  if (origin === undefined || !allowedOrigins.includes(origin)) return {};
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS, Vary: "Origin" };
}

export function preflightHeaders(origin: string, allowedOrigins: readonly string[]): Record<string, string> {
  return {
    ...corsHeaders(origin, allowedOrigins),
    "Access-Control-Allow-Methods": CORS_ALLOW_METHODS,
    "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
    "Access-Control-Max-Age": String(CORS_MAX_AGE_SECONDS),
  };
}

import { isIP } from "node:net";
import type { HttpConfig } from "../../../shared/config/http.js";

// Browser hygiene for the remote mode: which Host and Origin values a request may carry (DNS
// rebinding: a page on evil.example resolving its name to 127.0.0.1 sends `Host: evil.example`),
// CORS answers only for configured origins, and credentials never in a URL (URLs end up in proxy
// logs, browser history and Referer headers).

/** Parameter names that look like a credential, in the query, a path parameter or a fragment. */
export const KEY_QUERY_PARAMS: readonly string[] = ["api_key", "apikey", "key", "access_token", "token"];
// A proxy or framework may decode a target once more than we do (`%253B` is a `;` to it), so a
// target is decoded until nothing changes. No real URL nests this deep; one that does is refused
// unread, since whatever decodes it once more could find a key we did not.
const MAX_DECODE_ROUNDS = 8;
const NAMED_PARAM = /([;?&#])([A-Za-z_][\w.-]*)(?=[=&;#/]|$)/g;
// Our key format (a truncated one too) and a JWT's first two parts, wherever they sit.
const API_KEY_TEXT = /tbk_[A-Za-z0-9_-]{16,}/;
const JWT_TEXT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./;
// An absolute-form or scheme-relative target with user:password@ before the host.
const USERINFO = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/?#]*@/;
const PATH_PARAMS = /(?:;|%3b)[^/]*/gi;
/** What the access log keeps of a target that carried a credential. */
export const REDACTED_PATH = "[redacted: credential in URL]";
const LOGGED_PATH_CHARS = 200;

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

const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

/** The target decoded until nothing changes, or undefined when it still would after the last round. */
function percentDecoded(text: string): string | undefined {
  let out = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = out.replace(PERCENT_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === out) return out;
    out = next;
  }
  return /%[0-9a-f]{2}/i.test(out) ? undefined : out;
}

/**
 * Where a request target (node's req.url) carries a credential, said for the refusal (`?api_key=`,
 * `;token=`, a tbk_ key): never the value. Looks at every part, percent-decoded: query, path
 * parameters, path segments, a fragment, and userinfo of an absolute-form target.
 */
export function credentialInTarget(target: string): string | undefined {
  const text = percentDecoded(target);
  if (text === undefined) return `a percent-encoding nested more than ${MAX_DECODE_ROUNDS} deep`;
  if (USERINFO.test(text)) return "user:password@ before the host";
  for (const [, separator, name] of text.matchAll(NAMED_PARAM)) if (KEY_QUERY_PARAMS.includes(name!.toLowerCase())) return `${separator}${name}=`;
  if (API_KEY_TEXT.test(text)) return "an API key (tbk_...)";
  if (JWT_TEXT.test(text)) return "a token (eyJ...)";
  return undefined;
}

/**
 * The path the access log keeps: no query, fragment or path parameters, nothing when it carried a
 * credential (`credential`: what credentialInTarget found, when the caller has it already).
 */
export function loggedPath(target: string, credential = credentialInTarget(target)): string {
  if (credential !== undefined) return REDACTED_PATH;
  const path = target.split(/[?#]/, 1)[0] ?? "/";
  return path.replace(PATH_PARAMS, ";[redacted]").slice(0, LOGGED_PATH_CHARS);
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

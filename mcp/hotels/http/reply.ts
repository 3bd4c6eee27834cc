import type { HttpBindings } from "@hono/node-server";
import type { HttpAuthenticator, Principal } from "./contract.js";

// What the remote mode's Hono app carries per request, and the one writer of its own answers
// (the MCP transport's answers are the SDK's).

/** Known once the server listens: the port, and so the public URL, are known only then. */
export interface Site {
  publicUrl: URL;
  allowedHosts: ReadonlySet<string>;
  authenticator: HttpAuthenticator;
}

/** The access log's subject: set by whichever route authenticated the request. */
export interface Who {
  subject?: string;
}

export interface HotelsHttpEnv {
  Bindings: HttpBindings;
  Variables: { site: Site; who: Who; principal: Principal; target: SentTarget };
}

/** The request target as sent, and the credential it carries if any: read once per request. */
export interface SentTarget {
  target: string;
  credential: string | undefined;
}

type Headers = Record<string, string>;

/** An answer of the server's own: never cached, never sniffed. */
export function reply(status: number, body: string | null, headers: Headers = {}): Response {
  return new Response(body, { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers } });
}

export function replyJson(status: number, value: unknown, headers: Headers = {}): Response {
  return reply(status, JSON.stringify(value), { "Content-Type": "application/json", ...headers });
}

/** The OAuth-style error body (RFC 6750) every refusal outside JSON-RPC uses. */
export function oauthError(status: number, error: string, description: string, headers: Headers = {}): Response {
  return replyJson(status, { error, error_description: description }, headers);
}

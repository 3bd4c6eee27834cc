import type { IncomingMessage } from "node:http";

// The seams of the remote mode (issue 17): the server core (mcp/hotels/http/server.ts) asks an
// authenticator who is calling and a limiter whether a tool call may run; each has one
// implementation per configured mode (mcp/hotels/http/auth/, rate-limit.ts).

/** Who a request is from: the key's id (never the key), a hash of the token's `sub` (never the `sub`), or "anonymous". */
export interface Principal {
  subject: string;
  via: "none" | "api_key" | "oauth";
  scopes: readonly string[];
}

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | {
      ok: false;
      /** 503: the credential could not be checked now (the issuer's keys are unreachable); not the caller's fault. */
      status: 400 | 401 | 403 | 503;
      /** OAuth error code (RFC 6750): invalid_request, invalid_token, insufficient_scope; "temporarily_unavailable" with 503. */
      error: string;
      /** For a person reading it: where the key goes, what is missing. Never echoes the credential. */
      description: string;
      /** The full WWW-Authenticate header value (with resource_metadata for OAuth). */
      wwwAuthenticate?: string;
    };

export interface HttpAuthenticator {
  authenticate(req: IncomingMessage, url: URL): Promise<AuthOutcome>;
  /** The RFC 9728 document served at /.well-known/oauth-protected-resource (OAuth mode only). */
  resourceMetadata?(): Record<string, unknown>;
}

export type LimitDecision = { allowed: true; remaining: number } | { allowed: false; resetAtMs: number };

/** Tool calls only: initialize, tools/list and pings are never counted. */
export interface ToolCallLimiter {
  take(subject: string): Promise<LimitDecision>;
}

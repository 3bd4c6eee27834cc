import type { HttpConfig } from "../../../../shared/config/http.js";
import type { Logger } from "../../../../shared/logger.js";
import type { HttpAuthenticator } from "../contract.js";
import { isLoopbackHost } from "../hygiene.js";
import { createApiKeyAuthenticator } from "./api-key.js";
import type { FetchLike } from "./discovery.js";
import { createNoAuthenticator } from "./none.js";
import { createOAuthAuthenticator } from "./oauth.js";

export { resourceMetadataUrl } from "./oauth.js";

export interface AuthenticatorDeps {
  /** The clock OAuth tokens are checked against. */
  now?: () => number;
  fetch?: FetchLike;
  logger?: Pick<Logger, "info" | "error">;
  /** This server's URL when the config cannot say it (port 0 bound to a free port). */
  resource?: string;
}

/** The resource identifier (OAuth audience): the public URL, or the bound address's /mcp. */
export function resourceUrl(http: Pick<HttpConfig, "publicUrl" | "host" | "port">): string {
  if (http.publicUrl !== undefined) return http.publicUrl;
  const host = http.host.includes(":") && !http.host.startsWith("[") ? `[${http.host}]` : http.host;
  return `http://${host}:${http.port}/mcp`;
}

/**
 * The authenticator for the configured mode. Throws, with a message naming the fix, when the mode
 * cannot start safely: no auth on a non-loopback bind, an API keys file that is missing, malformed
 * or readable by others.
 */
export function createAuthenticator(http: HttpConfig, deps: AuthenticatorDeps = {}): HttpAuthenticator {
  const auth = http.auth;
  switch (auth.mode) {
    case "none":
      if (!isLoopbackHost(http.host)) {
        throw new Error(`TBANK_HOTELS_HTTP_AUTH=none is only allowed on a loopback address, not ${http.host}; use api_key or oauth`);
      }
      return createNoAuthenticator();
    case "api_key":
      return createApiKeyAuthenticator(auth.keysFile, { ...(deps.logger ? { logger: deps.logger } : {}) });
    case "oauth":
      return createOAuthAuthenticator(
        { issuer: auth.issuer, jwksUrl: auth.jwksUrl, requiredScope: auth.requiredScope, resource: deps.resource ?? resourceUrl(http) },
        deps,
      );
  }
}

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { SandboxResponse } from "../http.js";
import type { JwtIssuer } from "./jwt-issuer.js";
import { oauthError, oauthOk } from "./oauth.js";
import { normalizeScope } from "./scopes.js";
import type { ServiceClient } from "./types.js";

export const SERVICE_CLIENT_ID = "tbank-sandbox-service";

export interface ClientCredentialsRequest {
  headers: IncomingHttpHeaders;
  client_id: string | undefined;
  client_secret: string | undefined;
  resource: string | undefined;
  scope: string | undefined;
}

const digest = (s: string): Buffer => createHash("sha256").update(s, "utf8").digest();

/** RFC 6749 §2.3.1 Basic: both halves are form-urlencoded before base64. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | "absent" | "malformed" {
  if (header === undefined) return "absent";
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
  if (!m?.[1]) return "malformed";
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed";
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")) };
  } catch {
    return "malformed";
  }
}

/** A resource indicator (RFC 8707 §2): an absolute http(s) URI without a fragment. */
function validResource(resource: string): boolean {
  try {
    const url = new URL(resource);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hash === "" && !resource.includes("#");
  } catch {
    return false;
  }
}

/** The client_credentials grant: a service gets a JWT access token for one resource (aud). */
export async function clientCredentialsGrant(req: ClientCredentialsRequest, client: ServiceClient, issuer: JwtIssuer, ttlSeconds: number): Promise<SandboxResponse> {
  const basic = basicCredentials(req.headers.authorization);
  if (basic === "malformed") return oauthError("invalid_client", "the Authorization header is not valid Basic client authentication");
  // RFC 6749 §2.3: a client uses exactly one authentication method per request.
  if (basic !== "absent" && req.client_secret !== undefined) return oauthError("invalid_request", "authenticate the client once: Basic or client_secret, not both");
  const id = basic === "absent" ? req.client_id : basic.id;
  const secret = basic === "absent" ? req.client_secret : basic.secret;
  if (id === undefined || secret === undefined) return oauthError("invalid_client", "client_credentials needs the client id and secret");
  const known = id === client.clientId && timingSafeEqual(digest(secret), digest(client.clientSecret));
  if (!known) return oauthError("invalid_client", "unknown client or wrong secret");
  if (req.resource === undefined) return oauthError("invalid_request", "resource (RFC 8707) is required: the URL of the server the token is for");
  if (!validResource(req.resource)) return oauthError("invalid_target", "resource must be an absolute http(s) URL without a fragment");
  const scope = normalizeScope(req.scope);
  if (scope === undefined) return oauthError("invalid_scope", "supported scopes: hotels, banking");
  const token = await issuer.mint({ aud: req.resource, scope, client_id: client.clientId });
  return oauthOk({ access_token: token, token_type: "Bearer", expires_in: ttlSeconds, scope });
}

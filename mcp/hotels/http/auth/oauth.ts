import type { IncomingMessage } from "node:http";
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { nullLogger, type Logger } from "../../../../shared/logger.js";
import { sha256Hex } from "../../../../shared/refs.js";
import type { AuthOutcome, HttpAuthenticator } from "../contract.js";
import { bearerChallenge, bearerCredential, headerValues, type AuthFailure } from "./challenge.js";
import { discoverJwksUri, type FetchLike } from "./discovery.js";

export interface OAuthSettings {
  issuer: string;
  /** Absent: discovered from the issuer's RFC 8414 (or OpenID) metadata. */
  jwksUrl: string | undefined;
  requiredScope: string;
  /** This server's resource identifier: the audience every token must carry. */
  resource: string;
}

export interface OAuthAuthDeps {
  /** The clock tokens are checked against (exp, nbf, iat). */
  now?: () => number;
  fetch?: FetchLike;
  logger?: Pick<Logger, "error">;
}

// Asymmetric only: with an HS* algorithm anyone holding the (public) JWKS could forge tokens, and
// `none` is no signature at all.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];
// Enough for clocks a little apart; tokens live minutes, so more would stretch a stolen one.
const CLOCK_TOLERANCE_SECONDS = 10;
const JWKS_TIMEOUT_MS = 5_000;

export const RESOURCE_NAME = "T-Bank Hotels MCP";

/** Where RFC 9728 metadata is served for `resource` (the origin's well-known path). */
export function resourceMetadataUrl(resource: string): string {
  return `${new URL(resource).origin}/.well-known/oauth-protected-resource`;
}

/** The scopes a token grants: `scope` (space separated, RFC 9068) or `scp` (an array, some issuers). */
function grantedScopes(payload: JWTPayload): string[] {
  const scope: unknown = payload.scope;
  const scp: unknown = payload.scp;
  if (typeof scope === "string") return scope.split(" ").filter((s) => s !== "");
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === "string");
  if (typeof scp === "string") return scp.split(" ").filter((s) => s !== "");
  return [];
}

/** The issuer's JWKS, discovered on first use and again after a failure. */
function issuerKeys(settings: OAuthSettings, fetchImpl: FetchLike): () => Promise<JWTVerifyGetKey> {
  // One JWKS per process, discovered once; jose caches its keys and refetches for an unknown kid.
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  return () =>
    (keySet ??= (async () => {
      const url = settings.jwksUrl ?? (await discoverJwksUri(settings.issuer, fetchImpl));
      return createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS, [customFetch]: fetchImpl });
    })().catch((err: unknown) => {
      keySet = undefined;
      throw err;
    }));
}

/**
 * An OAuth 2.1 resource server (RFC 9728 metadata, RFC 6750 challenges): JWT access tokens from
 * `issuer`, signed with a key of its JWKS, for this resource (aud), unexpired, carrying the scope.
 */
export function createOAuthAuthenticator(settings: OAuthSettings, deps: OAuthAuthDeps = {}): HttpAuthenticator {
  const now = deps.now ?? Date.now;
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  const logger = deps.logger ?? nullLogger;
  const metadataUrl = resourceMetadataUrl(settings.resource);

  const keys = issuerKeys(settings, fetchImpl);
  const failure = (status: 400 | 401 | 403, error: string, description: string, extra: Record<string, string> = {}): AuthFailure => ({
    ok: false,
    status,
    error,
    description,
    wwwAuthenticate: bearerChallenge({ resource_metadata: metadataUrl, error, error_description: description, ...extra }),
  });

  const verify = async (token: string): Promise<AuthOutcome> => {
    let payload: JWTPayload;
    try {
      // Keys are resolved only for a well-formed token with an accepted algorithm.
      const getKey: JWTVerifyGetKey = async (header, input) => (await keys())(header, input);
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: settings.issuer,
        audience: settings.resource,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now()),
        requiredClaims: ["exp", "sub"],
      }));
    } catch (err) {
      const rejected = rejectionReason(err, settings);
      if (rejected !== undefined) return failure(401, "invalid_token", rejected);
      logger.error({ err: err instanceof Error ? err.message : String(err) }, "cannot check access tokens: the issuer's signing keys are unavailable");
      return {
        ok: false,
        status: 503,
        error: "temporarily_unavailable",
        description: "the access token cannot be checked right now (the authorization server's keys are unreachable); try again shortly",
      };
    }
    const scopes = grantedScopes(payload);
    if (!scopes.includes(settings.requiredScope)) {
      return failure(403, "insufficient_scope", `this server needs the "${settings.requiredScope}" scope`, { scope: settings.requiredScope });
    }
    return { ok: true, principal: { subject: oauthSubject(settings.issuer, String(payload.sub)), via: "oauth", scopes } };
  };

  return {
    async authenticate(req: IncomingMessage) {
      const authorization = headerValues(req, "authorization");
      if (authorization.length === 0) return noCredentials(settings, metadataUrl);
      if (authorization.length > 1) return failure(400, "invalid_request", "send one Authorization header");
      const token = bearerCredential(authorization[0] ?? "");
      if (token === undefined) return failure(401, "invalid_token", 'the Authorization header must be "Bearer <token>"');
      return verify(token);
    },
    resourceMetadata: () => resourceMetadataOf(settings),
  };
}

// RFC 6750 §3.1: no error code for a request without credentials; RFC 9728 §5.1 says where to get one.
function noCredentials(settings: OAuthSettings, metadataUrl: string): AuthFailure {
  return {
    ok: false,
    status: 401,
    error: "invalid_token",
    description: "this server needs an OAuth access token: Authorization: Bearer <token>",
    wwwAuthenticate: bearerChallenge({ resource_metadata: metadataUrl, scope: settings.requiredScope }),
  };
}

/** This server's RFC 9728 protected-resource metadata. */
function resourceMetadataOf(settings: OAuthSettings) {
  return {
    resource: settings.resource,
    authorization_servers: [settings.issuer],
    bearer_methods_supported: ["header"],
    scopes_supported: [settings.requiredScope],
    resource_name: RESOURCE_NAME,
  };
}

/** What is wrong with the token, for its holder; undefined when the fault is ours (keys unreachable). */
function rejectionReason(err: unknown, settings: OAuthSettings): string | undefined {
  if (err instanceof errors.JWTExpired) return "the access token has expired; get a new one";
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === "aud") return `the access token is for another resource; request one for ${settings.resource}`;
    if (err.claim === "iss") return `the access token was not issued by ${settings.issuer}`;
    if (err.claim === "nbf" || err.claim === "iat") return "the access token is not valid yet";
    return `the access token's ${err.claim} claim is ${err.reason === "missing" ? "missing" : "invalid"}`;
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) return "the access token is signed with an algorithm this server does not accept";
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return "the access token's signature does not match the authorization server's keys";
  }
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return "the access token is not a well-formed signed JWT";
  return undefined;
}

/**
 * How the server names a token's caller in its request log, rate-limit keys and guard: a `sub` is
 * often an email or a user id, which has no place in either, so only a hash of it (with its issuer).
 */
export function oauthSubject(issuer: string, sub: string): string {
  return `sub:${sha256Hex(`${issuer}\n${sub}`).slice(0, 24)}`;
}

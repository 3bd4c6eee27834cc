import type { SandboxEnv } from "../env.js";
import { json, type RouteDef } from "../http.js";
import { SERVICE_CLIENT_ID } from "./client-credentials.js";
import { deviceRoutes } from "./device-routes.js";
import { createDeviceStore } from "./devices.js";
import { createJwtIssuer } from "./jwt-issuer.js";
import { revokeRoute } from "./revoke-route.js";
import { SUPPORTED_SCOPES } from "./scopes.js";
import { createSessionStore } from "./sessions.js";
import { DEVICE_CODE_GRANT, tokenRoute } from "./token-route.js";
import type { IdentityModule, ServiceClient } from "./types.js";

/**
 * The sandbox identity provider: RFC 8628 device login, rotating refresh tokens, RFC 7009
 * revocation, and JWT access tokens for resource servers (client_credentials, RFC 8707 resource,
 * RFC 9068 claims) verifiable against its JWKS.
 */
export function createIdentityModule(env: SandboxEnv): IdentityModule {
  const sessions = createSessionStore(env);
  const devices = createDeviceStore(env, sessions);
  const client: ServiceClient = { clientId: SERVICE_CLIENT_ID, clientSecret: env.secret("cs") };
  const issuer = createJwtIssuer(env, SERVICE_CLIENT_ID);

  const metadata: RouteDef = {
    id: "oauth_metadata",
    method: "GET",
    path: "/.well-known/oauth-authorization-server",
    handler: () => {
      const origin = env.origin();
      return json(200, {
        issuer: origin,
        device_authorization_endpoint: `${origin}/oauth/device_authorization`,
        token_endpoint: `${origin}/oauth/token`,
        revocation_endpoint: `${origin}/oauth/revoke`,
        jwks_uri: `${origin}/oauth/jwks`,
        grant_types_supported: [DEVICE_CODE_GRANT, "refresh_token", "client_credentials"],
        response_types_supported: [],
        scopes_supported: [...SUPPORTED_SCOPES],
        token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
        revocation_endpoint_auth_methods_supported: ["none"],
      });
    },
  };

  const jwks: RouteDef = {
    id: "jwks",
    method: "GET",
    path: "/oauth/jwks",
    handler: async () => json(200, await issuer.jwks(), { "cache-control": "max-age=300" }),
  };

  const decide = (userCode: string, decision: "approved" | "denied"): void => {
    const result = devices.decide(userCode, decision);
    if (result !== "ok") throw new Error(`cannot mark device login ${decision}: ${result.replace("_", " ")}`);
  };

  return {
    routes: [
      metadata,
      jwks,
      ...deviceRoutes(env, devices),
      tokenRoute(devices, sessions, { client, issuer, ttlSeconds: env.accessTokenTtlSeconds }),
      revokeRoute(sessions),
    ],
    api: {
      verifyAccessToken: (token) => sessions.verify(token),
      approve: (userCode) => decide(userCode, "approved"),
      deny: (userCode) => decide(userCode, "denied"),
      stats: () => sessions.stats(),
    },
    resourceTokens: { mint: (claims) => issuer.mint(claims), serviceClient: () => ({ ...client }) },
  };
}

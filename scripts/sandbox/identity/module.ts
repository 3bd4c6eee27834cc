import type { SandboxEnv } from "../env.js";
import { json, type RouteDef } from "../http.js";
import { deviceRoutes } from "./device-routes.js";
import { createDeviceStore } from "./devices.js";
import { revokeRoute } from "./revoke-route.js";
import { SUPPORTED_SCOPES } from "./scopes.js";
import { createSessionStore } from "./sessions.js";
import { DEVICE_CODE_GRANT, tokenRoute } from "./token-route.js";
import type { IdentityModule } from "./types.js";

/** The sandbox identity provider: RFC 8628 device login, rotating refresh tokens, RFC 7009 revocation. */
export function createIdentityModule(env: SandboxEnv): IdentityModule {
  const sessions = createSessionStore(env);
  const devices = createDeviceStore(env, sessions);

  const metadata: RouteDef = {
    id: "oauth_metadata",
    method: "GET",
    path: "/.well-known/oauth-authorization-server",
    handler: () => {
      const issuer = env.origin();
      return json(200, {
        issuer,
        device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
        token_endpoint: `${issuer}/oauth/token`,
        revocation_endpoint: `${issuer}/oauth/revoke`,
        grant_types_supported: [DEVICE_CODE_GRANT, "refresh_token"],
        response_types_supported: [],
        scopes_supported: [...SUPPORTED_SCOPES],
        token_endpoint_auth_methods_supported: ["none"],
        revocation_endpoint_auth_methods_supported: ["none"],
      });
    },
  };

  const decide = (userCode: string, decision: "approved" | "denied"): void => {
    const result = devices.decide(userCode, decision);
    if (result !== "ok") throw new Error(`cannot mark device login ${decision}: ${result.replace("_", " ")}`);
  };

  return {
    routes: [metadata, ...deviceRoutes(env, devices), tokenRoute(devices, sessions), revokeRoute(sessions)],
    api: {
      verifyAccessToken: (token) => sessions.verify(token),
      approve: (userCode) => decide(userCode, "approved"),
      deny: (userCode) => decide(userCode, "denied"),
      stats: () => sessions.stats(),
    },
  };
}

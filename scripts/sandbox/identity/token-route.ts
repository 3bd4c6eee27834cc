import { z } from "zod";
import type { RouteDef } from "../http.js";
import { clientCredentialsGrant } from "./client-credentials.js";
import type { DeviceStore } from "./devices.js";
import type { JwtIssuer } from "./jwt-issuer.js";
import { CLIENT_ID, oauthError, oauthOk, readForm } from "./oauth.js";
import type { GrantResult, SessionStore } from "./sessions.js";
import type { ServiceClient } from "./types.js";

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

const TokenForm = z.object({
  grant_type: z.string(),
  client_id: z.string().optional(),
  device_code: z.string().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  client_secret: z.string().optional(),
  resource: z.string().optional(),
});

/** What the client_credentials grant needs: the one service client and the JWT signer. */
export interface ServiceGrant {
  client: ServiceClient;
  issuer: JwtIssuer;
  ttlSeconds: number;
}

const answer = (result: GrantResult) => (result.ok ? oauthOk(result.tokens) : oauthError(result.error, result.description));

export function tokenRoute(devices: DeviceStore, sessions: SessionStore, service: ServiceGrant): RouteDef {
  return {
    id: "token",
    method: "POST",
    path: "/oauth/token",
    handler: (req) => {
      const form = readForm(req, TokenForm);
      if (!form.ok) return form.error;
      const { grant_type, client_id, device_code, refresh_token, client_secret, resource, scope } = form.value;
      if (client_id !== undefined && !CLIENT_ID.test(client_id)) return oauthError("invalid_client", "client_id is malformed");
      switch (grant_type) {
        case DEVICE_CODE_GRANT:
          if (client_id === undefined) return oauthError("invalid_client", "client_id is required");
          if (device_code === undefined) return oauthError("invalid_request", "missing device_code");
          return answer(devices.poll(device_code, client_id));
        case "refresh_token":
          if (refresh_token === undefined) return oauthError("invalid_request", "missing refresh_token");
          return answer(sessions.rotate(refresh_token, client_id));
        case "client_credentials":
          return clientCredentialsGrant({ headers: req.headers, client_id, client_secret, resource, scope }, service.client, service.issuer, service.ttlSeconds);
        default:
          return oauthError("unsupported_grant_type", `grant_type ${grant_type} is not supported`);
      }
    },
  };
}

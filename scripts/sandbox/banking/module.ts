import { z } from "zod";
import type { SandboxEnv } from "../env.js";
import { bearerToken, json, providerError, type RouteDef, type RouteRequest, type SandboxResponse } from "../http.js";
import type { AccessGrant, IdentityApi } from "../identity/types.js";
import { travelSpending } from "./spending.js";

const MonthsSchema = z.coerce.number().int().min(1).max(24).default(12);

/** The sandbox Banking API: the customer's past hotel stays, read with a device-grant access token. */
export function createBankingModule(env: SandboxEnv, identity: IdentityApi): { routes: RouteDef[] } {
  const authorize = (req: RouteRequest): AccessGrant | SandboxResponse => {
    const token = bearerToken(req);
    const grant = token === undefined ? undefined : identity.verifyAccessToken(token);
    if (grant) return grant;
    const unauthorized = providerError(401, "unauthorized", "a valid bearer access token is required", req.requestId);
    // RFC 6750 §3: tell the client whether the token was missing or is no longer good.
    const challenge = token === undefined ? 'Bearer realm="tbank-sandbox"' : 'Bearer realm="tbank-sandbox", error="invalid_token"';
    return { ...unauthorized, headers: { ...unauthorized.headers, "www-authenticate": challenge } };
  };

  return {
    routes: [
      {
        id: "banking_status",
        method: "GET",
        path: "/banking/v1/status",
        handler: () => json(200, { status: "ok" }),
      },
      {
        id: "banking_travel_spending",
        method: "GET",
        path: "/banking/v1/travel/spending",
        handler: (req) => {
          const grant = authorize(req);
          if ("status" in grant) return grant;
          const months = MonthsSchema.safeParse(req.url.searchParams.get("months") ?? undefined);
          if (!months.success) return providerError(400, "bad_request", "months must be an integer from 1 to 24", req.requestId);
          return json(200, travelSpending(env.seed, env.clock.now(), months.data), { "cache-control": "no-store" });
        },
      },
    ],
  };
}

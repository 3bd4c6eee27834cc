import { z } from "zod";
import type { SandboxEnv } from "../env.js";
import { json, type RouteDef, type RouteRequest } from "../http.js";
import { approvalPage, decisionErrorPage, decisionPage } from "./approval-page.js";
import type { DecideResult, DeviceStore } from "./devices.js";
import { CLIENT_ID, oauthError, oauthOk, readForm } from "./oauth.js";
import { normalizeScope } from "./scopes.js";

const DeviceAuthorizationForm = z.object({ client_id: z.string().optional(), scope: z.string().optional() });
const ApproveForm = z.object({ user_code: z.string().max(64), action: z.enum(["approve", "deny"]).optional() });

const DECIDE_ERRORS: Record<Exclude<DecideResult, "ok">, string> = {
  unknown: "unknown user_code",
  expired: "user_code expired",
  already_decided: "this login was already decided",
};

// A browser form post wants a page back; fetch from tests and the demo gets JSON.
const wantsHtml = (req: RouteRequest): boolean => /\btext\/html\b/.test(req.headers.accept ?? "");

export function deviceRoutes(env: SandboxEnv, devices: DeviceStore): RouteDef[] {
  const verificationUri = (): string => `${env.origin()}/oauth/device`;
  return [
    {
      id: "device_authorization",
      method: "POST",
      path: "/oauth/device_authorization",
      handler: (req) => {
        const form = readForm(req, DeviceAuthorizationForm);
        if (!form.ok) return form.error;
        const clientId = form.value.client_id;
        if (clientId === undefined || !CLIENT_ID.test(clientId)) return oauthError("invalid_client", "client_id is missing or malformed");
        const scope = normalizeScope(form.value.scope);
        if (scope === undefined) return oauthError("invalid_scope", "supported scopes: hotels, banking");
        const grant = devices.start(clientId, scope);
        return oauthOk({
          device_code: grant.deviceCode,
          user_code: grant.userCode,
          verification_uri: verificationUri(),
          verification_uri_complete: `${verificationUri()}?user_code=${encodeURIComponent(grant.userCode)}`,
          expires_in: env.deviceCodeTtlSeconds,
          interval: grant.intervalSeconds,
        });
      },
    },
    {
      id: "device_page",
      method: "GET",
      path: "/oauth/device",
      handler: (req) => {
        const userCode = req.url.searchParams.get("user_code") ?? undefined;
        if (!userCode) return approvalPage(undefined, undefined);
        const grant = devices.findPending(userCode);
        return grant ? approvalPage(grant.userCode, grant.scope) : approvalPage(userCode, undefined, "This code is unknown, expired or already used.");
      },
    },
    {
      id: "device_approve",
      method: "POST",
      path: "/oauth/device/approve",
      handler: (req) => {
        const form = readForm(req, ApproveForm);
        if (!form.ok) return wantsHtml(req) ? decisionErrorPage("The code is missing.") : form.error;
        const decision = form.value.action === "deny" ? "denied" : "approved";
        const result = devices.decide(form.value.user_code, decision);
        if (result !== "ok") return wantsHtml(req) ? decisionErrorPage(`Cannot use this code: ${DECIDE_ERRORS[result]}.`) : json(400, { error: "invalid_user_code", error_description: DECIDE_ERRORS[result] });
        return wantsHtml(req) ? decisionPage(decision) : json(200, { status: decision });
      },
    },
  ];
}

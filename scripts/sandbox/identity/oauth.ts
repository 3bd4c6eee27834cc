import type { z } from "zod";
import { json, parseFormBody, type RouteRequest, type SandboxResponse } from "../http.js";
import { err, ok, type Result } from "../../../shared/result.js";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "invalid_target"
  | "unsupported_grant_type"
  | "authorization_pending"
  | "slow_down"
  | "access_denied"
  | "expired_token";

export interface OAuthFailure {
  ok: false;
  error: OAuthErrorCode;
  description: string;
}

// RFC 6749 §5.1: token responses must not be cached by anything in between.
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export function oauthError(error: OAuthErrorCode, description: string): SandboxResponse {
  if (error === "invalid_client") {
    return json(401, { error, error_description: description }, { ...NO_STORE, "www-authenticate": 'Basic realm="tbank-sandbox"' });
  }
  return json(400, { error, error_description: description }, NO_STORE);
}

export function oauthOk(body: unknown): SandboxResponse {
  return json(200, body, NO_STORE);
}

export function fail(error: OAuthErrorCode, description: string): OAuthFailure {
  return { ok: false, error, description };
}

export const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export type FormResult<T> = Result<T, SandboxResponse>;

/**
 * Reads a form-encoded OAuth request. RFC 6749 §3.2 forbids repeated parameters, and a client that
 * sends JSON to a token endpoint is a bug worth surfacing, so both are `invalid_request`.
 */
export function readForm<S extends z.ZodType>(req: RouteRequest, schema: S): FormResult<z.infer<S>> {
  const type = req.headers["content-type"] ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return err(oauthError("invalid_request", "expected an application/x-www-form-urlencoded body"));
  }
  const fields = new Map<string, string>();
  for (const [key, value] of parseFormBody(req)) {
    if (fields.has(key)) return err(oauthError("invalid_request", `parameter ${key} is repeated`));
    // RFC 6749 §3.1: a parameter sent without a value is treated as omitted.
    if (value !== "") fields.set(key, value);
  }
  const parsed = schema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") || "parameters";
    return err(oauthError("invalid_request", `missing or invalid ${field}`));
  }
  return ok(parsed.data);
}

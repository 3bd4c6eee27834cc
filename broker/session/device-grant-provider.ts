import { z } from "zod";
import { oauthRequest, type FetchFn, type OAuthResponse } from "./oauth-http.js";
import { IdentityProviderError, type DeviceAuthorization, type DevicePollOutcome, type IdentityProvider, type TokenGrant } from "./provider.js";
import type { Clock } from "../../shared/time.js";

export const CLIENT_ID = "tbank-mcp-toolkit";
export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

// Plain http only on loopback, as for every other service URL in the config.
const EndpointSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((u) => u.startsWith("https:") || LOOPBACK.has(new URL(u).hostname), "plain http is allowed only on loopback");

// Provider answers are parsed with z.object, not strictObject: providers add fields freely.
const MetadataSchema = z.object({
  issuer: z.string(),
  device_authorization_endpoint: EndpointSchema,
  token_endpoint: EndpointSchema,
  revocation_endpoint: EndpointSchema.optional(),
});
const DeviceAuthorizationSchema = z.object({
  device_code: z.string().min(1).max(4096),
  user_code: z.string().min(1).max(64),
  verification_uri: EndpointSchema,
  verification_uri_complete: EndpointSchema.optional(),
  expires_in: z.int().positive().max(86_400),
  interval: z.int().min(0).max(600).optional(),
});
const TokenSchema = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.int().positive().max(31_536_000),
  refresh_token: z.string().min(1).max(4096),
  refresh_token_expires_in: z.int().positive().optional(),
});
const OAuthErrorSchema = z.object({ error: z.string().regex(/^[\x20-\x7e]{1,64}$/) });

interface Endpoints {
  deviceAuthorization: string;
  token: string;
  revocation: string | undefined;
}

export interface DeviceGrantProviderOptions {
  issuerUrl: string;
  clientId?: string;
  /** Space-separated scopes; the provider's default when absent. */
  scope?: string;
  fetch?: FetchFn;
  now?: Clock;
  /** Upper bound for one HTTP exchange, on top of the caller's signal. */
  requestTimeoutMs?: number;
}

function oauthErrorOf(res: OAuthResponse): string | undefined {
  const parsed = OAuthErrorSchema.safeParse(res.json);
  return parsed.success ? parsed.data.error : undefined;
}

function toGrant(json: unknown): TokenGrant {
  const parsed = TokenSchema.safeParse(json);
  // The provider answered 200, so it has likely spent what we presented: the outcome is unknown.
  if (!parsed.success) throw new IdentityProviderError("indeterminate", "identity provider sent an unusable token response", { status: 200 });
  const t = parsed.data;
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresInSeconds: t.expires_in, ...(t.refresh_token_expires_in ? { refreshExpiresInSeconds: t.refresh_token_expires_in } : {}) };
}

/** RFC 8628 device login, refresh-token rotation and RFC 7009 revocation, endpoints from RFC 8414 metadata. */
export class DeviceGrantProvider implements IdentityProvider {
  readonly issuer: string;
  private readonly clientId: string;
  private readonly scope: string | undefined;
  private readonly fetchFn: FetchFn;
  private readonly now: Clock;
  private readonly requestTimeoutMs: number;
  private endpoints: Endpoints | undefined;

  constructor(opts: DeviceGrantProviderOptions) {
    this.issuer = opts.issuerUrl.replace(/\/+$/, "");
    this.clientId = opts.clientId ?? CLIENT_ID;
    this.scope = opts.scope;
    this.fetchFn = opts.fetch ?? globalThis.fetch;
    this.now = opts.now ?? Date.now;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  async startDeviceAuthorization(signal: AbortSignal): Promise<DeviceAuthorization> {
    const ep = await this.discover(signal);
    const res = await this.call(ep.deviceAuthorization, signal, { client_id: this.clientId, ...(this.scope ? { scope: this.scope } : {}) });
    if (res.status !== 200) throw new IdentityProviderError("protocol", "identity provider refused to start a device login", { status: res.status, ...this.errorDetail(res) });
    const parsed = DeviceAuthorizationSchema.safeParse(res.json);
    if (!parsed.success) throw new IdentityProviderError("protocol", "identity provider sent an unusable device authorization", { status: res.status });
    const d = parsed.data;
    return {
      deviceCode: d.device_code,
      userCode: d.user_code,
      verificationUri: d.verification_uri,
      ...(d.verification_uri_complete ? { verificationUriComplete: d.verification_uri_complete } : {}),
      expiresInSeconds: d.expires_in,
      intervalSeconds: d.interval ?? 5,
    };
  }

  async pollDeviceToken(deviceCode: string, signal: AbortSignal): Promise<DevicePollOutcome> {
    const ep = await this.discover(signal);
    const res = await this.call(ep.token, signal, { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: this.clientId });
    if (res.status === 200) return { kind: "approved", tokens: toGrant(res.json) };
    switch (oauthErrorOf(res)) {
      case "authorization_pending":
        return { kind: "pending" };
      case "slow_down":
        return { kind: "slow_down" };
      case "access_denied":
        return { kind: "denied" };
      case "expired_token":
      case "invalid_grant":
        return { kind: "expired" };
      default:
        throw new IdentityProviderError("protocol", "identity provider refused the device code", { status: res.status, ...this.errorDetail(res) });
    }
  }

  async refresh(refreshToken: string, signal: AbortSignal): Promise<TokenGrant> {
    const ep = await this.discover(signal);
    const res = await this.call(ep.token, signal, { grant_type: "refresh_token", refresh_token: refreshToken, client_id: this.clientId });
    if (res.status === 200) return toGrant(res.json);
    const error = oauthErrorOf(res);
    const kind = error === "invalid_grant" || error === "invalid_client" || error === "unauthorized_client" ? "rejected" : "protocol";
    throw new IdentityProviderError(kind, kind === "rejected" ? "identity provider rejected the refresh token" : "identity provider refused the refresh", { status: res.status, ...this.errorDetail(res) });
  }

  async revoke(refreshToken: string, signal: AbortSignal): Promise<void> {
    const ep = await this.discover(signal);
    if (ep.revocation === undefined) return;
    const res = await this.call(ep.revocation, signal, { token: refreshToken, token_type_hint: "refresh_token", client_id: this.clientId });
    if (res.status !== 200) throw new IdentityProviderError("protocol", "identity provider refused the revocation", { status: res.status, ...this.errorDetail(res) });
  }

  private errorDetail(res: OAuthResponse): { oauthError?: string } {
    const error = oauthErrorOf(res);
    return error === undefined ? {} : { oauthError: error };
  }

  private call(url: string, signal: AbortSignal, form?: Record<string, string>): Promise<OAuthResponse> {
    const bounded = AbortSignal.any([signal, AbortSignal.timeout(this.requestTimeoutMs)]);
    return oauthRequest({ url, signal: bounded, fetch: this.fetchFn, now: this.now, ...(form ? { form } : {}) });
  }

  private async discover(signal: AbortSignal): Promise<Endpoints> {
    if (this.endpoints) return this.endpoints;
    let res: OAuthResponse;
    try {
      res = await this.call(`${this.issuer}/.well-known/oauth-authorization-server`, signal);
    } catch (err) {
      // No token has been sent yet, so whatever happened here is safe to retry.
      if (err instanceof IdentityProviderError && (err.kind === "indeterminate" || err.kind === "unavailable")) {
        throw new IdentityProviderError("unreachable", "identity provider metadata is unavailable", { cause: err, ...(err.retryAfterMs === undefined ? {} : { retryAfterMs: err.retryAfterMs }) });
      }
      throw err;
    }
    const parsed = MetadataSchema.safeParse(res.json);
    if (res.status !== 200 || !parsed.success) throw new IdentityProviderError("protocol", "identity provider metadata is unusable", { status: res.status });
    // RFC 8414 §3.3: metadata naming another issuer must not be used.
    if (parsed.data.issuer.replace(/\/+$/, "") !== this.issuer) throw new IdentityProviderError("protocol", "identity provider metadata names another issuer");
    const m = parsed.data;
    this.endpoints = { deviceAuthorization: m.device_authorization_endpoint, token: m.token_endpoint, revocation: m.revocation_endpoint };
    return this.endpoints;
  }
}

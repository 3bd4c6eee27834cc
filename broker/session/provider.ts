// The identity provider behind the broker. The real bank's login flow is not public, so the
// manager only knows this interface; DeviceGrantProvider (RFC 8628) is the one implementation today.

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresInSeconds: number;
  /** Seconds between polls; RFC 8628 §3.2 says 5 when the provider does not say. */
  intervalSeconds: number;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  refreshExpiresInSeconds?: number;
}

export type DevicePollOutcome =
  | { kind: "approved"; tokens: TokenGrant }
  | { kind: "pending" }
  | { kind: "slow_down" }
  | { kind: "denied" }
  | { kind: "expired" };

export interface IdentityProvider {
  /** Persisted with the session: a refresh token is never presented to another issuer. */
  readonly issuer: string;
  startDeviceAuthorization(signal: AbortSignal): Promise<DeviceAuthorization>;
  pollDeviceToken(deviceCode: string, signal: AbortSignal): Promise<DevicePollOutcome>;
  refresh(refreshToken: string, signal: AbortSignal): Promise<TokenGrant>;
  revoke(refreshToken: string, signal: AbortSignal): Promise<void>;
}

/**
 * What a failed provider call means for the token it carried. The distinction that matters is
 * whether the server may have acted on the request: only then could a refresh token have been spent.
 *
 * - `unreachable`: no connection was made; the request certainly never arrived. Safe to resend.
 * - `unavailable`: the server answered 5xx or 429, which is not a token response: nothing was issued.
 * - `indeterminate`: the request went out but no usable answer came back (timeout, reset, a cut or
 *   unreadable 200). The server may have rotated the token.
 * - `rejected`: an OAuth error that ends the grant (`invalid_grant`, `invalid_client`, ...).
 * - `protocol`: an answer outside the contract (redirect, unknown 4xx, bad content type).
 */
export type IdentityFailureKind = "unreachable" | "unavailable" | "indeterminate" | "rejected" | "protocol";

export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
  readonly kind: IdentityFailureKind;
  readonly status: number | undefined;
  /** The OAuth `error` code when the provider sent a known one; never its description. */
  readonly oauthError: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(kind: IdentityFailureKind, message: string, details: { status?: number; oauthError?: string; retryAfterMs?: number; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.oauthError = details.oauthError;
    this.retryAfterMs = details.retryAfterMs;
  }
}

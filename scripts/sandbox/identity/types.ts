import type { RouteDef } from "../http.js";

/** A live access token resolves to the session and the customer it was issued for. */
export interface AccessGrant {
  sessionId: string;
  subject: string;
}

export interface IdentityStats {
  sessionsActive: number;
  sessionsRevoked: number;
  accessTokensIssued: number;
  refreshRotations: number;
  /** How many times a spent refresh token was presented (each revokes its session). */
  reuseDetections: number;
  revocationRequests: number;
}

export interface IdentityApi {
  verifyAccessToken(token: string): AccessGrant | undefined;
  /** Approves a pending device authorization, as the person would on the approval page. */
  approve(userCode: string): void;
  deny(userCode: string): void;
  stats(): IdentityStats;
}

export interface IdentityModule {
  routes: RouteDef[];
  api: IdentityApi;
}

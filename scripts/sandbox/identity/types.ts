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

/**
 * Claims for a JWT access token minted through the control API. `aud` is the resource; every other
 * registered claim has a default (iss = the sandbox, sub = the service client, scope "hotels", exp in
 * `accessTokenTtlSeconds`); a claim given as undefined is left out of the token.
 */
export type MintClaims = { aud: string | string[] } & Record<string, unknown>;

/** The confidential client of the client_credentials grant; its secret is fresh per sandbox start. */
export interface ServiceClient {
  clientId: string;
  clientSecret: string;
}

/** JWT access tokens for resource servers such as the remote Hotels MCP (issue 17). */
export interface ResourceTokens {
  /** Signed with the sandbox's real key (tests: expired, wrong audience, no scope). */
  mint(claims: MintClaims): Promise<string>;
  serviceClient(): ServiceClient;
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
  resourceTokens: ResourceTokens;
}

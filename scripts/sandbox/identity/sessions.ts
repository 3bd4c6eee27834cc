import type { SandboxEnv } from "../env.js";
import { setBounded } from "./bounded.js";
import { fail, type OAuthFailure } from "./oauth.js";
import type { AccessGrant, IdentityStats } from "./types.js";

/** The sandbox has exactly one customer; every approved login belongs to them. */
export const CUSTOMER_SUBJECT = "customer-1";

const MAX_SESSIONS = 2_000;
const MAX_TOKENS = 5_000;

interface Session {
  id: string;
  subject: string;
  clientId: string;
  scope: string;
  revoked: boolean;
}

interface TokenRecord {
  sessionId: string;
  expiresAt: number;
}

interface RefreshRecord extends TokenRecord {
  spent: boolean;
}

export interface TokenSet {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export type GrantResult = { ok: true; tokens: TokenSet } | OAuthFailure;

export interface SessionStore {
  open(clientId: string, scope: string): TokenSet;
  rotate(refreshToken: string, clientId: string | undefined): GrantResult;
  /** RFC 7009: a refresh token ends its session, an access token only itself; unknown tokens are ignored. */
  revoke(token: string): void;
  verify(accessToken: string): AccessGrant | undefined;
  stats(): IdentityStats;
}

export function createSessionStore(env: SandboxEnv): SessionStore {
  const sessions = new Map<string, Session>();
  const access = new Map<string, TokenRecord>();
  const refresh = new Map<string, RefreshRecord>();
  const counts = { accessTokensIssued: 0, refreshRotations: 0, reuseDetections: 0, revocationRequests: 0 };
  let nextSession = 1;

  const live = (sessionId: string): Session | undefined => {
    const session = sessions.get(sessionId);
    return session && !session.revoked ? session : undefined;
  };

  const issue = (session: Session): TokenSet => {
    const now = env.clock.now();
    const accessToken = env.secret("at");
    const refreshToken = env.secret("rt");
    setBounded(access, accessToken, { sessionId: session.id, expiresAt: now + env.accessTokenTtlSeconds * 1000 }, MAX_TOKENS);
    setBounded(refresh, refreshToken, { sessionId: session.id, expiresAt: now + env.refreshTokenTtlSeconds * 1000, spent: false }, MAX_TOKENS);
    counts.accessTokensIssued++;
    return { access_token: accessToken, token_type: "Bearer", expires_in: env.accessTokenTtlSeconds, refresh_token: refreshToken, scope: session.scope };
  };

  const revokeSession = (sessionId: string): void => {
    const session = sessions.get(sessionId);
    if (session) session.revoked = true;
  };

  return {
    open(clientId, scope) {
      const session: Session = { id: `sess-${nextSession++}`, subject: CUSTOMER_SUBJECT, clientId, scope, revoked: false };
      setBounded(sessions, session.id, session, MAX_SESSIONS);
      return issue(session);
    },

    rotate(refreshToken, clientId) {
      const record = refresh.get(refreshToken);
      if (!record) return fail("invalid_grant", "unknown refresh token");
      const session = live(record.sessionId);
      if (!session) return fail("invalid_grant", "the session has ended");
      if (record.spent) {
        // RFC 9700 §4.14.2: a spent refresh token coming back means it leaked; end the whole session.
        counts.reuseDetections++;
        revokeSession(session.id);
        return fail("invalid_grant", "refresh token reuse detected; the session has been revoked");
      }
      if (clientId !== undefined && clientId !== session.clientId) return fail("invalid_grant", "refresh token was issued to another client");
      if (record.expiresAt <= env.clock.now()) return fail("invalid_grant", "refresh token expired");
      record.spent = true;
      counts.refreshRotations++;
      return { ok: true, tokens: issue(session) };
    },

    revoke(token) {
      counts.revocationRequests++;
      // Access and refresh tokens have distinct prefixes, so the hint is never needed to tell them apart.
      const asRefresh = refresh.get(token);
      if (asRefresh) return revokeSession(asRefresh.sessionId);
      access.delete(token);
    },

    verify(accessToken) {
      const record = access.get(accessToken);
      if (!record || record.expiresAt <= env.clock.now()) return undefined;
      const session = live(record.sessionId);
      return session ? { sessionId: session.id, subject: session.subject } : undefined;
    },

    stats() {
      let sessionsActive = 0;
      let sessionsRevoked = 0;
      for (const session of sessions.values()) {
        if (session.revoked) sessionsRevoked++;
        else sessionsActive++;
      }
      return { sessionsActive, sessionsRevoked, ...counts };
    },
  };
}

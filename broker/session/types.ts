import { z } from "zod";
import type { StoreBackendKind } from "../types.js";

// Bounds keep a tampered or broken store from feeding huge strings into memory and logs.
const TokenValueSchema = z.string().min(1).max(4096);

/**
 * What survives a restart. The access token is deliberately absent: it lives in memory only, and a
 * restarted broker gets a fresh one by refreshing on first use.
 */
export const PersistedSessionSchema = z.strictObject({
  version: z.literal(1),
  refreshToken: TokenValueSchema,
  sessionId: z.string().min(1).max(128),
  generation: z.int().min(1),
  refreshExpiresAt: z.int().min(0).optional(),
  /**
   * The issuer that minted the refresh token: it is never presented to any other for a refresh, and
   * a broker configured for another issuer revokes it there and wipes it. Absent in files written
   * before it was recorded: those belong to the configured issuer.
   */
  issuer: z.string().min(1).max(2048).optional(),
  /**
   * The refresh journal: set (and saved) before a refresh request is sent, dropped with the save of
   * its result. Found on start-up, it means the broker died with the request in flight, so the
   * stored refresh token may already be spent and its successor lost.
   */
  refreshStartedAt: z.int().min(0).optional(),
});
export type PersistedSession = z.infer<typeof PersistedSessionSchema>;

/** The live session in memory. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  sessionId: string;
  generation: number;
}

export interface SessionStore {
  /** Undefined when there is no usable session (absent, corrupt, or refused and logged). */
  load(): Promise<PersistedSession | undefined>;
  save(session: PersistedSession): Promise<void>;
  wipe(): Promise<void>;
  /**
   * For revocation only, never for use: the stored session even when load() refuses it for its
   * file mode (a group-readable file), so `logout` can still revoke what it is about to wipe.
   */
  loadForRevocation?(): Promise<PersistedSession | undefined>;
  /** Releases what the store holds (its lock); the stored session stays. */
  close?(): Promise<void>;
  /** Fires once when the store stops being ours (its lock was compromised): stop using it. */
  onLost?(listener: (reason: string) => void): void;
}

export interface StoreBackendInfo {
  kind: StoreBackendKind;
  /** Why `auto` chose this backend when it was not the first choice. */
  note?: string;
}

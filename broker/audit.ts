import type { Role } from "../shared/protocol/common.js";
import type { Logger } from "../shared/logger.js";
import type { PeerCredentials } from "./types.js";

/** One audit line: who asked for what and how it ended. Never arguments or results. */
export interface AuditEvent {
  event: "request" | "connection_refused" | "connection_dropped" | "handshake_refused" | "capability_replay";
  role?: Role;
  peer?: PeerCredentials;
  op?: string;
  /** "ok" or an error code or a short reason word. */
  outcome: string;
  durationMs?: number;
}

export interface Audit {
  record(event: AuditEvent): void;
}

export function createAudit(logger: Logger): Audit {
  return {
    record: (e) => {
      const { peer, ...rest } = e;
      logger.info({ ...rest, peerPid: peer?.pid, peerUid: peer?.uid }, "audit");
    },
  };
}

export const nullAudit: Audit = { record: () => undefined };

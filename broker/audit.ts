import type { DestinationStream } from "pino";
import type { SecretRegistry } from "../shared/logger.js";
import type { Role } from "../shared/protocol/common.js";
import type { WriteKind } from "../shared/protocol/ops-hotels-writes.js";
import type { PeerCredentials } from "./types.js";
import type { Clock } from "../shared/time.js";

/** One audit line: who asked for what and how it ended. Never arguments or results. */
export interface AuditEvent {
  event: "request" | "connection_refused" | "connection_dropped" | "handshake_refused" | "capability_replay" | "audit_suppressed" | "write";
  role?: Role;
  peer?: PeerCredentials;
  op?: string;
  /** "ok" or an error code or a short reason word; for `write`, the step (see WriteStep). */
  outcome: string;
  durationMs?: number;
  /** `write` lines: the kind and the first 12 hex digits of the requestHash; never names, contacts or ids. */
  writeKind?: WriteKind;
  requestHash?: string;
}

export interface Audit {
  record(event: AuditEvent): void;
}

/**
 * Writes pino-compatible JSON lines (level 30, time, pid, msg "audit") straight to the broker log.
 * It skips pino's redaction machinery on purpose: an audit line has a fixed set of non-secret
 * fields, and this runs once per request on the hot path. Registered secrets are still scrubbed,
 * since `op` comes from the client.
 */
export function createAudit(destination: DestinationStream, secrets: SecretRegistry, now: Clock = Date.now): Audit {
  const pid = process.pid;
  return {
    record: (e) => {
      // Built by hand: this runs once per request, and only `op` and `outcome` can need escaping.
      let line = `{"level":30,"time":${now()},"pid":${pid},"component":"audit","event":"${e.event}"`;
      if (e.role !== undefined) line += `,"role":"${e.role}"`;
      if (e.peer !== undefined) line += `,"peerPid":${e.peer.pid},"peerUid":${e.peer.uid}`;
      if (e.op !== undefined) line += `,"op":${JSON.stringify(e.op)}`;
      line += `,"outcome":${JSON.stringify(e.outcome)}`;
      if (e.durationMs !== undefined) line += `,"durationMs":${e.durationMs}`;
      if (e.writeKind !== undefined) line += `,"writeKind":"${e.writeKind}"`;
      if (e.requestHash !== undefined) line += `,"requestHash":${JSON.stringify(e.requestHash.slice(0, 12))}`;
      line += ',"msg":"audit"}\n';
      destination.write(secrets.size === 0 ? line : secrets.scrub(line));
    },
  };
}

export const nullAudit: Audit = { record: () => undefined };

import { describe, expect, it } from "vitest";
import { createAudit } from "../../broker/audit.js";
import { SecretRegistry } from "../../shared/logger.js";

describe("audit lines", () => {
  it("are one JSON object per line with the documented fields", () => {
    const lines: string[] = [];
    const audit = createAudit({ write: (l: string) => void lines.push(l) }, new SecretRegistry(), () => 1234);
    audit.record({ event: "request", role: "hotels", peer: { pid: 10, uid: 1000, gid: 1000 }, op: 'we"ird\nop', outcome: "ok", durationMs: 0.42 });
    audit.record({ event: "connection_refused", outcome: "peer_unknown" });
    expect(lines.every((l) => l.endsWith("\n") && !l.slice(0, -1).includes("\n"))).toBe(true);
    expect(JSON.parse(lines[0]!)).toEqual({ level: 30, time: 1234, pid: process.pid, component: "audit", event: "request", role: "hotels", peerPid: 10, peerUid: 1000, op: 'we"ird\nop', outcome: "ok", durationMs: 0.42, msg: "audit" });
    expect(JSON.parse(lines[1]!)).toMatchObject({ event: "connection_refused", outcome: "peer_unknown" });
  });

  it("scrubs registered secrets, e.g. a token a client put into an op name", () => {
    const lines: string[] = [];
    const secrets = new SecretRegistry();
    secrets.add("at_CANARY_secret_token");
    createAudit({ write: (l: string) => void lines.push(l) }, secrets).record({ event: "request", op: "at_CANARY_secret_token", outcome: "operation_not_allowed" });
    expect(lines[0]).not.toContain("CANARY");
  });
});

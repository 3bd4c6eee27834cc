import type { Audit, AuditEvent } from "../audit.js";
import type { PeerCredentials } from "../types.js";
import type { Role } from "../../shared/protocol/common.js";

// Enough for any real client (an MCP makes a few calls a second); without a cap, a pipelining
// client's request lines alone can fill the log's whole rotation in seconds.
export const AUDIT_LINES_PER_SECOND = 100;

/**
 * One connection's request lines: at most `perWindow` per window. The rest are counted, and the
 * count is written as one `audit_suppressed` line at the connection's next line or at its close,
 * so the log says that lines are missing and how many.
 */
export class AuditBudget {
  private windowStart: number;
  private used = 0;
  private suppressed = 0;

  constructor(
    private readonly audit: Audit,
    private readonly peer: PeerCredentials,
    now: number,
    private readonly perWindow = AUDIT_LINES_PER_SECOND,
    private readonly windowMs = 1000,
  ) {
    this.windowStart = now;
  }

  record(event: AuditEvent, now: number): void {
    if (now - this.windowStart >= this.windowMs) {
      this.report(event.role);
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used < this.perWindow) {
      this.used++;
      this.audit.record(event);
    } else this.suppressed++;
  }

  report(role: Role | undefined): void {
    if (this.suppressed === 0) return;
    this.audit.record({ event: "audit_suppressed", role, peer: this.peer, outcome: `${this.suppressed} lines` });
    this.suppressed = 0;
  }
}

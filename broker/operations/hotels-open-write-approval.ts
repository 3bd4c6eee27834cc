import { toIsoTimestamp } from "../../shared/time.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { requireWrites } from "./deps.js";

// The loopback page's one-time URL for a prepared request, so the MCP can hand it to the person
// with the phrase. No provider call: the page shows the request once an execute registers it.
export function hotelsOpenWriteApproval(deps: Pick<OperationDeps, "writes" | "audit">): OperationHandler<"hotels.open_write_approval_v1"> {
  return async ({ requestHash, kind }) => {
    const writes = requireWrites(deps);
    writes.requireOpen(kind);
    const { approvalUrl, expiresAt } = await writes.pageUrl(requestHash);
    deps.audit?.record({ event: "write", writeKind: kind, requestHash, outcome: "approval_page_opened" });
    return { approvalUrl, terminalCommand: "tbank-mcp approve", expiresAt: toIsoTimestamp(expiresAt) };
  };
}

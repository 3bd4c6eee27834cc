import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// The person's terminal (toolkit role) sees what is waiting for their decision, in full.
export function brokerListApprovals(deps: Pick<OperationDeps, "writes">): OperationHandler<"broker.list_approvals"> {
  return () => ({ pending: deps.writes?.registry.list() ?? [] });
}

import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// Only the toolkit role (the person's terminal) reaches this; the hotels role cannot approve.
export function brokerDecideApproval(deps: Pick<OperationDeps, "writes">): OperationHandler<"broker.decide_approval"> {
  return ({ approvalId, decision }) => {
    if (deps.writes === undefined) throw new BrokerError("invalid_ref", "no pending request with this id (already decided or timed out)");
    return deps.writes.registry.decide(approvalId, decision);
  };
}

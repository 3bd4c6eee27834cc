import { isBrokerError } from "../../shared/protocol/broker-error.js";
import { toIsoTimestamp } from "../../shared/time.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

export function bankingConsumePaymentHandoff(deps: Pick<OperationDeps, "capabilities" | "logger">): OperationHandler<"banking.consume_payment_handoff"> {
  return ({ paymentHandoffRef }, req) => {
    try {
      const facts = deps.capabilities.consume(paymentHandoffRef, req.role);
      return {
        amountDecimal: facts.amountDecimal,
        currency: facts.currency,
        paymentStatus: facts.paymentStatus,
        observedAt: toIsoTimestamp(facts.observedAt),
        consumedAt: toIsoTimestamp(facts.consumedAt),
      };
    } catch (err) {
      // A replayed capability is worth an audit line of its own (the ref itself is never logged).
      if (isBrokerError(err) && err.code === "capability_consumed") {
        deps.logger.warn({ event: "payment_handoff_replay", role: req.role, peerPid: req.peer.pid, peerUid: req.peer.uid }, "a consumed payment handoff was presented again");
      }
      throw err;
    }
  };
}

import { z } from "zod";
import type { OperationName } from "../../../shared/protocol/operations.js";
import { brokerFailure, type BrokerFailure } from "../../shared/broker-client.js";
import { failure, type FailureFields } from "../../shared/outcome.js";
import { notConfiguredNextStep, type ReadinessTools } from "../../shared/readiness.js";
import type { BankingContext } from "../context.js";
import type { ToolOutcome } from "./define.js";

// `{"type":"object"}` in tools/list: nested payloads are typed where they are built, and an open
// object costs a few tokens in tools/list instead of a full schema.
export const AnyObject = z.unknown().meta({ type: "object" });

// retryAllowed comes with failures only: on a success it reads like an error.
export const Base = { status: z.string(), retryAllowed: z.boolean().optional(), nextStep: z.string() };

export type BankingFailure = FailureFields<BrokerFailure["status"] | "customer_tools_not_configured" | "invalid_input">;

/** How the readiness next steps name this server's tools. */
export const BANKING_TOOLS: ReadinessTools = {
  subject: "banking tools",
  service: "the banking API",
  ready: "ready: tbank_banking_get_hotel_preferences, or tbank_banking_preview_hotel_payment with a ref from tbank_hotels_create_payment_handoff_preview",
  unverified: "tbank_banking_get_hotel_preferences is off; tbank_banking_preview_hotel_payment still works",
};

export const NOT_CONFIGURED: BankingFailure = {
  status: "customer_tools_not_configured",
  retryAllowed: false,
  nextStep: notConfiguredNextStep(BANKING_TOOLS),
};

/** Maps a failed broker call; the broker's own message is never repeated. */
export function brokerCallFailed(ctx: BankingContext, op: OperationName, err: unknown): ToolOutcome<BankingFailure> {
  const f = brokerFailure(err, op);
  ctx.logger.warn({ op, outcome: f.status }, "broker call failed");
  return failure(f);
}

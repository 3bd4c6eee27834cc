import { BrokerUnavailableError } from "../../../shared/protocol/client.js";
import { isBrokerError, type ErrorCode } from "../../../shared/protocol/broker-error.js";
import type { ExecuteWriteArgs, ExecuteWriteResult } from "../../../shared/protocol/ops-hotels-writes.js";
import { confirmationPhraseOf, PREPARATION_TTL_MS, requestHashOf } from "../../../shared/writes/hash.js";
import { brokerFailure, type BrokerFailure } from "../../shared/broker-client.js";
import type { HotelsContext } from "../context.js";
import { openApproval, type ApprovalChannels } from "./prepare.js";
import { writeReadiness } from "./readiness.js";

// The MCP half of an execute. Readiness comes first (the seed: a tool that cannot execute must not
// send the model back to prepare again), then the local checks the broker repeats, so a changed
// field, an expired preparation or a wrong phrase costs no broker call and cannot reach the person.

export type PreparationProblem = "fields_changed" | "expired" | "wrong_phrase" | "not_prepared_here" | "refused_by_broker";

export type ExecuteOutcome =
  | { status: "committed"; result: Extract<ExecuteWriteResult, { outcome: "committed" }> }
  | { status: "refused_by_provider"; result: Extract<ExecuteWriteResult, { outcome: "refused_by_provider" }> }
  | { status: "execution_unavailable"; reason: string }
  | { status: "preparation_invalid"; problem: PreparationProblem }
  // Not decided within the call's wait: the request still waits for the person until
  // approvalExpiresAt; the same call again returns the decision, or the one outcome.
  | { status: "approval_pending"; approvalExpiresAt: string; channels: ApprovalChannels }
  | { status: "approval_denied" }
  | { status: "approval_timeout" }
  | { status: "in_progress" }
  // answerLost: the broker's own answer did not arrive (the MCP's wait ran out or the connection
  // broke), so even the broker's ledger state is unknown here; calling again asks it.
  | { status: "outcome_unknown"; answerLost: boolean }
  | { status: "cancelled" }
  | { status: "broker_failure"; failure: BrokerFailure };

export type ExecuteStatus = ExecuteOutcome["status"];

// A preparedAt this far ahead of our clock was not made by a prepare of a server sharing it.
const CLOCK_SKEW_MS = 30_000;

/** The broker's refusals that are outcomes of the write path, not failures of the broker. */
const BROKER_OUTCOMES: ReadonlySet<ErrorCode> = new Set(["execution_unavailable", "preparation_invalid", "approval_denied", "approval_timeout", "in_progress", "outcome_unknown"]);

/**
 * The local checks: hash, timestamps that prepare could have made, phrase. Expiry is the broker's
 * alone: only it knows whether an expired preparation was already sent and must be reconciled
 * (its ledger), or was never sent and is refused.
 */
export function checkPreparation(args: ExecuteWriteArgs, nowMs: number): PreparationProblem | undefined {
  const { prepared, requestHash, confirmationPhrase } = args;
  if (requestHashOf(prepared) !== requestHash) return "fields_changed";
  const preparedAt = Date.parse(prepared.preparedAt);
  const expiresAt = Date.parse(prepared.expiresAt);
  if (!(expiresAt > preparedAt) || expiresAt - preparedAt > PREPARATION_TTL_MS || preparedAt > nowMs + CLOCK_SKEW_MS) return "not_prepared_here";
  if (confirmationPhrase !== confirmationPhraseOf(prepared.kind, requestHash)) return "wrong_phrase";
  return undefined;
}

export async function executeWrite(ctx: HotelsContext, args: ExecuteWriteArgs, signal: AbortSignal): Promise<ExecuteOutcome> {
  const readiness = await writeReadiness(ctx);
  const kind = readiness.kinds[args.prepared.kind];
  if (!kind.available || !ctx.broker) return { status: "execution_unavailable", reason: kind.reason ?? "no auth broker" };
  const problem = checkPreparation(args, ctx.now());
  if (problem) return { status: "preparation_invalid", problem };
  if (signal.aborted) return { status: "cancelled" };
  try {
    const result = await ctx.broker.call("hotels.execute_write_v1", args);
    if (result.outcome === "approval_pending") return { status: "approval_pending", approvalExpiresAt: result.approvalExpiresAt, channels: await openApproval(ctx, args.requestHash, args.prepared.kind) };
    return result.outcome === "committed" ? { status: "committed", result } : { status: "refused_by_provider", result };
  } catch (err) {
    // Sent, and the answer never came: the broker may still be waiting for the person or sending.
    if (err instanceof BrokerUnavailableError || (isBrokerError(err) && err.code === "timeout")) return { status: "outcome_unknown", answerLost: true };
    if (isBrokerError(err) && BROKER_OUTCOMES.has(err.code)) return brokerOutcome(err.code, err.message);
    return { status: "broker_failure", failure: brokerFailure(err, "hotels.execute_write_v1") };
  }
}

function brokerOutcome(code: ErrorCode, message: string): ExecuteOutcome {
  switch (code) {
    case "execution_unavailable":
      // The broker's message names the missing gate and never a value (its contract).
      return { status: "execution_unavailable", reason: message };
    case "preparation_invalid":
      // The broker's messages are fixed strings (broker/writes/execute.ts); expiry is the one it alone checks.
      return { status: "preparation_invalid", problem: /expired/.test(message) ? "expired" : "refused_by_broker" };
    case "approval_denied":
      return { status: "approval_denied" };
    case "approval_timeout":
      return { status: "approval_timeout" };
    case "in_progress":
      return { status: "in_progress" };
    default:
      return { status: "outcome_unknown", answerLost: false };
  }
}

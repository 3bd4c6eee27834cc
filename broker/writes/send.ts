import type { Logger, SecretRegistry } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import { REAL_IP_KINDS, type ExecuteWriteResult, type PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { toIsoTimestamp, type Clock } from "../../shared/time.js";
import { clientRequestIdOf } from "../../shared/writes/hash.js";
import type { Audit } from "../audit.js";
import { brokerError } from "../provider/errors.js";
import type { HotelsCustomerApi } from "../provider/hotels.js";
import type { HotelsWritesApi } from "../provider/hotels-writes.js";
import type { RefTable } from "../refs.js";
import type { RequestContext } from "../types.js";
import { answeredFacts, type FactsContext } from "./facts.js";
import type { WriteGateConfig } from "./gates.js";
import type { LedgerEntry, WriteLedger } from "./ledger.js";
import { classifySend } from "./outcome.js";
import type { WriteReads } from "./write-reads.js";

// The one POST of a write and what the ledger and the audit keep of it: the executor decides when a
// write may go; this sends it and records what came back, so every path (a fresh approval, a lost
// payment page asked for again) records the same way.

export type WriteStep = "approval_requested" | "approval_pending" | "approved" | "denied" | "approval_timeout" | "sent" | "committed" | "refused" | "unknown" | "reconciled" | "reconcile_not_found" | "reconcile_failed" | "not_sent";

export interface WriteSenderDeps {
  gates: WriteGateConfig;
  ledger: WriteLedger;
  writesApi: HotelsWritesApi;
  hotels: HotelsCustomerApi;
  refs: RefTable;
  secrets: SecretRegistry;
  audit: Audit;
  logger: Logger;
  now: Clock;
  providerTimeoutMs: number;
}

export class WriteSender {
  constructor(
    private readonly d: WriteSenderDeps,
    private readonly reads: WriteReads,
  ) {}

  async send(prepared: PreparedWrite, hash: string, orderId: string | undefined, sessionId: string, req: RequestContext, reconciled: boolean): Promise<ExecuteWriteResult> {
    this.audit(prepared, hash, "sent");
    const verdict = classifySend(
      await this.d.writesApi.send(prepared, {
        clientRequestId: clientRequestIdOf(hash),
        orderId,
        realIp: REAL_IP_KINDS.has(prepared.kind) ? this.d.gates.trustedRealIp : undefined,
        signal: req.signal,
        timeoutMs: this.d.providerTimeoutMs,
      }),
    );
    const completedAt = toIsoTimestamp(this.d.now());
    switch (verdict.kind) {
      case "answered": {
        const facts = await answeredFacts(prepared, orderId, verdict.value, this.factsContext(sessionId, req));
        const result: ExecuteWriteResult = { outcome: "committed", requestHash: hash, replayed: false, reconciled, facts, completedAt };
        await this.recordResult(hash, result);
        this.audit(prepared, hash, reconciled ? "reconciled" : "committed");
        return result;
      }
      case "refused": {
        const currentPrice = verdict.reason === "price_changed" && (prepared.kind === "booking" || prepared.kind === "ls_booking") ? await this.reads.currentPrice(prepared, req.signal) : null;
        const result: ExecuteWriteResult = { outcome: "refused_by_provider", requestHash: hash, replayed: false, reason: verdict.reason, currentPrice, completedAt };
        await this.recordResult(hash, result);
        this.audit(prepared, hash, "refused");
        return result;
      }
      case "unknown":
        await this.record(hash, "outcome_unknown");
        this.audit(prepared, hash, "unknown");
        throw new BrokerError("outcome_unknown", undefined, { cause: verdict.error });
      case "throttled":
        await this.forget(hash);
        this.audit(prepared, hash, "not_sent");
        throw new BrokerError("provider_unavailable", "the provider is rate limiting and did not take the write: nothing changed", { retryAllowed: true });
      case "auth_rejected":
      case "not_sent":
        await this.forget(hash);
        this.audit(prepared, hash, "not_sent");
        throw brokerError(verdict.error);
    }
  }

  factsContext(sessionId: string, req: RequestContext): FactsContext {
    return { hotels: this.d.hotels, refs: this.d.refs, secrets: this.d.secrets, sessionId, role: req.role, signal: () => this.reads.signal(req.signal) };
  }

  /** A decided outcome under its hash, in the state it means: replays answer with it. */
  async recordResult(hash: string, result: ExecuteWriteResult): Promise<void> {
    if (result.outcome === "committed") await this.record(hash, "committed", { result });
    else await this.record(hash, "refused", { refusal: result.reason, result });
  }

  // The outcome is already decided: a failed save is logged, never turned into a second answer.
  async record(hash: string, state: LedgerEntry["state"], extra: Pick<LedgerEntry, "refusal" | "result"> = {}): Promise<void> {
    await this.d.ledger.update(hash, state, extra).catch((err: unknown) => this.d.logger.warn({ event: "write_ledger_save_failed", err }, "could not save the write ledger"));
  }

  async forget(hash: string): Promise<void> {
    await this.d.ledger.remove(hash).catch((err: unknown) => this.d.logger.warn({ event: "write_ledger_save_failed", err }, "could not save the write ledger"));
  }

  audit(prepared: PreparedWrite, requestHash: string, step: WriteStep): void {
    this.d.audit.record({ event: "write", writeKind: prepared.kind, requestHash, outcome: step });
  }
}

import type { Logger, SecretRegistry } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { ApprovalDisplay, ExecuteWriteAnswer, ExecuteWriteArgs, ExecuteWriteResult, PreparedWrite, WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import { toIsoTimestamp, type Clock } from "../../shared/time.js";
import { clientRequestIdOf, confirmationPhraseOf, requestHashOf } from "../../shared/writes/hash.js";
import type { Audit } from "../audit.js";
import { requireSessionId } from "../operations/deps.js";
import type { HotelsCustomerApi } from "../provider/hotels.js";
import type { HotelsWritesApi } from "../provider/hotels-writes.js";
import type { RefTable } from "../refs.js";
import type { RequestContext, SessionManager } from "../types.js";
import type { ApprovalDecision, ApprovalRegistry } from "./approvals.js";
import { reconciledFacts } from "./facts.js";
import { missingGates, type WriteGateConfig } from "./gates.js";
import type { LedgerEntry, WriteLedger } from "./ledger.js";
import { classifyLookup } from "./outcome.js";
import { isFresh, preparationInvalid, requireFresh } from "./freshness.js";
import { PendingWrites, type Settled } from "./pending-writes.js";
import { repeatEffects } from "./repeats.js";
import { WriteSender } from "./send.js";
import { WriteReads } from "./write-reads.js";

export interface WriteExecutorDeps {
  gates: WriteGateConfig;
  registry: ApprovalRegistry;
  ledger: WriteLedger;
  writesApi: HotelsWritesApi;
  hotels: HotelsCustomerApi;
  refs: RefTable;
  session: SessionManager;
  secrets: SecretRegistry;
  audit: Audit;
  logger: Logger;
  now: Clock;
  /** Bounds each provider call of an execute (the write itself and every read around it). */
  providerTimeoutMs: number;
  /**
   * How long one execute call waits for the person before answering `approval_pending`
   * (TBANK_AUTH_BROKER_APPROVAL_HOLD_MS), counted from the call's start: under every client's
   * tool-call timeout, so no client gives up on a call the broker would still answer.
   */
  holdMs: number;
  /** Real elapsed milliseconds (the clients' timeouts are real time whatever `now` says). */
  elapsed?: Clock;
}

const IN_PROGRESS = "this request is already being executed (waiting for the person's approval or for the provider): wait for that answer";

// A write the person approved is sent by the broker whether or not a call still waits for it.
const NO_CALL: AbortSignal = new AbortController().signal;

/**
 * hotels.execute_write_v1. The order of the checks is the contract (docs/protocol.md): gates,
 * session, hash, phrase, then the ledger (replay, in progress, reconcile), then — only for a write
 * never sent — expiry, an earlier preparation of the same write (unresolved, or a committed write
 * on an order), the person's approval, expiry again, and exactly one POST. The ledger comes before
 * expiry so that a write whose answer was lost can still be reconciled after its 5-minute
 * preparation ended.
 */
export class WriteExecutor {
  readonly #reads: WriteReads;
  readonly #out: WriteSender;
  readonly #pending: PendingWrites;
  readonly #elapsed: Clock;

  constructor(private readonly d: WriteExecutorDeps) {
    this.#reads = new WriteReads(d);
    this.#out = new WriteSender(d, this.#reads);
    this.#pending = new PendingWrites({ now: d.now });
    this.#elapsed = d.elapsed ?? (() => performance.now());
  }

  async execute({ prepared, requestHash, confirmationPhrase }: ExecuteWriteArgs, req: RequestContext): Promise<ExecuteWriteAnswer> {
    const holdUntil = this.#elapsed() + this.d.holdMs;
    const unavailable = this.unavailable(prepared.kind);
    if (unavailable !== undefined) throw new BrokerError("execution_unavailable", unavailable);
    const sessionId = requireSessionId(this.d.session);
    if (requestHashOf(prepared) !== requestHash) throw preparationInvalid("the request differs from the prepared request: prepare it again");
    if (confirmationPhrase !== confirmationPhraseOf(prepared.kind, requestHash)) throw preparationInvalid("wrong confirmation phrase: use the one prepare returned");
    // A decision or outcome that came while no call waited: this call is the one that hears it.
    const kept = this.#pending.take(requestHash);
    if (kept !== undefined) return settledAnswer(kept);
    if (this.#pending.running(requestHash)) {
      // One call at a time waits on a write: a parallel one is told so, as before it was pending.
      if (this.#pending.awaited(requestHash)) throw new BrokerError("in_progress", IN_PROGRESS);
      return this.#join(requestHash, prepared, holdUntil);
    }
    const entry = this.d.ledger.get(requestHash);
    if (entry !== undefined) return this.#fromLedger(entry, prepared, sessionId, req, holdUntil);
    requireFresh(prepared, this.d.now());
    const orderId = this.#orderIdOf(prepared, sessionId, req);
    const fingerprint = this.d.ledger.fingerprintOf(prepared, orderId);
    const twin = this.d.ledger.unresolvedTwin(requestHash, fingerprint);
    // Claimed before any await: a parallel execute of this hash, or of a third preparation of the
    // same write, finds it and answers in_progress instead of settling the twin a second time.
    const parts = this.d.ledger.partsOf(prepared, orderId).map((p) => p.fingerprint);
    this.d.ledger.claim(requestHash, prepared.kind, fingerprint, parts);
    let settled: ExecuteWriteResult | undefined;
    try {
      if (twin !== undefined) settled = await this.#settleTwin(twin, prepared, requestHash, sessionId, req);
      settled ??= await this.#committedTwin(prepared, requestHash, fingerprint, orderId, sessionId, req, holdUntil);
    } catch (err) {
      await this.#out.forget(requestHash);
      throw err;
    }
    if (settled !== undefined) {
      // Recorded under this hash too, as what it was (a payment page asked for again may be
      // refused): replaying it answers from the ledger, never sends.
      const mine: ExecuteWriteResult = { ...settled, requestHash };
      await this.#out.recordResult(requestHash, mine);
      return mine;
    }
    return this.#fresh(prepared, requestHash, orderId, sessionId, req, holdUntil);
  }

  /**
   * Waits for the running write of `hash` until the call's hold ends. Still undecided: pending,
   * with the approval's expiry. Approved and still being sent: in_progress. Both leave the write
   * running; the same execute again picks up what happened.
   */
  async #join(hash: string, prepared: PreparedWrite, holdUntil: number): Promise<ExecuteWriteAnswer> {
    // An approval already past its expiry ends now, so this call hears that rather than waiting.
    this.d.registry.sweep();
    const joined = await this.#pending.join(hash, holdUntil - this.#elapsed());
    if (joined === undefined) throw new BrokerError("in_progress", "this request is already being executed: call execute again with the same request for its outcome");
    if (joined !== "waiting") return settledAnswer(joined);
    const approval = this.d.registry.byHash(hash);
    // Decided in this very moment (approved and being sent, or ended as the hold ran out): which one
    // the next call hears.
    if (approval === undefined) throw new BrokerError("in_progress", "the person's decision on this request arrived just now: call execute again with the same request for its outcome; nothing is sent twice");
    this.#out.audit(prepared, hash, "approval_pending");
    return { outcome: "approval_pending", requestHash: hash, approvalExpiresAt: approval.expiresAt };
  }

  /** Why `kind` cannot be executed here (the gates to set, or the ledger's problem and its fix), or undefined. */
  unavailable(kind: WriteKind): string | undefined {
    const missing = missingGates(this.d.gates, kind);
    if (missing.length > 0) return `writes are not enabled on this broker: the person must start it with ${missing.join(", ")}`;
    return this.d.ledger.unavailable;
  }

  /** The order a write on a booking names, by its ref in this session; undefined for a new booking. */
  #orderIdOf(prepared: PreparedWrite, sessionId: string, req: RequestContext): string | undefined {
    if (prepared.kind === "booking" || prepared.kind === "ls_booking") return undefined;
    return this.d.refs.resolve(prepared.request.bookingRef, sessionId, req.role);
  }

  /**
   * The same write on an order was committed under another preparation, perhaps under another ref
   * to the order (before a restart or a new sign-in): its outcome is this one's, with no approval
   * and no POST. A cancellation, a promo code or a service cannot be done twice, only refused or
   * charged twice. A payment page expires, so a payment setup is answered this way only while its
   * page lives, and a promo code or services only while the order still shows them (they can be
   * taken off elsewhere); otherwise the person decides, told it was sent before. A new booking is
   * never answered this way: two identical stays can be meant, so the person decides (#fresh warns).
   */
  async #committedTwin(prepared: PreparedWrite, hash: string, fingerprint: string, orderId: string | undefined, sessionId: string, req: RequestContext, holdUntil: number): Promise<ExecuteWriteResult | undefined> {
    if (prepared.kind === "booking" || prepared.kind === "ls_booking") return undefined;
    const twin = this.d.ledger.committedTwin(hash, fingerprint);
    if (twin === undefined) return undefined;
    let result: ExecuteWriteAnswer | undefined = twin.result;
    if (prepared.kind === "payment_setup") {
      const page = result?.outcome === "committed" && result.facts.kind === "payment_setup" ? result.facts.paymentPageExpiresAt : null;
      if (page === null || !(Date.parse(page) > this.d.now())) return undefined;
    } else {
      if ((prepared.kind === "promo_code" || prepared.kind === "extra_services") && !(await this.#reads.stillShown(prepared, orderId, req.signal))) return undefined;
      // Its facts were in memory only (a restart): the provider says it committed, the order is read back.
      result ??= await this.#reconcile(twin, prepared, sessionId, req, holdUntil);
    }
    if (result?.outcome !== "committed") return undefined;
    return { ...result, requestHash: hash, replayed: true, facts: { ...result.facts, bookingRef: prepared.request.bookingRef } };
  }

  /**
   * The same write was prepared before under another hash and is not final. In flight: this one
   * waits its turn. Sent with its answer lost: the provider is asked whether that one was committed;
   * if so its outcome is this one's too (no second POST), if not it is dropped and this one goes on.
   */
  async #settleTwin(twin: LedgerEntry, prepared: PreparedWrite, requestHash: string, sessionId: string, req: RequestContext): Promise<ExecuteWriteResult | undefined> {
    if (twin.state !== "outcome_unknown") throw new BrokerError("in_progress", "the same request, prepared earlier, is being executed now: wait for that answer");
    void this.d.ledger.update(twin.requestHash, "reconciling");
    const lookup = classifyLookup(await this.d.writesApi.writeRequest(clientRequestIdOf(twin.requestHash), req.signal, this.d.providerTimeoutMs));
    if (lookup.kind === "not_found") {
      this.#out.audit(prepared, twin.requestHash, "reconcile_not_found");
      await this.#out.forget(twin.requestHash);
      return undefined;
    }
    if (lookup.kind !== "found") {
      await this.#out.record(twin.requestHash, "outcome_unknown");
      this.#out.audit(prepared, twin.requestHash, "reconcile_failed");
      throw new BrokerError("outcome_unknown", "the same request, prepared earlier, was sent and its answer lost; it cannot be checked yet: list the bookings, do not prepare it again");
    }
    if (prepared.kind === "payment_setup") {
      // The page address exists only in the provider's answer: ask for it again under the first id.
      await this.d.ledger.update(twin.requestHash, "sending");
      return this.#out.send(prepared, twin.requestHash, lookup.value.orderId, sessionId, req, true);
    }
    this.d.secrets.add(lookup.value.orderId);
    const facts = await reconciledFacts(prepared, lookup.value.orderId, this.#out.factsContext(sessionId, req));
    const result: ExecuteWriteResult = { outcome: "committed", requestHash, replayed: false, reconciled: true, facts, completedAt: toIsoTimestamp(this.d.now()) };
    // Each preparation's entry answers with its own hash when replayed.
    await this.#out.record(twin.requestHash, "committed", { result: { ...result, requestHash: twin.requestHash } });
    this.#out.audit(prepared, twin.requestHash, "reconciled");
    return result;
  }

  async #fromLedger(entry: LedgerEntry, prepared: PreparedWrite, sessionId: string, req: RequestContext, holdUntil: number): Promise<ExecuteWriteAnswer> {
    const hash = entry.requestHash;
    switch (entry.state) {
      case "awaiting_approval":
      case "sending":
      case "reconciling":
        throw new BrokerError("in_progress", IN_PROGRESS);
      case "refused":
        if (entry.result) return { ...entry.result, replayed: true };
        return { outcome: "refused_by_provider", requestHash: hash, replayed: true, reason: entry.refusal ?? "rejected", currentPrice: null, completedAt: toIsoTimestamp(entry.updatedAt) };
      case "committed":
        if (entry.result) return { ...entry.result, replayed: true };
        return this.#reconcile(entry, prepared, sessionId, req, holdUntil);
      case "outcome_unknown":
        return this.#reconcile(entry, prepared, sessionId, req, holdUntil);
    }
  }

  async #fresh(prepared: PreparedWrite, hash: string, orderId: string | undefined, sessionId: string, req: RequestContext, holdUntil: number): Promise<ExecuteWriteAnswer> {
    const { ledger, registry } = this.d;
    let display: ApprovalDisplay;
    try {
      display = await this.#reads.display(prepared, orderId, req.signal);
    } catch (err) {
      await this.#out.forget(hash);
      throw err;
    }
    // The same write (or a service of it), prepared at another time, already went through: the
    // person decides knowing it.
    const parts = ledger.partsOf(prepared, orderId);
    const shared = ledger.committedParts(hash, parts.map((p) => p.fingerprint));
    const repeats = repeatEffects(ledger.committedTwin(hash, ledger.fingerprintOf(prepared, orderId)) !== undefined, parts.filter((p) => shared.has(p.fingerprint)).map((p) => p.part));
    if (repeats.length > 0) display = { ...display, effects: [...display.effects, ...repeats].slice(-6) };
    this.#out.audit(prepared, hash, "approval_requested");
    let decision: Promise<ApprovalDecision>;
    try {
      // The person can approve only while the preparation lives: later, nothing could be sent.
      decision = registry.request(hash, display, Date.parse(prepared.expiresAt));
    } catch (err) {
      await this.#out.forget(hash);
      throw err;
    }
    // The decision and the one send it allows run apart from this call, so a call that answered
    // approval_pending (or a connection that broke) loses nothing; its role is all it lends.
    const detached: RequestContext = { ...req, signal: NO_CALL };
    this.#pending.start(hash, () => this.#decided(decision, prepared, hash, orderId, sessionId, detached));
    return this.#join(hash, prepared, holdUntil);
  }

  /** After the person's decision (or the approval's expiry): nothing sent, or exactly one POST. */
  async #decided(decision: Promise<ApprovalDecision>, prepared: PreparedWrite, hash: string, orderId: string | undefined, sessionId: string, req: RequestContext): Promise<ExecuteWriteResult> {
    const decided = await decision;
    if (decided !== "approved") {
      await this.#out.forget(hash);
      if (decided === "denied") {
        this.#out.audit(prepared, hash, "denied");
        throw new BrokerError("approval_denied");
      }
      if (decided === "ended") {
        this.#out.audit(prepared, hash, "not_sent");
        throw new BrokerError("mobile_login_required", "the session ended (logout or a new sign-in) before the person decided: nothing was sent; once they are signed in (tbank-mcp login), prepare it again");
      }
      this.#out.audit(prepared, hash, "approval_timeout");
      if (!isFresh(prepared, this.d.now())) throw preparationInvalid(`the preparation expired at ${prepared.expiresAt} before the person approved it: nothing was sent; prepare it again and ask the person to approve the new one`);
      throw new BrokerError(
        "approval_timeout",
        `the person did not approve within ${Math.round(this.d.registry.timeoutMs / 1000)} s: nothing was sent. Ask them to run \`tbank-mcp approve\` (or open the approval page) and call execute again while they do`,
      );
    }
    this.#out.audit(prepared, hash, "approved");
    // The person may decide up to the approval timeout after the execute began: a preparation that
    // expired meanwhile is not sent, approved or not (nothing was recorded as sent).
    if (!isFresh(prepared, this.d.now())) {
      await this.#out.forget(hash);
      this.#out.audit(prepared, hash, "not_sent");
      throw preparationInvalid(`the preparation expired at ${prepared.expiresAt} while the person was deciding: nothing was sent; prepare it again and ask the person to approve the new one`);
    }
    try {
      await this.d.ledger.update(hash, "sending");
    } catch (err) {
      await this.#out.forget(hash);
      throw new BrokerError("internal", "could not record the write before sending it: nothing was sent", { cause: err });
    }
    // That save may have waited behind others: the preparation must still live as the POST leaves.
    if (!isFresh(prepared, this.d.now())) {
      await this.#out.forget(hash);
      this.#out.audit(prepared, hash, "not_sent");
      throw preparationInvalid(`the preparation expired at ${prepared.expiresAt} as it was about to be sent: nothing was sent; prepare it again and ask the person to approve the new one`);
    }
    return this.#out.send(prepared, hash, orderId, sessionId, req, false);
  }

  /**
   * A write whose answer was lost (or whose facts a restart forgot): the provider says whether the
   * clientRequestId was committed. Found: the facts are read back. Not found: it never happened,
   * and the execute goes on as a new one (the person approves again). Failed: still unknown.
   */
  async #reconcile(entry: LedgerEntry, prepared: PreparedWrite, sessionId: string, req: RequestContext, holdUntil: number): Promise<ExecuteWriteAnswer> {
    const hash = entry.requestHash;
    const before = entry.state;
    await this.d.ledger.update(hash, "reconciling");
    const lookup = classifyLookup(await this.d.writesApi.writeRequest(clientRequestIdOf(hash), req.signal, this.d.providerTimeoutMs));
    if (lookup.kind === "not_found" && before === "outcome_unknown") {
      this.#out.audit(prepared, hash, "reconcile_not_found");
      // Never committed: it may go again, but only as a new write, with a live preparation.
      let orderId: string | undefined;
      try {
        requireFresh(prepared, this.d.now());
        orderId = this.#orderIdOf(prepared, sessionId, req);
      } catch (err) {
        await this.#out.forget(hash);
        throw err;
      }
      await this.d.ledger.update(hash, "awaiting_approval");
      return this.#fresh(prepared, hash, orderId, sessionId, req, holdUntil);
    }
    if (lookup.kind !== "found") {
      // A write the ledger recorded as committed that the provider cannot find is not sent again.
      await this.#out.record(hash, before);
      this.#out.audit(prepared, hash, "reconcile_failed");
      throw new BrokerError("outcome_unknown", "the provider's answer to this request was lost and it cannot be checked yet: call execute again later with the same request, or list the bookings; do not prepare a new one");
    }
    const orderId = lookup.value.orderId;
    this.d.secrets.add(orderId);
    // The page address of a payment setup exists only in the provider's answer: the same
    // clientRequestId asks for it again, which the provider answers with its first answer.
    if (prepared.kind === "payment_setup") {
      await this.d.ledger.update(hash, "sending");
      return this.#out.send(prepared, hash, orderId, sessionId, req, true);
    }
    const facts = await reconciledFacts(prepared, orderId, this.#out.factsContext(sessionId, req));
    const result: ExecuteWriteResult = { outcome: "committed", requestHash: hash, replayed: false, reconciled: true, facts, completedAt: toIsoTimestamp(this.d.now()) };
    await this.#out.record(hash, "committed", { result });
    this.#out.audit(prepared, hash, "reconciled");
    return result;
  }
}

function settledAnswer(settled: Settled): ExecuteWriteResult {
  if (settled.ok) return settled.value;
  throw settled.error;
}

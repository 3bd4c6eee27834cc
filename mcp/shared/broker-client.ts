import type { Socket } from "node:net";
import { BrokerUnavailableError, connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { isBrokerError, type ErrorCode } from "../../shared/protocol/errors.js";
import type { OperationArgs, OperationName, OperationResult } from "../../shared/protocol/operations.js";

export interface BrokerClientOptions {
  socketPath: string;
  role: "hotels" | "banking";
  clientVersion: string;
  /** TBANK_AUTH_BROKER_TIMEOUT_MS: the wait for one operation (and for the connection). */
  timeoutMs: number;
  connect?: (path: string) => Socket;
}

/** What connection_status reports about customer reads; computed locally, no provider call. */
export type BrokerReadiness = "broker_unavailable" | "mobile_login_required" | "mobile_read_only_ready" | "partial_read_only_unverified";

// Retrying these after the request may have reached the broker could use a capability twice.
const NOT_RETRIED_AFTER_SEND: ReadonlySet<OperationName> = new Set(["banking.consume_payment_handoff"]);

/**
 * The MCP side of the broker: one lazily opened connection per process, reopened once when it
 * broke. The MCP keeps no state about refs, so a restarted server (or broker) loses nothing.
 */
export class BrokerClient {
  private connection: Promise<BrokerConnection> | undefined;

  constructor(private readonly opts: BrokerClientOptions) {}

  async call<Op extends OperationName>(op: Op, args: OperationArgs<Op>): Promise<OperationResult<Op>> {
    let conn: BrokerConnection;
    try {
      conn = await this.connected();
    } catch (err) {
      if (!(err instanceof BrokerUnavailableError)) throw err;
      // A broker restarted since our last call: one fresh attempt, then report it unavailable.
      this.connection = undefined;
      conn = await this.connected();
    }
    try {
      return await conn.call(op, args, { timeoutMs: this.opts.timeoutMs });
    } catch (err) {
      if (!(err instanceof BrokerUnavailableError) || NOT_RETRIED_AFTER_SEND.has(op)) throw err;
      this.connection = undefined;
      return (await this.connected()).call(op, args, { timeoutMs: this.opts.timeoutMs });
    }
  }

  /** Local readiness: can we reach the broker, does it verify our reads, is there a session. */
  async readiness(): Promise<{ state: BrokerReadiness; verifiedOperations: string[] }> {
    let conn: BrokerConnection;
    try {
      conn = await this.connected();
    } catch {
      this.connection = undefined;
      return { state: "broker_unavailable", verifiedOperations: [] };
    }
    const verified = conn.welcome.verifiedOperations;
    // Only an explicit verifiedOperations list enables customer reads (a legacy broker lists none).
    if (verified.length === 0) return { state: "partial_read_only_unverified", verifiedOperations: [] };
    const statusOp = this.opts.role === "hotels" ? "hotels.status" : "banking.status";
    try {
      const status = await conn.call(statusOp, {}, { timeoutMs: this.opts.timeoutMs });
      return { state: status.state === "mobile_read_only_ready" ? "mobile_read_only_ready" : "mobile_login_required", verifiedOperations: verified };
    } catch {
      this.connection = undefined;
      return { state: "broker_unavailable", verifiedOperations: verified };
    }
  }

  close(): void {
    void this.connection?.then((c) => c.close(), () => undefined);
    this.connection = undefined;
  }

  private connected(): Promise<BrokerConnection> {
    const current = this.connection;
    if (current) return current.then((c) => (c.closed ? this.reopen() : c));
    return this.reopen();
  }

  private reopen(): Promise<BrokerConnection> {
    const opening = connectBroker({ socketPath: this.opts.socketPath, role: this.opts.role, clientVersion: this.opts.clientVersion, timeoutMs: this.opts.timeoutMs, connect: this.opts.connect });
    this.connection = opening;
    opening.catch(() => {
      if (this.connection === opening) this.connection = undefined;
    });
    return opening;
  }
}

export interface BrokerFailure {
  status: ErrorCode | "broker_unavailable";
  retryAllowed: boolean;
  nextStep: string;
}

const NEXT_STEP: Partial<Record<BrokerFailure["status"], string>> = {
  broker_unavailable: "the auth broker is not running: the person runs `tbank-mcp login` (it starts the broker), or `tbank-mcp doctor`",
  mobile_login_required: "the person runs `tbank-mcp login` in a terminal (never through this chat), then ask again",
  session_expired: "the session ended: the person runs `tbank-mcp login` in a terminal, then ask again",
  provider_auth_rejected: "the bank refused the session: the person runs `tbank-mcp login` again",
  invalid_ref: "the bookingRef is unknown to this session: call tbank_hotels_list_bookings again",
  ref_expired: "the reference expired: call tbank_hotels_list_bookings again",
  capability_consumed: "this payment handoff was already used: create a new one with tbank_hotels_create_payment_handoff_preview",
  provider_unavailable: "the bank did not answer: try once more later",
  timeout: "the broker did not answer in time: try once more later",
  busy: "the broker is busy: try once more in a moment",
  operation_not_allowed: "this toolkit's broker does not allow the operation: update the toolkit",
};

// A payment handoff ref that is unknown or expired needs a new handoff, not a new booking list.
const HANDOFF_REF_STEP = "this payment handoff is unknown or expired: create a new one with tbank_hotels_create_payment_handoff_preview";
// The bank refusing a voucher is usually a booking without one (cancelled, not yet confirmed).
const VOUCHER_REFUSED_STEP = "the bank gave no voucher for this booking (vouchers exist for confirmed and completed stays): tell the person; do not retry";

/** Turns any broker failure into the fields a tool result carries; never repeats raw messages. */
export function brokerFailure(err: unknown, op?: OperationName): BrokerFailure {
  if (err instanceof BrokerUnavailableError) return { status: "broker_unavailable", retryAllowed: false, nextStep: NEXT_STEP.broker_unavailable ?? "" };
  const code: ErrorCode = isBrokerError(err) ? err.code : "internal";
  const retryAllowed = isBrokerError(err) ? err.retryAllowed : false;
  const handoffRef = op === "banking.consume_payment_handoff" && (code === "invalid_ref" || code === "ref_expired");
  if (handoffRef) return { status: code, retryAllowed, nextStep: HANDOFF_REF_STEP };
  if (op === "hotels.save_voucher_v1" && code === "provider_error") return { status: code, retryAllowed, nextStep: VOUCHER_REFUSED_STEP };
  return { status: code, retryAllowed, nextStep: NEXT_STEP[code] ?? "stop and tell the person the bookings service failed; do not retry" };
}

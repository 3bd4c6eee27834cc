import type { Socket } from "node:net";
import { MAX_APPROVAL_HOLD_MS } from "../../shared/config/index.js";
import { BrokerUnavailableError, connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import { BrokerError, isBrokerError, type ErrorCode } from "../../shared/protocol/broker-error.js";
import type { StatusResult } from "../../shared/protocol/ops-hotels.js";
import { BrokerUntrustedError } from "../../shared/protocol/socket-trust.js";
import { HOTELS_CALENDAR_OPERATIONS, HOTELS_ORDER_READ_OPERATIONS, HOTELS_WRITE_OPERATIONS, ROLE_OPERATIONS, type OperationArgs, type OperationName, type OperationResult } from "../../shared/protocol/operations.js";
import { REPEATABLE_STATUSES } from "./outcome.js";
import { readinessNextStep } from "./readiness.js";

export interface BrokerClientOptions {
  socketPath: string;
  role: "hotels" | "banking";
  clientVersion: string;
  /** TBANK_AUTH_BROKER_TIMEOUT_MS: the wait for one operation (and for the connection). */
  timeoutMs: number;
  connect?: (path: string) => Socket;
  /**
   * Starts the broker when nothing answers at the socket (the launcher's spawn lock keeps it to one
   * broker). Never throws: a failed start is reported by whoever built it, and the client then
   * answers broker_unavailable as before. Absent: this client never starts a broker.
   */
  startBroker?: () => Promise<void>;
  /** Per-operation waits replacing the defaults (tests shorten the execute's approval wait). */
  opTimeoutMs?: Partial<Record<OperationName, number>>;
}

// An execute answers within the broker's hold (TBANK_AUTH_BROKER_APPROVAL_HOLD_MS, at most MAX_APPROVAL_HOLD_MS,
// counted from its start) unless a provider read runs long. Past this wait its answer counts as
// lost: the broker keeps the write, and the same execute again picks it up. So the tool call stays
// under the 60 s the MCP SDK and Codex allow by default.
const EXECUTE_WRITE_WAIT_MS = MAX_APPROVAL_HOLD_MS + 15_000;

/** What connection_status reports about customer reads; computed locally, no provider call. */
export type BrokerReadiness =
  | "broker_unavailable"
  | "broker_untrusted"
  | "broker_busy"
  | "broker_request_busy"
  | "mobile_login_required"
  | "mobile_read_only_ready"
  | "partial_read_only_unverified";

// Operations a broker from an older toolkit may not implement. One that it does not list is left
// out of readiness (the customer reads stay usable); a tool that needs it gets operation_not_allowed.
const LATER_OPERATIONS: ReadonlySet<OperationName> = new Set([...HOTELS_ORDER_READ_OPERATIONS, ...HOTELS_CALENDAR_OPERATIONS]);

// Writes are gated by the broker's own configuration, so a broker without them (older, or writes
// off) still serves customer reads: readiness of the reads never waits for them.
const WRITE_OPERATIONS: ReadonlySet<OperationName> = new Set(HOTELS_WRITE_OPERATIONS);

// Retrying these after the request may have reached the broker could use a capability twice, or
// (an execute) send a second approval request for a write the broker may already be performing.
const NOT_RETRIED_AFTER_SEND: ReadonlySet<OperationName> = new Set(["banking.consume_payment_handoff", "hotels.execute_write_v1"]);

/** What the broker says about writes right now (one local status call): see mcp/hotels/writes/readiness.ts. */
export interface BrokerWriteStatus {
  state: StatusResult["state"];
  /** The broker implements (lists) and has verified the execute operation for this session. */
  executeListed: boolean;
  executeVerified: boolean;
  writeGates: StatusResult["writeGates"];
}

/**
 * The broker has not verified this operation in its current session (its provider API is not
 * configured, or failed the broker's check), so this client does not send it. Not a wire error code.
 */
export class BrokerUnverifiedError extends Error {
  override readonly name = "BrokerUnverifiedError";
  constructor(readonly op: OperationName) {
    super(`the broker has not verified ${op}`);
  }
}

/**
 * The broker refused the connection at its connection limit (its hello reply was `busy`): it is
 * running, every connection is in use. A `busy` answer to a call means too many requests instead.
 */
export class BrokerConnectionsFullError extends BrokerError {
  override name = "BrokerConnectionsFullError";
  constructor(options: { cause: unknown }) {
    super("busy", "the broker is at its connection limit", options);
  }
}

/**
 * The MCP side of the broker: one lazily opened connection per process, reopened once when it
 * broke. The MCP keeps no state about refs, so a restarted server (or broker) loses nothing.
 */
export class BrokerClient {
  private connection: Promise<BrokerConnection> | undefined;
  // The newest verified list this connection reported (a status result is newer than its welcome).
  private latest: { conn: BrokerConnection; verified: readonly string[] } | undefined;
  // Single-flight: concurrent tool calls that all find the broker gone share one start.
  private starting: Promise<void> | undefined;

  constructor(private readonly opts: BrokerClientOptions) {}

  async call<Op extends OperationName>(op: Op, args: OperationArgs<Op>): Promise<OperationResult<Op>> {
    const conn = await this.connectedOrStarted();
    try {
      return await this.send(conn, op, args);
    } catch (err) {
      if (!(err instanceof BrokerUnavailableError) || NOT_RETRIED_AFTER_SEND.has(op)) throw err;
      this.connection = undefined;
      return this.send(await this.connectedOrStarted(), op, args);
    }
  }

  /**
   * Local readiness: can we reach the broker, is there a session, and has the broker verified
   * every operation this client's role uses. Fewer verified than needed is partial_read_only_unverified.
   */
  async readiness(): Promise<{ state: BrokerReadiness; verifiedOperations: string[] }> {
    let conn: BrokerConnection;
    try {
      conn = await this.connectedOrStarted();
    } catch (err) {
      this.connection = undefined;
      return { state: unreachableState(err), verifiedOperations: [] };
    }
    let status: StatusResult;
    try {
      status = await this.status(conn);
    } catch (err) {
      // The broker answered: this connection still works, and dropping it would leave it open.
      if (isBusyAnswer(err)) return { state: "broker_request_busy", verifiedOperations: [...this.verifiedOn(conn)] };
      this.connection = undefined;
      return { state: unreachableState(err), verifiedOperations: [...this.verifiedOn(conn)] };
    }
    const verified = [...this.verifiedOn(conn)];
    // Without a session nothing can be verified yet: the login is the step that helps.
    if (status.state !== "mobile_read_only_ready") return { state: "mobile_login_required", verifiedOperations: verified };
    const needed = ROLE_OPERATIONS[this.opts.role].filter((op) => !WRITE_OPERATIONS.has(op) && (!LATER_OPERATIONS.has(op) || conn.welcome.operations.includes(op)));
    const state = needed.every((op) => verified.includes(op)) ? "mobile_read_only_ready" : "partial_read_only_unverified";
    return { state, verifiedOperations: verified };
  }

  /** The broker's write gates and session as of now; throws like `call` when the broker is not there. */
  async writeStatus(): Promise<BrokerWriteStatus> {
    const conn = await this.connectedOrStarted();
    let status: StatusResult;
    try {
      status = await this.status(conn);
    } catch (err) {
      this.connection = undefined;
      throw err;
    }
    const op = "hotels.execute_write_v1";
    return { state: status.state, executeListed: conn.welcome.operations.includes(op), executeVerified: this.verifiedOn(conn).includes(op), writeGates: status.writeGates };
  }

  /**
   * Sends an operation only if the broker lists it as verified. A list that lacks it may predate a
   * login, so the status is asked once for the current list before refusing.
   */
  private async send<Op extends OperationName>(conn: BrokerConnection, op: Op, args: OperationArgs<Op>): Promise<OperationResult<Op>> {
    // Not implemented by this broker (an older one): it would refuse it, so it is not sent.
    if (!conn.welcome.operations.includes(op)) throw new BrokerError("operation_not_allowed", "the running broker does not implement this operation");
    if (!this.verifiedOn(conn).includes(op)) {
      const status = await this.status(conn);
      // Without a session the broker's own answer (mobile_login_required) is the useful one.
      if (status.state === "mobile_read_only_ready" && !this.verifiedOn(conn).includes(op)) throw new BrokerUnverifiedError(op);
    }
    return conn.call(op, args, { timeoutMs: this.timeoutFor(op) });
  }

  private timeoutFor(op: OperationName): number {
    const override = this.opts.opTimeoutMs?.[op];
    if (override !== undefined) return override;
    return op === "hotels.execute_write_v1" ? EXECUTE_WRITE_WAIT_MS : this.opts.timeoutMs;
  }

  private async status(conn: BrokerConnection): Promise<StatusResult> {
    const status = await conn.call(this.opts.role === "hotels" ? "hotels.status" : "banking.status", {}, { timeoutMs: this.opts.timeoutMs });
    if (status.verifiedOperations !== undefined) this.latest = { conn, verified: status.verifiedOperations };
    return status;
  }

  private verifiedOn(conn: BrokerConnection): readonly string[] {
    return this.latest?.conn === conn ? this.latest.verified : conn.welcome.verifiedOperations;
  }

  close(): void {
    void this.connection?.then((c) => c.close(), () => undefined);
    this.connection = undefined;
  }

  /**
   * A broker restarted since our last call gets one fresh attempt; a broker that is gone (stopped,
   * crashed) is started once and connected to again. Only "nothing answers" leads to a start: an
   * untrusted socket is another user's to fix, and spawning would not make the path ours.
   */
  private async connectedOrStarted(): Promise<BrokerConnection> {
    try {
      return await this.connected();
    } catch (err) {
      if (!(err instanceof BrokerUnavailableError)) throw err;
      this.connection = undefined;
    }
    try {
      return await this.connected();
    } catch (err) {
      if (!(err instanceof BrokerUnavailableError) || !this.opts.startBroker) throw err;
      this.connection = undefined;
    }
    await this.startOnce(this.opts.startBroker);
    return this.connected();
  }

  private startOnce(start: () => Promise<void>): Promise<void> {
    this.starting ??= start()
      .catch(() => undefined)
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  private connected(): Promise<BrokerConnection> {
    const current = this.connection;
    if (current) return current.then((c) => (c.closed ? this.reopen() : c));
    return this.reopen();
  }

  private reopen(): Promise<BrokerConnection> {
    const opening = connectBroker({ socketPath: this.opts.socketPath, role: this.opts.role, clientVersion: this.opts.clientVersion, timeoutMs: this.opts.timeoutMs, connect: this.opts.connect }).catch(
      (err: unknown) => {
        throw isBrokerError(err) && err.code === "busy" ? new BrokerConnectionsFullError({ cause: err }) : err;
      },
    );
    this.connection = opening;
    opening.catch(() => {
      if (this.connection === opening) this.connection = undefined;
    });
    return opening;
  }
}

// A broker that answers "busy" is running: calling it unavailable sent people to log in again.
// Only the hello's busy is about connections; a call's busy is said apart (isBusyAnswer).
function unreachableState(err: unknown): "broker_unavailable" | "broker_untrusted" | "broker_busy" {
  if (err instanceof BrokerUntrustedError) return "broker_untrusted";
  return err instanceof BrokerConnectionsFullError ? "broker_busy" : "broker_unavailable";
}

/** A `busy` answer to a call (requests at their limit, the session store busy), not the hello's. */
export function isBusyAnswer(err: unknown): boolean {
  return isBrokerError(err) && err.code === "busy" && !(err instanceof BrokerConnectionsFullError);
}

export interface BrokerFailure {
  status: ErrorCode | "broker_unavailable" | "broker_untrusted" | "partial_read_only_unverified";
  retryAllowed: boolean;
  nextStep: string;
}

const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  mobile_login_required: readinessNextStep("mobile_login_required"),
  session_expired: "the session ended: the person runs `tbank-mcp login` in a terminal, then ask again",
  provider_auth_rejected: "the bank refused the session: the person runs `tbank-mcp login` again",
  invalid_ref: "the bookingRef is unknown to this session: call tbank_hotels_list_bookings again",
  ref_expired: "the reference expired: call tbank_hotels_list_bookings again",
  capability_consumed: "this payment handoff was already used: create a new one with tbank_hotels_create_payment_handoff_preview",
  operation_not_allowed: "this toolkit's broker does not allow the operation: update the toolkit",
};

// Said only when the repeat is allowed: a broker that marks one of these final (the banking API not
// configured) gets the stop step instead.
const REPEAT_STEP: Partial<Record<ErrorCode, string>> = {
  provider_unavailable: "the bank did not answer: try once more later",
  timeout: "the broker did not answer in time: try once more later",
  busy: "the broker is busy: try once more in a moment",
};
const STOP_STEP = "stop and tell the person the bookings service failed; do not retry";

// A payment handoff ref that is unknown or expired needs a new handoff, not a new booking list.
const HANDOFF_REF_STEP = "this payment handoff is unknown or expired: create a new one with tbank_hotels_create_payment_handoff_preview";
// An older broker still running after the toolkit was updated: a restart brings the current one.
const OLDER_BROKER_STEP = "the running auth broker predates this operation: the person runs `tbank-mcp stop-broker` in a terminal (the next call starts the current broker), then ask again";
// The bank refusing a voucher is usually a booking without one (cancelled, not yet confirmed).
const VOUCHER_REFUSED_STEP = "the bank gave no voucher for this booking (vouchers exist for confirmed and completed stays): tell the person; do not retry";

/** Turns any broker failure into the fields a tool result carries; never repeats raw messages. */
export function brokerFailure(err: unknown, op?: OperationName): BrokerFailure {
  if (err instanceof BrokerUnavailableError) return { status: "broker_unavailable", retryAllowed: false, nextStep: readinessNextStep("broker_unavailable") };
  if (err instanceof BrokerUntrustedError) return { status: "broker_untrusted", retryAllowed: false, nextStep: readinessNextStep("broker_untrusted") };
  if (err instanceof BrokerUnverifiedError) return { status: "partial_read_only_unverified", retryAllowed: false, nextStep: readinessNextStep("partial_read_only_unverified") };
  if (err instanceof BrokerConnectionsFullError) return { status: "busy", retryAllowed: true, nextStep: readinessNextStep("broker_busy") };
  const code: ErrorCode = isBrokerError(err) ? err.code : "internal";
  // The broker's flag, but only on a status whose repeat can answer differently (outcome.ts).
  const retryAllowed = isBrokerError(err) && err.retryAllowed && REPEATABLE_STATUSES.has(code);
  if (retryAllowed) return { status: code, retryAllowed, nextStep: REPEAT_STEP[code] ?? "try the same call once more in a moment" };
  const handoffRef = op === "banking.consume_payment_handoff" && (code === "invalid_ref" || code === "ref_expired");
  if (handoffRef) return { status: code, retryAllowed, nextStep: HANDOFF_REF_STEP };
  if (op !== undefined && LATER_OPERATIONS.has(op) && code === "operation_not_allowed") return { status: code, retryAllowed, nextStep: OLDER_BROKER_STEP };
  if (op === "hotels.save_voucher_v1" && code === "provider_error") return { status: code, retryAllowed, nextStep: VOUCHER_REFUSED_STEP };
  return { status: code, retryAllowed, nextStep: NEXT_STEP[code] ?? STOP_STEP };
}

import type { Logger } from "../shared/logger.js";
import type { Role } from "../shared/protocol/common.js";
import { BrokerError, type ErrorCode } from "../shared/protocol/broker-error.js";
import type { StatusResult } from "../shared/protocol/ops-hotels.js";
import { ROLE_OPERATIONS, type OperationName } from "../shared/protocol/operation-names.js";
import type { OperationArgs } from "../shared/protocol/operations.js";
import type { HandlerMap, RequestContext, SessionManager } from "./types.js";
import type { Clock } from "../shared/time.js";

// "Verified" means: the provider API an operation depends on has answered this broker's check with
// the current session. Listing an operation only says the broker implements it; a wrong base URL,
// an API that is not configured, or a bank that refuses this session would otherwise surface as a
// failure in the middle of the person's task. Clients enable customer reads only for verified ones.

/** A provider API that operations depend on; one cheap read per API proves URL, reachability and session. */
export type RouteId = "hotels_api" | "banking_api";
const ROUTES: readonly RouteId[] = ["hotels_api", "banking_api"];

// Every operation is named here, so a new one cannot compile before it says what it depends on.
// "local" operations touch only the broker's own state and are verified by construction:
// - status reads the session manager;
// - banking.consume_payment_handoff reads the capability table (the handoff came from a hotels read);
// - the toolkit's operations manage the broker, and login/logout make the session a check would need.
export const OPERATION_ROUTE: Readonly<Record<OperationName, RouteId | "local">> = {
  "hotels.status": "local",
  "hotels.get_customer": "hotels_api",
  "hotels.list_bookings": "hotels_api",
  "hotels.get_booking_v1": "hotels_api",
  "hotels.save_voucher_v1": "hotels_api",
  "hotels.save_calendar_entry_v1": "hotels_api",
  "hotels.create_payment_handoff": "hotels_api",
  // The order reads are the same Hotels API with the same Bearer session as the customer read.
  "hotels.get_reservation": "hotels_api",
  "hotels.get_evo_booking": "hotels_api",
  "hotels.get_booking_task_status": "hotels_api",
  "hotels.check_ls_order": "hotels_api",
  // Writes: execute reads and writes the same Hotels API with the same session as the customer
  // read, and a page to approve a write is of use only when the write can be sent. The person's
  // decisions (toolkit role) are the broker's own.
  "hotels.open_write_approval_v1": "hotels_api",
  "hotels.execute_write_v1": "hotels_api",
  "banking.status": "local",
  "banking.get_hotel_preferences": "banking_api",
  "banking.consume_payment_handoff": "local",
  "broker.status": "local",
  "broker.login_start": "local",
  "broker.login_poll": "local",
  "broker.logout": "local",
  "broker.stop": "local",
  "broker.list_approvals": "local",
  "broker.decide_approval": "local",
};

/** The welcome of a broker that checks nothing (test brokers, or parts without a verification). */
export function verifiedByConstruction(role: Role): OperationName[] {
  return ROLE_OPERATIONS[role].filter((op) => OPERATION_ROUTE[op] === "local");
}

/** One cheap, read-only provider call with the session; it resolves when the API answered 2xx. */
export type RouteProbe = (signal: AbortSignal) => Promise<unknown>;

type Outcome = { kind: "verified" } | { kind: "failed"; code: ErrorCode; at: number };

export interface RouteVerificationOptions {
  session: Pick<SessionManager, "sessionId">;
  /** A route without a probe (its API is not configured) is never verified and never checked. */
  probes: Partial<Record<RouteId, RouteProbe>>;
  now: Clock;
  logger: Logger;
  /** Bound on one check, token refresh included: a status read may wait this long for it. */
  timeoutMs?: number;
  /** A route that failed is checked again at most this often, and only when a client asks. */
  recheckAfterMs?: number;
}

export const CHECK_TIMEOUT_MS = 5_000;
export const RECHECK_AFTER_MS = 60_000;

/**
 * The last known answer of each provider API for the current session. Results belong to one
 * session: a new login (or the end of the session) starts from nothing, because another account
 * may be refused where this one was served.
 */
export class RouteVerification {
  private checkedFor: string | undefined;
  private readonly outcomes = new Map<RouteId, Outcome>();
  // One array per role until the outcomes change: status calls compare it by identity with the
  // array a connection's welcome carried, so an unchanged list costs them nothing.
  private readonly lists = new Map<Role, readonly OperationName[]>();
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly opts: RouteVerificationOptions) {}

  /** The role's operations that are local or whose API answered the check. Never calls anything. */
  verifiedOperations(role: Role): readonly OperationName[] {
    this.forgetOtherSession();
    const cached = this.lists.get(role);
    if (cached) return cached;
    const list = ROLE_OPERATIONS[role].filter((op) => {
      const route = OPERATION_ROUTE[op];
      return route === "local" || this.outcomes.get(route)?.kind === "verified";
    });
    this.lists.set(role, list);
    return list;
  }

  /**
   * Starts a check when a live session has a route never checked, or failed more than
   * `recheckAfterMs` ago. Returns the check in flight (started now or earlier), if any.
   */
  refresh(): Promise<void> | undefined {
    if (this.running) return this.running;
    this.forgetOtherSession();
    const sessionId = this.checkedFor;
    if (sessionId === undefined || this.stopping.signal.aborted) return undefined;
    const now = this.opts.now();
    const due = ROUTES.filter((route) => {
      if (this.opts.probes[route] === undefined) return false;
      const outcome = this.outcomes.get(route);
      return outcome === undefined || (outcome.kind === "failed" && now - outcome.at >= (this.opts.recheckAfterMs ?? RECHECK_AFTER_MS));
    });
    if (due.length === 0) return undefined;
    const running = this.check(sessionId, due).finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }

  close(): void {
    this.stopping.abort();
  }

  private async check(sessionId: string, routes: readonly RouteId[]): Promise<void> {
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.opts.timeoutMs ?? CHECK_TIMEOUT_MS)]);
    await Promise.all(
      routes.map(async (route) => {
        let outcome: Outcome;
        try {
          await this.opts.probes[route]?.(signal);
          outcome = { kind: "verified" };
        } catch (err) {
          outcome = { kind: "failed", code: err instanceof BrokerError ? err.code : "internal", at: this.opts.now() };
        }
        // The session changed while the provider answered: this answer is about another session.
        if (this.checkedFor !== sessionId || this.opts.session.sessionId() !== sessionId) return;
        this.outcomes.set(route, outcome);
        this.lists.clear();
        if (outcome.kind === "verified") this.opts.logger.info({ event: "route_verified", route }, "provider API answered the broker's check");
        else this.opts.logger.warn({ event: "route_unverified", route, code: outcome.code }, "provider API failed the broker's check: its operations stay unverified");
      }),
    );
  }

  private forgetOtherSession(): void {
    const current = this.opts.session.sessionId();
    if (current === this.checkedFor) return;
    this.checkedFor = current;
    this.outcomes.clear();
    this.lists.clear();
  }
}

// Both status operations share their schemas (one session serves both clients).
type StatusHandler = (args: OperationArgs<"hotels.status">, req: RequestContext) => StatusResult | Promise<StatusResult>;

/**
 * The status operations answer with the verified list as it is now (the welcome's may be older: a
 * client connected before the login). When a check is in flight, status waits for it, so a client
 * asking right after a login or a broker start sees the result rather than "not yet checked".
 */
export function withVerifiedStatus(handlers: HandlerMap, verification: RouteVerification): HandlerMap {
  const status =
    (role: "hotels" | "banking", inner: StatusHandler): StatusHandler =>
    (args, req) => {
      // Only news is sent: a list that is still the welcome's own array is left out (the status is
      // the broker's hot path, and the list would be most of its bytes and checks).
      const withList = (result: StatusResult): StatusResult => {
        const current = verification.verifiedOperations(role);
        return current === req.welcomeVerified ? result : { ...result, verifiedOperations: [...current] };
      };
      const answer = (): StatusResult | Promise<StatusResult> => {
        const result = inner(args, req);
        return result instanceof Promise ? result.then(withList) : withList(result);
      };
      const running = verification.refresh();
      return running ? running.then(answer) : answer();
    };
  return { ...handlers, "hotels.status": status("hotels", handlers["hotels.status"]), "banking.status": status("banking", handlers["banking.status"]) };
}

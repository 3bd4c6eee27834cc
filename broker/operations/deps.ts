import type { Logger, SecretRegistry } from "../../shared/logger.js";
import { BrokerError } from "../../shared/protocol/broker-error.js";
import type { Clock } from "../../shared/time.js";
import type { Audit } from "../audit.js";
import type { CapabilityTable } from "../capabilities.js";
import type { BankingApi } from "../provider/banking.js";
import type { HotelsCustomerApi } from "../provider/hotels.js";
import type { RefTable } from "../refs.js";
import type { BrokerInfo, SessionManager } from "../types.js";
import type { VoucherStore } from "../vouchers/store.js";
import type { WriteService } from "../writes/service.js";

/**
 * Everything the operation handlers use. The wiring (broker/bin) builds one of each per process:
 * - `refs`, `capabilities`, `vouchers` die with the session: createOperations subscribes them to
 *   `session.onEnded`, and `broker.logout` clears them itself before ending the session.
 * - `hotels` / `banking` wrap one ProviderClient built on the same `session`.
 * - `secrets` learns every provider orderId, so no log line can carry one.
 * - `requestStop` asks the server to close after the `broker.stop` reply is written.
 * - `writes` (gates, approvals, the executor) and `audit`: absent in brokers built for reads only
 *   (tests of other operations); every write then answers execution_unavailable.
 */
export interface OperationDeps {
  session: SessionManager;
  refs: RefTable;
  capabilities: CapabilityTable;
  vouchers: VoucherStore;
  hotels: HotelsCustomerApi;
  banking: BankingApi;
  info: BrokerInfo;
  now: Clock;
  logger: Logger;
  secrets: SecretRegistry;
  requestStop: () => void;
  writes?: WriteService;
  audit?: Audit;
}

/** The session refs and capabilities get bound to; a logged-out broker has none. */
export function requireSessionId(session: SessionManager): string {
  const id = session.sessionId();
  if (id === undefined) throw new BrokerError("mobile_login_required");
  return id;
}

/** Drops the session-bound state; returns how many refs and capabilities were revoked. */
export function revokeSessionState(deps: Pick<OperationDeps, "refs" | "capabilities">): number {
  return deps.refs.clear() + deps.capabilities.clear();
}

export function requireWrites(deps: Pick<OperationDeps, "writes">): WriteService {
  if (deps.writes === undefined) throw new BrokerError("execution_unavailable", "this broker was built without writes");
  return deps.writes;
}

/** After the session ended: deletes its saved vouchers and logs what was dropped with it. */
export function deleteVouchersAfterSession(deps: Pick<OperationDeps, "vouchers" | "logger">, revoked: number): void {
  deps.vouchers.deleteAll().then(
    (deleted) => deps.logger.info({ event: "session_ended", revoked, deletedVouchers: deleted }, "session ended: refs, capabilities and vouchers dropped"),
    (err: unknown) => deps.logger.warn({ event: "voucher_cleanup_failed", err }, "could not delete vouchers after the session ended"),
  );
}

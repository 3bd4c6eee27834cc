import type { ToolkitConfig } from "../shared/config/index.js";
import type { Logger, SecretRegistry } from "../shared/logger.js";
import type { Audit } from "./audit.js";
import type { BrokerParts } from "./main.js";
import type { OperationCore } from "./operation-core.js";
import { deleteVouchersAfterSession } from "./operations/deps.js";
import type { FetchLike } from "./provider/index.js";
import { createSessionManager } from "./session/index.js";
import type { BrokerInfo } from "./types.js";
import { RouteVerification } from "./verification.js";
import { VoucherStore } from "./vouchers/index.js";
import type { StartApprovalPage } from "./writes/service.js";
import { writesOpen } from "../shared/config/index.js";
import type { Clock } from "../shared/time.js";

export interface BrokerPartsOptions {
  config: ToolkitConfig;
  logger: Logger;
  secrets: SecretRegistry;
  info: BrokerInfo;
  requestStop: (reason: string) => void;
  fetch?: FetchLike;
  now?: Clock;
  /** Where write lines go (broker.log); tests pass nullAudit. */
  audit: Audit;
  /** The loopback approval page; by default broker/writes/approval-page.ts, loaded on first use. */
  startApprovalPage?: StartApprovalPage;
}

/**
 * An execute call waits for the person at most the hold (then answers approval_pending; the
 * request waits on without it), plus the usual request budget for the provider calls it makes
 * itself (each also bounded by TBANK_HOTELS_TIMEOUT_MS).
 */
export function executeDeadlineMs(config: ToolkitConfig): number {
  return config.broker.approvalHoldMs + config.broker.timeoutMs;
}

/**
 * Builds the real broker. The session and the voucher sweep start at once; the operations, their
 * schemas, the provider clients and the writes load with the first request (broker/operation-core.ts),
 * or at start when writes are on, so a write ledger that cannot open still stops the start.
 */
export async function createBrokerParts(opts: BrokerPartsOptions): Promise<BrokerParts> {
  const { config, logger, secrets } = opts;
  const now = opts.now ?? Date.now;
  const session = await createSessionManager({ ...config.broker, logger, secrets, now });
  const vouchers = new VoucherStore({ directory: config.vouchers.directory, ttlSeconds: config.vouchers.ttlSeconds, logger, now });
  try {
    const swept = await vouchers.sweep();
    if (swept > 0) logger.info({ swept }, "deleted vouchers left by an earlier broker");
  } catch (err) {
    await session.close();
    throw err;
  }
  let core: OperationCore | undefined;
  let loading: Promise<OperationCore> | undefined;
  const loadCore = (): Promise<OperationCore> =>
    (loading ??= import("./operation-core.js")
      .then((m) => m.createOperationCore({ opts, session, vouchers, verification, now }))
      .then(
        (c) => (core = c),
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      ));
  // The cheapest read of each API that needs the session: what the customer tools and the
  // preferences would read first anyway.
  const verification = new RouteVerification({
    session,
    probes: {
      hotels_api: async (signal) => (await loadCore()).hotels.customer(signal),
      ...(config.banking.apiBaseUrl !== undefined ? { banking_api: async (signal: AbortSignal) => (await loadCore()).banking.travelSpending(1, signal) } : {}),
    },
    now,
    logger,
  });
  // Until the operations are loaded there are no refs, capabilities or approvals to drop; they
  // subscribe themselves when they load.
  session.onEnded(() => {
    if (core === undefined) deleteVouchersAfterSession({ vouchers, logger }, 0);
  });
  // The write ledger opens only when writes are on, and one that cannot open stops the start.
  if (writesOpen(config.hotels.mutations)) {
    try {
      await loadCore();
    } catch (err) {
      await vouchers.close().catch(() => undefined);
      await session.close();
      throw err;
    }
  }
  return {
    handlers: { load: async () => (await loadCore()).handlers },
    verifiedOperations: (role) => verification.verifiedOperations(role),
    operationTimeoutsMs: { "hotels.execute_write_v1": executeDeadlineMs(config) },
    close: async () => {
      verification.close();
      await core?.writes.close().catch((err: unknown) => logger.warn({ event: "approval_page_close_failed", err }, "could not close the approval page"));
      await vouchers.close().catch((err: unknown) => logger.warn({ event: "voucher_sweep_failed", err }, "could not delete vouchers at stop"));
      await session.close();
    },
  };
}

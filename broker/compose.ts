import type { ToolkitConfig } from "../shared/config/index.js";
import type { Logger, SecretRegistry } from "../shared/logger.js";
import { nullAudit, type Audit } from "./audit.js";
import { CapabilityTable } from "./capabilities.js";
import type { BrokerParts } from "./main.js";
import { createOperations } from "./operations/index.js";
import { BankingApi, HotelsCustomerApi, HotelsWritesApi, ProviderClient, type FetchLike } from "./provider/index.js";
import { RefTable } from "./refs.js";
import { createSessionManager } from "./session/index.js";
import type { BrokerInfo, SessionManager } from "./types.js";
import { RouteVerification, withVerifiedStatus } from "./verification.js";
import { VoucherStore } from "./vouchers/index.js";
import { ApprovalRegistry } from "./writes/approvals.js";
import { WriteExecutor } from "./writes/execute.js";
import { writeGatesOf } from "./writes/gates.js";
import { WriteLedger } from "./writes/ledger.js";
import { WriteService, type StartApprovalPage } from "./writes/service.js";
import type { Clock } from "../shared/time.js";

export interface BrokerPartsOptions {
  config: ToolkitConfig;
  logger: Logger;
  secrets: SecretRegistry;
  info: BrokerInfo;
  requestStop: (reason: string) => void;
  fetch?: FetchLike;
  now?: Clock;
  audit?: Audit;
  /** The loopback approval page; by default broker/writes/approval-page.ts, loaded on first use. */
  startApprovalPage?: StartApprovalPage;
}

const defaultApprovalPage: StartApprovalPage = async (registry) => (await import("./writes/approval-page.js")).startApprovalPage(registry);

/**
 * An execute call waits for the person at most the hold (then answers approval_pending; the
 * request waits on without it), plus the usual request budget for the provider calls it makes
 * itself (each also bounded by TBANK_HOTELS_TIMEOUT_MS).
 */
export function executeDeadlineMs(config: ToolkitConfig): number {
  return config.broker.approvalHoldMs + config.broker.timeoutMs;
}

interface WriteParts {
  config: ToolkitConfig;
  client: ProviderClient;
  hotels: HotelsCustomerApi;
  refs: RefTable;
  session: SessionManager;
  opts: BrokerPartsOptions;
  now: Clock;
}

async function createWrites({ config, client, hotels, refs, session, opts, now }: WriteParts): Promise<WriteService> {
  const { logger, secrets } = opts;
  const audit = opts.audit ?? nullAudit;
  const gates = config.hotels.mutations;
  const registry = new ApprovalRegistry({ now, timeoutMs: config.broker.approvalTimeoutMs });
  const ledgerOpts = { dir: config.broker.stateDir, now, logger };
  // The gates come from the broker's own environment and never change while it runs.
  const ledger = writeGatesOf(gates).approvalChannels.length > 0 ? await WriteLedger.open(ledgerOpts) : WriteLedger.closed(ledgerOpts, "writes are off on this broker");
  const writesApi = new HotelsWritesApi(client, config.hotels.apiBaseUrl);
  const executor = new WriteExecutor({ gates, registry, ledger, writesApi, hotels, refs, session, secrets, audit, logger, now, providerTimeoutMs: config.hotels.timeoutMs, holdMs: config.broker.approvalHoldMs });
  return new WriteService({ gates, registry, executor, startPage: opts.startApprovalPage ?? defaultApprovalPage, audit, logger });
}

/** Builds the real broker: session, provider clients, refs, capabilities, vouchers, operations. */
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
  const client = new ProviderClient({ session, fetch: opts.fetch });
  const hotels = new HotelsCustomerApi(client, config.hotels.apiBaseUrl);
  const banking = new BankingApi(client, config.banking.apiBaseUrl);
  // The cheapest read of each API that needs the session: what the customer tools and the
  // preferences would read first anyway.
  const verification = new RouteVerification({
    session,
    probes: {
      hotels_api: (signal) => hotels.customer(signal),
      ...(banking.configured ? { banking_api: (signal: AbortSignal) => banking.travelSpending(1, signal) } : {}),
    },
    now,
    logger,
  });
  const refs = new RefTable({ now });
  let writes: WriteService;
  try {
    writes = await createWrites({ config, client, hotels, refs, session, opts, now });
  } catch (err) {
    await vouchers.close().catch(() => undefined);
    await session.close();
    throw err;
  }
  const operations = createOperations({
    session,
    refs,
    capabilities: new CapabilityTable({ now }),
    vouchers,
    hotels,
    banking,
    info: opts.info,
    now,
    logger,
    secrets,
    requestStop: () => opts.requestStop("broker.stop"),
    writes,
    audit: opts.audit,
  });
  return {
    handlers: withVerifiedStatus(operations, verification),
    verifiedOperations: (role) => verification.verifiedOperations(role),
    operationTimeoutsMs: { "hotels.execute_write_v1": executeDeadlineMs(config) },
    close: async () => {
      verification.close();
      await writes.close().catch((err: unknown) => logger.warn({ event: "approval_page_close_failed", err }, "could not close the approval page"));
      await vouchers.close().catch((err: unknown) => logger.warn({ event: "voucher_sweep_failed", err }, "could not delete vouchers at stop"));
      await session.close();
    },
  };
}

import type { ToolkitConfig } from "../shared/config/index.js";
import type { Clock } from "../shared/time.js";
import { CapabilityTable } from "./capabilities.js";
import type { BrokerPartsOptions } from "./compose.js";
import { createOperations } from "./operations/index.js";
import { BankingApi, HotelsCustomerApi, HotelsWritesApi, ProviderClient } from "./provider/index.js";
import { RefTable } from "./refs.js";
import type { HandlerMap, SessionManager } from "./types.js";
import { withVerifiedStatus, type RouteVerification } from "./verification.js";
import type { VoucherStore } from "./vouchers/index.js";
import { ApprovalRegistry } from "./writes/approvals.js";
import { WriteExecutor } from "./writes/execute.js";
import { writesOpen } from "../shared/config/index.js";
import { WriteLedger } from "./writes/ledger.js";
import { WriteService, type StartApprovalPage } from "./writes/service.js";

/** What the operations run on, built by the first request (or at start when writes are on). */
export interface OperationCore {
  handlers: HandlerMap;
  hotels: HotelsCustomerApi;
  banking: BankingApi;
  writes: WriteService;
}

export interface OperationCoreOptions {
  opts: BrokerPartsOptions;
  session: SessionManager;
  vouchers: VoucherStore;
  verification: RouteVerification;
  now: Clock;
}

const defaultApprovalPage: StartApprovalPage = async (registry) => (await import("./writes/approval-page.js")).startApprovalPage(registry);

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
  const audit = opts.audit;
  const gates = config.hotels.mutations;
  const registry = new ApprovalRegistry({ now, timeoutMs: config.broker.approvalTimeoutMs });
  const ledgerOpts = { dir: config.broker.stateDir, now, logger };
  // The gates come from the broker's own environment and never change while it runs.
  const ledger = writesOpen(gates) ? await WriteLedger.open(ledgerOpts) : WriteLedger.closed(ledgerOpts, "writes are off on this broker");
  const writesApi = new HotelsWritesApi(client, config.hotels.apiBaseUrl);
  const executor = new WriteExecutor({ gates, registry, ledger, writesApi, hotels, refs, session, secrets, audit, logger, now, providerTimeoutMs: config.hotels.timeoutMs, holdMs: config.broker.approvalHoldMs });
  return new WriteService({ gates, registry, executor, startPage: opts.startApprovalPage ?? defaultApprovalPage, audit, logger });
}

/** Provider clients, refs, capabilities, writes and every operation's handler. */
export async function createOperationCore({ opts, session, vouchers, verification, now }: OperationCoreOptions): Promise<OperationCore> {
  const { config, logger, secrets } = opts;
  const client = new ProviderClient({ session, fetch: opts.fetch });
  const hotels = new HotelsCustomerApi(client, config.hotels.apiBaseUrl);
  const banking = new BankingApi(client, config.banking.apiBaseUrl);
  const refs = new RefTable({ now });
  const writes = await createWrites({ config, client, hotels, refs, session, opts, now });
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
  return { handlers: withVerifiedStatus(operations, verification), hotels, banking, writes };
}

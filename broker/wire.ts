import type { ToolkitConfig } from "../shared/config/index.js";
import type { Logger, SecretRegistry } from "../shared/logger.js";
import { CapabilityTable } from "./capabilities.js";
import type { BrokerParts } from "./main.js";
import { createOperations } from "./operations/index.js";
import { BankingApi, HotelsCustomerApi, ProviderClient, type FetchLike } from "./provider/index.js";
import { RefTable } from "./refs.js";
import { createSessionManager } from "./session/index.js";
import type { BrokerInfo } from "./types.js";
import { RouteVerification, withVerifiedStatus } from "./verification.js";
import { VoucherStore } from "./vouchers/index.js";

export interface WireOptions {
  config: ToolkitConfig;
  logger: Logger;
  secrets: SecretRegistry;
  info: BrokerInfo;
  requestStop: (reason: string) => void;
  fetch?: FetchLike;
  now?: () => number;
}

/** Builds the real broker: session, provider clients, refs, capabilities, vouchers, operations. */
export async function createBrokerParts(opts: WireOptions): Promise<BrokerParts> {
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
  const operations = createOperations({
    session,
    refs: new RefTable({ now }),
    capabilities: new CapabilityTable({ now }),
    vouchers,
    hotels,
    banking,
    info: opts.info,
    now,
    logger,
    secrets,
    requestStop: () => opts.requestStop("broker.stop"),
  });
  return {
    handlers: withVerifiedStatus(operations, verification),
    verifiedOperations: (role) => verification.verifiedOperations(role),
    close: async () => {
      verification.close();
      await vouchers.close().catch((err: unknown) => logger.warn({ event: "voucher_sweep_failed", err }, "could not delete vouchers at stop"));
      await session.close();
    },
  };
}

import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import type { BrokerClient } from "../shared/broker-client.js";
import type { Clock } from "../../shared/time.js";

/** The part of the broker client the banking tools use; tests may inject their own. */
export type BankingBroker = Pick<BrokerClient, "call" | "readiness" | "close">;

/** What every Banking tool may use. Built once per process by the server factory. */
export interface BankingContext {
  config: ToolkitConfig;
  /** Absent when TBANK_AUTH_BROKER_SOCKET is not set: every customer tool then says so. */
  broker: BankingBroker | undefined;
  logger: Logger;
  now: Clock;
}

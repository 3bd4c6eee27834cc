import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import { BrokerClient } from "../shared/broker-client.js";
import { NO_ELICITATION_VALIDATOR } from "../shared/no-elicitation.js";
import type { BankingBroker, BankingContext } from "./context.js";
import { registerBankingTools } from "./tools/index.js";
import type { Clock } from "../../shared/time.js";

const INSTRUCTIONS =
  "Soft hotel price preferences and the read-only side of a payment handoff. This server never pays: payment happens only on the bank's hosted page. " +
  "Pass tbank_banking_get_hotel_preferences' hotelPreferences unchanged to tbank_hotels_plan_stay. Never retry a result whose retryAllowed is false.";

export interface BankingServerDeps {
  /** Replaces the broker client built from the config (tests). */
  broker?: BankingBroker;
  now?: Clock;
  logger?: Logger;
  /** Given to the broker client: starts a stopped or crashed broker on demand (the bin's launcher). */
  startBroker?: () => Promise<void>;
}

/** Builds the Banking MCP server with its broker client and tools; the caller connects a transport. */
export function createBankingServer(config: ToolkitConfig, deps: BankingServerDeps = {}): { server: McpServer; ctx: BankingContext; tools: string[] } {
  const broker =
    deps.broker ??
    (config.broker.combinedProfile
      ? new BrokerClient({ socketPath: config.broker.socketPath, role: "banking", clientVersion: TOOLKIT_VERSION, timeoutMs: config.broker.timeoutMs, startBroker: deps.startBroker })
      : undefined);
  const ctx: BankingContext = { config, broker, logger: deps.logger ?? nullLogger, now: deps.now ?? Date.now };
  const server = new McpServer(
    { name: "tbank-banking-mcp", version: TOOLKIT_VERSION },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} }, jsonSchemaValidator: NO_ELICITATION_VALIDATOR },
  );
  const tools = registerBankingTools(server, ctx);
  return { server, ctx, tools };
}

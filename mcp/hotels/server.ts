import { pooledRandomBytes } from "../../shared/refs.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import { nullLogger, type Logger } from "../../shared/logger.js";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import { BrokerClient } from "../shared/broker-client.js";
import { NO_ELICITATION_VALIDATOR } from "../shared/no-elicitation.js";
import { BookingDraftStore } from "./booking/store.js";
import type { HotelsContext } from "./context.js";
import { LocationCatalog } from "./journey/catalog.js";
import type { RetryPolicy } from "./journey/retry.js";
import { StaySearch } from "./journey/stay-search.js";
import { createJourneyRepo } from "./journey/journey-repo.js";
import { CollectionCashback } from "./journey/value.js";
import { createHotelsProvider, type FetchLike } from "./provider/index.js";
import { createSharedStore } from "./store/index.js";
import type { SharedStore } from "./store/types.js";
import type { ProviderWaitMeter } from "../../shared/http/provider-wait.js";
import type { AnyToolDef } from "./tools/define.js";
import { registerHotelsTools } from "./tools/index.js";
import type { Clock } from "../../shared/time.js";
import { SOURCE_STAY_VIEW_URL, viewFile } from "./apps/view-file.js";

const INSTRUCTIONS =
  "Plan hotel stays on real T-Bank Hotels prices. Start with tbank_hotels_plan_stay; follow each result's status and nextStep. " +
  "Booking and payment happen only on the seller's page (tbank_hotels_create_checkout_handoff). Never retry a result whose retryAllowed is false.";

export interface HotelsServerDeps {
  fetch?: FetchLike;
  now?: Clock;
  random?: (bytes: number) => Buffer;
  logger?: Logger;
  today?: () => string;
  retryPolicies?: Partial<Record<"rates" | "checkout", RetryPolicy>>;
  /** Replaces the broker client the combined profile would create (tests inject their own). */
  broker?: BrokerClient;
  /** Given to the broker client: starts a stopped or crashed broker on demand (the bin's launcher). */
  startBroker?: () => Promise<void>;
  /** Where journeys live; default a memory store on this server's clock. Several servers given one Redis store share journeys. */
  store?: SharedStore;
  /** Journeys kept in process (memory store only); default MAX_JOURNEYS, one person's. */
  maxJourneys?: number;
  /** Measures the time spent waiting on the provider (the remote mode's metric). */
  providerWait?: ProviderWaitMeter;
  /** The tools to register (of the configured toolsets); default every Hotels tool. The remote mode leaves some out. */
  tools?: readonly AnyToolDef[];
  /** The built stay view; the bundled bins pass the one beside them (default: dist/ of the source tree). */
  stayViewUrl?: URL;
}

/** Builds the Hotels MCP server with its provider and tools; the caller connects a transport. */
export function createHotelsServer(config: ToolkitConfig, deps: HotelsServerDeps = {}): { server: McpServer; ctx: HotelsContext; tools: string[] } {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? nullLogger;
  const random = deps.random ?? pooledRandomBytes;
  const provider = createHotelsProvider(config.hotels, { fetch: deps.fetch, now, logger, ...(deps.providerWait ? { providerWait: deps.providerWait } : {}) });
  const { timeoutMs } = config.hotels;
  const store = deps.store ?? createSharedStore(undefined, { now });
  const ctx: HotelsContext = {
    config,
    provider,
    catalog: new LocationCatalog({ api: provider.api, timeoutMs, now }),
    staySearch: new StaySearch(provider, { timeoutMs, now, trustedOrigin: new URL(config.hotels.apiBaseUrl).origin }),
    collectionCashback: new CollectionCashback(),
    journeys: createJourneyRepo(store, { now, random, ...(deps.maxJourneys === undefined ? {} : { maxJourneys: deps.maxJourneys }) }),
    store,
    bookingDrafts: new BookingDraftStore({ now, random }),
    logger,
    now,
    random,
    stayView: viewFile(deps.stayViewUrl ?? SOURCE_STAY_VIEW_URL),
    today: deps.today ?? (() => new Date(now()).toISOString().slice(0, 10)),
    ...(deps.retryPolicies ? { retryPolicies: deps.retryPolicies } : {}),
  };
  const broker = deps.broker ?? (config.broker.combinedProfile ? new BrokerClient({ socketPath: config.broker.socketPath, role: "hotels", clientVersion: TOOLKIT_VERSION, timeoutMs: config.broker.timeoutMs, startBroker: deps.startBroker }) : undefined);
  if (broker) ctx.broker = broker;
  const server = new McpServer(
    { name: "tbank-hotels-mcp", version: TOOLKIT_VERSION },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} }, jsonSchemaValidator: NO_ELICITATION_VALIDATOR },
  );
  const tools = registerHotelsTools(server, ctx, deps.tools);
  return { server, ctx, tools };
}

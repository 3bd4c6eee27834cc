import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import type { BrokerClient } from "../shared/broker-client.js";
import type { BookingDraftStore } from "./booking/store.js";
import type { LocationCatalog } from "./journey/catalog.js";
import type { RetryPolicy } from "./journey/retry.js";
import type { StaySearch } from "./journey/stay-search.js";
import type { JourneyRepo } from "./journey/journey-repo.js";
import type { CollectionCashback } from "./journey/value.js";
import type { HotelsProvider } from "./provider/index.js";
import type { SharedStore } from "./store/types.js";
import type { Clock } from "../../shared/time.js";
import type { ViewFile } from "./apps/view-file.js";

/** What every Hotels tool may use. Built once per process by the server factory. */
export interface HotelsContext {
  config: ToolkitConfig;
  provider: HotelsProvider<unknown>;
  /** Built beside the provider with the server's clock, so a second server never reads the first one's cache. */
  catalog: LocationCatalog;
  /** Shares identical concurrent searches through the provider's search cache. */
  staySearch: StaySearch;
  /** Cashback asked once per collection, shared by the journeys that share it (journey/value.ts). */
  collectionCashback: CollectionCashback;
  /**
   * Journeys live 60 minutes in the shared store (no credentials inside): in memory, bounded, and
   * forgotten by a restart; or in Redis, where every instance of the HTTP server reads them.
   */
  journeys: JourneyRepo;
  /** What journeys and rate-limit windows live in (memory unless the HTTP server was given Redis). */
  store: SharedStore;
  /** Booking drafts (the only holder of guest PII) live 60 minutes of their own; a restart forgets them. */
  bookingDrafts: BookingDraftStore;
  logger: Logger;
  now: Clock;
  random: (bytes: number) => Buffer;
  /** Today's date (YYYY-MM-DD) for local date validation, injected so tests are stable. */
  today: () => string;
  /** Overrides RATES_RETRY_POLICY / CHECKOUT_RETRY_POLICY; tests shorten them instead of waiting 13 s. */
  retryPolicies?: Partial<Record<"rates" | "checkout", RetryPolicy>>;
  /** The built stay view (MCP Apps), read at the first resources/read. */
  stayView: ViewFile;
  /** The auth broker, present only in the combined profile (TBANK_AUTH_BROKER_SOCKET set). */
  broker?: BrokerClient;
}

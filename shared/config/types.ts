import type { HotelsAuthProfile } from "./auth-profile.js";
import type { HttpConfig } from "./http.js";
import type { ConfigProblem } from "./problems.js";

export interface FileStat {
  mode: number;
  uid: number;
  isFile: boolean;
  isDirectory: boolean;
}

export const TOOLSETS = ["journey", "customer", "booking", "lowlevel", "mutations"] as const;
export type Toolset = (typeof TOOLSETS)[number];
export const SESSION_STORES = ["auto", "keychain", "file"] as const;
export type SessionStoreChoice = (typeof SESSION_STORES)[number];
export const MUTATION_PROFILES = ["non_production_v1_reviewed"] as const;

/** Everything the four programs read from the environment, typed and checked. Holds secrets: never log it. */
export interface ToolkitConfig {
  hotels: {
    apiBaseUrl: string;
    auth: HotelsAuthProfile;
    timeoutMs: number;
    maxConcurrentRequests: number;
    /** Provider search requests one find_stay_dates call may make (TBANK_HOTELS_FLEX_SEARCH_BUDGET). */
    flexSearchBudget: number;
    /** Provider requests that wait past maxConcurrentRequests before a local `overloaded`; 32 unless the --http mode sets its own. */
    maxQueuedRequests?: number;
    toolsets: ReadonlySet<Toolset>;
    hotelPageUrlTemplate: string;
    /** Where the person pays a booking themselves (TBANK_HOTELS_ORDERS_PAGE_URL); never one order's page. */
    ordersPageUrl: string;
    /** Where hotel photos come from (TBANK_HOTELS_PHOTO_ORIGINS; default the API's origin): the stay view's only image hosts. */
    photoOrigins: readonly string[];
    /**
     * `enabled` needs both the switch (`requested`) and the reviewed profile. `trustedRealIp`
     * (TBANK_HOTELS_TRUSTED_REAL_IP) is the x-real-ip the broker sends for bookings; never log it.
     */
    mutations: { enabled: boolean; requested: boolean; executionProfile: (typeof MUTATION_PROFILES)[number] | undefined; trustedRealIp: string | undefined };
  };
  vouchers: { directory: string; ttlSeconds: number };
  broker: {
    socketPath: string;
    /** True when TBANK_AUTH_BROKER_SOCKET is set: customer tools and broker auto-start are on. */
    combinedProfile: boolean;
    timeoutMs: number;
    /** How long hotels.execute_write_v1 waits for the person's approval (TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS). */
    approvalTimeoutMs: number;
    /** How long one execute call waits for that approval before answering approval_pending (TBANK_AUTH_BROKER_APPROVAL_HOLD_MS). */
    approvalHoldMs: number;
    stateDir: string;
    sessionStore: SessionStoreChoice;
    issuerUrl: string | undefined;
  };
  banking: { apiBaseUrl: string | undefined };
  /** The remote mode (`tbank-hotels-mcp --http`, issue 17). */
  http: HttpConfig;
}

export type ConfigResult =
  | { ok: true; config: ToolkitConfig; warnings: ConfigProblem[] }
  | { ok: false; problems: ConfigProblem[]; warnings: ConfigProblem[] };

import { statSync } from "node:fs";
import { isIP } from "node:net";
import { isAbsolute, join } from "node:path";
import { checkSocketPathLength } from "../paths.js";
import { readAuthProfile } from "./auth-profile.js";
import { readHttpConfig } from "./http.js";
import { checkServiceUrl, ProblemList, read, readBool, readEnum, readInt, readServiceUrl, type Env } from "./problems.js";
import { MUTATION_PROFILES, SESSION_STORES, TOOLSETS, type ConfigResult, type FileStat, type Toolset } from "./types.js";

export type { HotelsAuthProfile } from "./auth-profile.js";
export type { ConfigProblem, Env } from "./problems.js";
export * from "./types.js";
export { REVIEWED_PROFILE, writesOpen } from "./writes-open.js";
export type { HttpAuthConfig, HttpConfig } from "./http.js";

export const DEFAULT_HOTELS_API_BASE_URL = "https://hotels.tbank.ru/api";
export const DEFAULT_HOTEL_PAGE_URL_TEMPLATE = "https://www.tbank.ru/travel/hotels/new/hotels/{hotelId}/";
// The public page listing the person's T-Bank Travel orders: where a booking is paid, by the person.
export const DEFAULT_ORDERS_PAGE_URL = "https://www.tbank.ru/travel/orders/";
// Provider search requests one find_stay_dates call may make: a week of dates in a city of about 120
// hotels (7 requests each), or a fortnight in a small one; the rest of a window is said not searched.
export const DEFAULT_FLEX_SEARCH_BUDGET = 48;
export const DEFAULT_TOOLSETS: readonly Toolset[] = ["journey", "customer"];
// How long an execute waits for the person's approval (`tbank-mcp approve` or the loopback page).
export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;
export const MAX_APPROVAL_TIMEOUT_MS = 600_000;
// How long one execute call waits for that approval before answering approval_pending: under the
// tool-call timeouts of MCP clients (the SDK's and Codex's default 60 s), with room for the reads
// before the wait and the answer after it.
export const DEFAULT_APPROVAL_HOLD_MS = 25_000;
export const MAX_APPROVAL_HOLD_MS = 40_000;

export interface ConfigDeps {
  platform?: NodeJS.Platform;
  /** Follows symlinks; returns undefined when the path does not exist or cannot be read. */
  stat?: (path: string) => FileStat | undefined;
}

export function defaultStat(path: string): FileStat | undefined {
  try {
    const s = statSync(path);
    return { mode: s.mode, uid: s.uid, isFile: s.isFile(), isDirectory: s.isDirectory() };
  } catch {
    return undefined;
  }
}

/** Reads every variable of DESIGN.md section 6 and reports every problem at once; never throws. */
export function parseConfig(env: Env, deps: ConfigDeps = {}): ConfigResult {
  const p = new ProblemList();
  const platform = deps.platform ?? process.platform;
  const stat = deps.stat ?? defaultStat;
  const home = read(env, "HOME");
  const homeOr = (suffix: string): string => {
    if (home !== undefined && isAbsolute(home)) return join(home, suffix);
    p.add("HOME", "must be an absolute path to derive default locations");
    return join("/nonexistent", suffix);
  };

  const apiBaseUrl = readServiceUrl(env, "TBANK_HOTELS_API_BASE_URL", DEFAULT_HOTELS_API_BASE_URL, p) ?? DEFAULT_HOTELS_API_BASE_URL;
  const auth = readAuthProfile(env, p, stat);
  const timeoutMs = readInt(env, "TBANK_HOTELS_TIMEOUT_MS", 15_000, 1000, 120_000, p);
  const maxConcurrentRequests = readInt(env, "TBANK_HOTELS_MAX_CONCURRENT_REQUESTS", 2, 1, 8, p);
  const flexSearchBudget = readInt(env, "TBANK_HOTELS_FLEX_SEARCH_BUDGET", DEFAULT_FLEX_SEARCH_BUDGET, 1, 200, p);
  const toolsets = readToolsets(env, p);
  const hotelPageUrlTemplate = readHotelPageTemplate(env, p);
  const ordersPageUrl = readOrdersPageUrl(env, p);
  const photoOrigins = readPhotoOrigins(env, apiBaseUrl, p);

  const mutationsFlag = readBool(env, "TBANK_HOTELS_ENABLE_MUTATIONS", p);
  const executionProfile = read(env, "TBANK_HOTELS_MUTATION_EXECUTION_PROFILE") === undefined ? undefined : readEnum(env, "TBANK_HOTELS_MUTATION_EXECUTION_PROFILE", MUTATION_PROFILES, MUTATION_PROFILES[0], p);
  if (mutationsFlag && executionProfile === undefined) {
    p.warn("TBANK_HOTELS_MUTATION_EXECUTION_PROFILE", "mutations stay off: TBANK_HOTELS_ENABLE_MUTATIONS needs a reviewed execution profile too");
  }
  const trustedRealIp = readTrustedRealIp(env, p);

  const xdgState = read(env, "XDG_STATE_HOME");
  // XDG: a relative XDG_STATE_HOME is invalid and must be ignored.
  const stateBase = xdgState !== undefined && isAbsolute(xdgState) ? xdgState : homeOr(".local/state");
  const stateDir = readAbsolutePath(env, "TBANK_AUTH_BROKER_STATE_DIR", p) ?? join(stateBase, "tbank-auth-broker");

  const socketOverride = readAbsolutePath(env, "TBANK_AUTH_BROKER_SOCKET", p);
  const socketPath = socketOverride ?? homeOr(".local/share/tbank-auth-broker/auth.sock");
  const socketCheck = checkSocketPathLength(socketPath, platform);
  if (!socketCheck.ok) p.add("TBANK_AUTH_BROKER_SOCKET", socketCheck.error);

  const voucherDirectory = readVoucherDirectory(env, p, stat) ?? join(stateDir, "vouchers");
  const voucherTtl = readInt(env, "TBANK_HOTELS_VOUCHER_TTL_SECONDS", 900, 10, 86_400, p);

  const issuerUrl = readServiceUrl(env, "TBANK_AUTH_ISSUER_URL", undefined, p);
  const bankingUrl = readServiceUrl(env, "TBANK_BANKING_API_BASE_URL", undefined, p);

  const config = {
    hotels: {
      apiBaseUrl,
      auth,
      timeoutMs,
      maxConcurrentRequests,
      flexSearchBudget,
      toolsets,
      hotelPageUrlTemplate,
      ordersPageUrl,
      photoOrigins,
      mutations: { enabled: mutationsFlag && executionProfile !== undefined, requested: mutationsFlag, executionProfile, trustedRealIp },
    },
    vouchers: { directory: voucherDirectory, ttlSeconds: voucherTtl },
    broker: {
      socketPath,
      combinedProfile: socketOverride !== undefined,
      timeoutMs: readInt(env, "TBANK_AUTH_BROKER_TIMEOUT_MS", 45_000, 1000, 120_000, p),
      approvalTimeoutMs: readInt(env, "TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS", DEFAULT_APPROVAL_TIMEOUT_MS, 5000, MAX_APPROVAL_TIMEOUT_MS, p),
      approvalHoldMs: readInt(env, "TBANK_AUTH_BROKER_APPROVAL_HOLD_MS", DEFAULT_APPROVAL_HOLD_MS, 1000, MAX_APPROVAL_HOLD_MS, p),
      stateDir,
      sessionStore: readEnum(env, "TBANK_AUTH_SESSION_STORE", SESSION_STORES, "auto", p),
      issuerUrl,
    },
    banking: { apiBaseUrl: bankingUrl },
    http: readHttpConfig(env, p, stat),
  };
  return p.problems.length === 0 ? { ok: true, config, warnings: p.warnings } : { ok: false, problems: p.problems, warnings: p.warnings };
}

function readAbsolutePath(env: Env, name: string, p: ProblemList): string | undefined {
  const raw = read(env, name)?.trim();
  if (raw === undefined) return undefined;
  if (!isAbsolute(raw)) return p.add(name, "must be an absolute path");
  return raw;
}

function readToolsets(env: Env, p: ProblemList): ReadonlySet<Toolset> {
  const raw = read(env, "TBANK_HOTELS_TOOLSETS");
  if (raw === undefined) return new Set(DEFAULT_TOOLSETS);
  const names = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const result = new Set<Toolset>();
  for (const name of names) {
    if (name === "all") TOOLSETS.forEach((t) => result.add(t));
    else if ((TOOLSETS as readonly string[]).includes(name)) result.add(name as Toolset);
    else p.add("TBANK_HOTELS_TOOLSETS", `unknown toolset ${JSON.stringify(name.slice(0, 40))}; use ${TOOLSETS.join(", ")} or all`);
  }
  if (names.length === 0) p.add("TBANK_HOTELS_TOOLSETS", "must name at least one toolset");
  return result;
}

function readHotelPageTemplate(env: Env, p: ProblemList): string {
  const name = "TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE";
  const raw = read(env, name)?.trim();
  if (raw === undefined) return DEFAULT_HOTEL_PAGE_URL_TEMPLATE;
  const placeholders = raw.split("{hotelId}").length - 1;
  let ok = true;
  if (placeholders !== 1) ok = p.add(name, `must contain exactly one {hotelId}, found ${placeholders}`) ?? false;
  if (raw.includes("?") || raw.includes("#")) ok = p.add(name, "must not contain a query string or fragment (the handoff adds its own parameters)") ?? false;
  if (ok && checkServiceUrl(raw.replace("{hotelId}", "hotel"), name, p) === undefined) ok = false;
  return ok ? raw : DEFAULT_HOTEL_PAGE_URL_TEMPLATE;
}

// A fixed page, never one order's: answers carry it to the model, and the model never sees an order
// id. A path with a placeholder, a sandbox-style order id, a long number or a UUID is refused.
const ORDER_ID_IN_PATH = /%7b|%7d|ord_|\d{5,}|[0-9a-f]{8}-[0-9a-f]{4}-/i;

function readOrdersPageUrl(env: Env, p: ProblemList): string {
  const name = "TBANK_HOTELS_ORDERS_PAGE_URL";
  const raw = read(env, name)?.trim();
  if (raw === undefined) return DEFAULT_ORDERS_PAGE_URL;
  if (checkServiceUrl(raw, name, p) === undefined) return DEFAULT_ORDERS_PAGE_URL;
  const url = new URL(raw);
  if (raw.includes("{") || ORDER_ID_IN_PATH.test(url.pathname)) return p.add(name, "must be the page of all orders, without a placeholder or an order id") ?? DEFAULT_ORDERS_PAGE_URL;
  // checkServiceUrl drops a trailing slash (right for API bases); a page keeps the address as written.
  return url.href;
}

/**
 * The hosts the stay view may load hotel photos from (its CSP). Unset: the API's own origin, where
 * the sandbox serves them; a provider whose photos live on a CDN names it here.
 */
function readPhotoOrigins(env: Env, apiBaseUrl: string, p: ProblemList): readonly string[] {
  const name = "TBANK_HOTELS_PHOTO_ORIGINS";
  const raw = read(env, name)?.trim();
  if (raw === undefined) return [new URL(apiBaseUrl).origin];
  const origins: string[] = [];
  for (const entry of raw.split(",").map((e) => e.trim())) {
    const checked = checkServiceUrl(entry, name, p);
    if (checked === undefined) return [];
    const url = new URL(checked);
    if (url.pathname !== "/") return p.add(name, "must list origins only (scheme, host and port), without a path") ?? [];
    origins.push(url.origin);
  }
  return origins;
}

function readVoucherDirectory(env: Env, p: ProblemList, stat: (path: string) => FileStat | undefined): string | undefined {
  const name = "TBANK_HOTELS_VOUCHER_DIRECTORY";
  const dir = readAbsolutePath(env, name, p);
  if (dir === undefined) return undefined;
  const info = stat(dir);
  if (info === undefined) return dir; // the broker creates it 0700 on first use
  if (!info.isDirectory) return p.add(name, "exists and is not a directory");
  if ((info.mode & 0o077) !== 0) {
    return p.add(name, `is readable by group or others (mode ${(info.mode & 0o777).toString(8)}); use an owner-only (0700) directory`);
  }
  return dir;
}

// The x-real-ip the broker sends with booking and LS booking writes. The person configures it; no
// tool asks the model for it, so a model cannot choose whose address the provider sees.
function readTrustedRealIp(env: Env, p: ProblemList): string | undefined {
  const name = "TBANK_HOTELS_TRUSTED_REAL_IP";
  const raw = read(env, name)?.trim();
  if (raw === undefined) return undefined;
  if (isIP(raw) === 0) return p.add(name, "must be an IPv4 or IPv6 address literal");
  return raw;
}

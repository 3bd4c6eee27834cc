import { isAbsolute } from "node:path";
import { checkServiceUrl, read, readEnum, readInt, type Env, type ProblemList } from "./problems.js";
import type { FileStat } from "./types.js";

// The remote Hotels MCP (issue 17, DESIGN.md 4.2): `tbank-hotels-mcp --http`. Read with the rest of
// the configuration; flags given on the command line win over these (mcp/hotels/http/cli.ts).

export const HTTP_AUTH_MODES = ["none", "api_key", "oauth"] as const;
export type HttpAuthMode = (typeof HTTP_AUTH_MODES)[number];

export type HttpAuthConfig =
  | { mode: "none" }
  /** SHA-256 hashes of the keys, one per line (`tbank-mcp http-key add` writes them), in a 0600 file. */
  | { mode: "api_key"; keysFile: string }
  /** An OAuth 2.1 resource server: JWT access tokens from `issuer`, audience = this resource's URL. */
  | { mode: "oauth"; issuer: string; jwksUrl: string | undefined; requiredScope: string };

export interface HttpConfig {
  host: string;
  port: number;
  /** The URL clients connect to (the OAuth resource and audience); default http://<host>:<port>/mcp. */
  publicUrl: string | undefined;
  auth: HttpAuthConfig;
  /** `Host` values accepted besides the bound host:port and the public URL's (DNS rebinding). */
  allowedHosts: readonly string[];
  /** Origins that get CORS answers; browsers from any other origin are refused. */
  allowedOrigins: readonly string[];
  /** Tool calls per principal per minute, shared between instances through the store. */
  toolCallsPerMinute: number;
  /** `redis://…`: journeys and rate-limit windows shared between instances; absent: in memory. */
  storeUrl: string | undefined;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  /** How long SIGTERM waits for calls in flight before closing. */
  drainMs: number;
  /**
   * Provider requests in flight per instance, and how many more wait before a call is refused
   * `overloaded`: a shared endpoint's own limits, not stdio's (2..8 in flight, 32 queued, for one person).
   */
  providerMaxConcurrent: number;
  providerQueueLimit: number;
  /**
   * Journeys one instance keeps in memory (no Redis): stdio's 200 is one person's; an endpoint with
   * 200 people planning at once would evict journeys still in use. About 0.35 MB each.
   */
  maxJourneys: number;
}

export const DEFAULT_HTTP_PROVIDER_MAX_CONCURRENT = 64;
/** The queue defaults to this many times the in-flight limit. */
export const HTTP_PROVIDER_QUEUE_PER_SLOT = 16;

export const DEFAULT_HTTP_PORT = 8080;
export const DEFAULT_HTTP_MAX_JOURNEYS = 1000;

export function readHttpConfig(env: Env, p: ProblemList, stat: (path: string) => FileStat | undefined): HttpConfig {
  const host = read(env, "TBANK_HOTELS_HTTP_HOST") ?? "127.0.0.1";
  const port = readInt(env, "TBANK_HOTELS_HTTP_PORT", DEFAULT_HTTP_PORT, 0, 65_535, p);
  const publicUrlRaw = read(env, "TBANK_HOTELS_HTTP_PUBLIC_URL");
  const publicUrl = publicUrlRaw === undefined ? undefined : checkServiceUrl(publicUrlRaw, "TBANK_HOTELS_HTTP_PUBLIC_URL", p);
  const mode = readEnum(env, "TBANK_HOTELS_HTTP_AUTH", HTTP_AUTH_MODES, "none", p);
  const auth = readAuth(env, mode, p, stat);
  const providerMaxConcurrent = readInt(env, "TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS", DEFAULT_HTTP_PROVIDER_MAX_CONCURRENT, 1, 512, p);
  const storeUrl = read(env, "TBANK_HOTELS_STORE_URL");
  if (storeUrl !== undefined && !/^rediss?:\/\/[^\s]+$/.test(storeUrl)) p.add("TBANK_HOTELS_STORE_URL", "must be a redis:// or rediss:// URL");
  return {
    host,
    port,
    publicUrl,
    auth,
    allowedHosts: list(read(env, "TBANK_HOTELS_HTTP_ALLOWED_HOSTS")),
    allowedOrigins: list(read(env, "TBANK_HOTELS_HTTP_ALLOWED_ORIGINS")),
    toolCallsPerMinute: readInt(env, "TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE", 60, 1, 100_000, p),
    storeUrl,
    maxBodyBytes: readInt(env, "TBANK_HOTELS_HTTP_MAX_BODY_BYTES", 1_048_576, 1024, 16_777_216, p),
    requestTimeoutMs: readInt(env, "TBANK_HOTELS_HTTP_REQUEST_TIMEOUT_MS", 60_000, 1000, 600_000, p),
    drainMs: readInt(env, "TBANK_HOTELS_HTTP_DRAIN_MS", 10_000, 0, 120_000, p),
    providerMaxConcurrent,
    providerQueueLimit: readInt(env, "TBANK_HOTELS_HTTP_PROVIDER_QUEUE", providerMaxConcurrent * HTTP_PROVIDER_QUEUE_PER_SLOT, 0, 8192, p),
    maxJourneys: readInt(env, "TBANK_HOTELS_HTTP_MAX_JOURNEYS", DEFAULT_HTTP_MAX_JOURNEYS, 1, 100_000, p),
  };
}

function readAuth(env: Env, mode: HttpAuthMode, p: ProblemList, stat: (path: string) => FileStat | undefined): HttpAuthConfig {
  if (mode === "none") return { mode };
  if (mode === "api_key") {
    const keysFile = read(env, "TBANK_HOTELS_HTTP_API_KEYS_FILE");
    if (keysFile === undefined || !isAbsolute(keysFile)) {
      p.add("TBANK_HOTELS_HTTP_API_KEYS_FILE", "api_key auth needs the absolute path of the hashed keys file");
      return { mode, keysFile: keysFile ?? "" };
    }
    const info = stat(keysFile);
    if (info !== undefined && (info.mode & 0o077) !== 0) p.add("TBANK_HOTELS_HTTP_API_KEYS_FILE", `is readable by group or others (mode ${(info.mode & 0o777).toString(8)}); chmod 600`);
    return { mode, keysFile };
  }
  const issuerRaw = read(env, "TBANK_HOTELS_HTTP_OAUTH_ISSUER");
  const issuer = issuerRaw === undefined ? undefined : checkServiceUrl(issuerRaw, "TBANK_HOTELS_HTTP_OAUTH_ISSUER", p);
  if (issuerRaw === undefined) p.add("TBANK_HOTELS_HTTP_OAUTH_ISSUER", "oauth auth needs the authorization server's issuer URL");
  const jwksRaw = read(env, "TBANK_HOTELS_HTTP_OAUTH_JWKS_URL");
  const jwksUrl = jwksRaw === undefined ? undefined : checkServiceUrl(jwksRaw, "TBANK_HOTELS_HTTP_OAUTH_JWKS_URL", p);
  return { mode, issuer: issuer ?? "", jwksUrl, requiredScope: read(env, "TBANK_HOTELS_HTTP_OAUTH_SCOPE") ?? "hotels" };
}

function list(raw: string | undefined): string[] {
  return raw === undefined ? [] : raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

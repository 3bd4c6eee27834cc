import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_HOTELS_API_BASE_URL, parseConfig, type Env, type ToolkitConfig } from "../../../shared/config/index.js";
import { CommandError } from "../errors.js";

export const SERVER_NAMES = ["tbank-hotels", "tbank-banking"] as const;
export type ServerName = (typeof SERVER_NAMES)[number];

/** One MCP server as every client needs it: what to run and its non-secret environment. */
export interface ServerSpec {
  name: ServerName;
  command: string;
  args: string[];
  env: Record<string, string>;
}

export const SANDBOX_PORT = 8765;
const SANDBOX_ORIGIN = `http://127.0.0.1:${SANDBOX_PORT}`;
export const SANDBOX_ENV: Readonly<Record<string, string>> = {
  TBANK_HOTELS_API_BASE_URL: `${SANDBOX_ORIGIN}/api`,
  TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: `${SANDBOX_ORIGIN}/travel/hotels/new/hotels/{hotelId}/`,
  TBANK_AUTH_ISSUER_URL: SANDBOX_ORIGIN,
  TBANK_BANKING_API_BASE_URL: `${SANDBOX_ORIGIN}/banking`,
  TBANK_HOTELS_ORDERS_PAGE_URL: `${SANDBOX_ORIGIN}/travel/orders/`,
};

// What the broker (auto-started by either server) reads; see shared/child-env.ts.
const BROKER_VARS = [
  "TBANK_HOTELS_API_BASE_URL",
  "TBANK_AUTH_BROKER_TIMEOUT_MS",
  "TBANK_AUTH_BROKER_STATE_DIR",
  "TBANK_AUTH_SESSION_STORE",
  "TBANK_AUTH_ISSUER_URL",
  "TBANK_BANKING_API_BASE_URL",
  "TBANK_HOTELS_VOUCHER_DIRECTORY",
  "TBANK_HOTELS_VOUCHER_TTL_SECONDS",
] as const;
const HOTELS_VARS = ["TBANK_HOTELS_TIMEOUT_MS", "TBANK_HOTELS_MAX_CONCURRENT_REQUESTS", "TBANK_HOTELS_TOOLSETS", "TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE"] as const;
// Read by both servers: the payment handoff and the banking preview end with this page.
const BOTH_VARS = ["TBANK_HOTELS_ORDERS_PAGE_URL"] as const;
// A service JWT profile is written only when its key is a file: the path is not a secret, the PEM is.
const JWT_FILE_VARS = ["TBANK_HOTELS_JWT_ISSUER", "TBANK_HOTELS_JWT_AUDIENCE", "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE", "TBANK_HOTELS_JWT_AUTH_HEADER", "TBANK_HOTELS_JWT_AUTH_PREFIX"] as const;

/** Variables that hold secrets: never written, only mentioned by name. */
export const SECRET_VARS = ["TBANK_HOTELS_AUTH_TOKEN", "TBANK_HOTELS_AUTH_HEADERS_JSON", "TBANK_HOTELS_JWT_PRIVATE_KEY"] as const;
const PATH_VARS = ["HOME", "XDG_STATE_HOME", "TBANK_AUTH_BROKER_SOCKET", ...BROKER_VARS] as const;

export interface ServerOptions {
  env: Env;
  sandbox: boolean;
  /** Where this package lives (its dist/ holds the servers). */
  packageDir?: string | undefined;
  execPath?: string;
}

const set = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v.trim() === "" ? undefined : v;
};

function pick(env: Env, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (set(env, n) === undefined ? [] : [[n, set(env, n) ?? ""]])));
}

/** The directory holding package.json, found upward from this module (source or bundled chunk). */
export function findPackageDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The environment setup works from: only non-secret variables, with the sandbox URLs on top. */
export function effectiveEnv(env: Env, sandbox: boolean): Record<string, string> {
  return { ...pick(env, [...PATH_VARS, ...HOTELS_VARS, ...BOTH_VARS, ...JWT_FILE_VARS]), ...(sandbox ? SANDBOX_ENV : {}) };
}

// A sandbox sign-in must never replace (or sit beside, unrevoked) the real session: sandbox configs
// get a socket and a state directory of their own, one `sandbox` level below the real ones.
const apart = (dir: string): string => (basename(dir) === "sandbox" ? dir : join(dir, "sandbox"));

/** Paths and settings from the non-secret part of the environment; every problem at once. */
export function pathsConfig(env: Env, sandbox: boolean): ToolkitConfig {
  // Only the variables that decide paths: the rest is checked by doctor and by the servers themselves.
  const real = checked({ ...pick(env, PATH_VARS), ...(sandbox ? SANDBOX_ENV : {}) });
  if (!sandbox) return real;
  const { socketPath, stateDir } = real.broker;
  // Parsed again so that the longer socket path gets its length check too.
  return checked({ ...pick(env, PATH_VARS), ...SANDBOX_ENV, TBANK_AUTH_BROKER_SOCKET: join(apart(dirname(socketPath)), basename(socketPath)), TBANK_AUTH_BROKER_STATE_DIR: apart(stateDir) });
}

function checked(env: Env): ToolkitConfig {
  const result = parseConfig(env);
  if (!result.ok) throw new CommandError(`configuration problems:\n${result.problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}\nRun tbank-mcp doctor for fixes.`);
  return result.config;
}

export function buildServers(opts: ServerOptions): ServerSpec[] {
  const env = effectiveEnv(opts.env, opts.sandbox);
  const config = pathsConfig(opts.env, opts.sandbox);
  const broker: Record<string, string> = {
    TBANK_AUTH_BROKER_SOCKET: config.broker.socketPath,
    ...pick(env, BROKER_VARS),
    ...(opts.sandbox ? { TBANK_AUTH_BROKER_STATE_DIR: config.broker.stateDir } : {}),
  };
  if (broker.TBANK_HOTELS_API_BASE_URL === DEFAULT_HOTELS_API_BASE_URL) delete broker.TBANK_HOTELS_API_BASE_URL;
  const jwt = set(opts.env, "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE") !== undefined && set(opts.env, "TBANK_HOTELS_JWT_PRIVATE_KEY") === undefined ? pick(env, JWT_FILE_VARS) : {};
  const envFor: Record<ServerName, Record<string, string>> = {
    "tbank-hotels": sortKeys({ ...broker, ...pick(env, [...HOTELS_VARS, ...BOTH_VARS]), ...jwt }),
    "tbank-banking": sortKeys({ ...broker, ...pick(env, BOTH_VARS) }),
  };
  return SERVER_NAMES.map((name) => {
    const bin = opts.packageDir === undefined ? undefined : join(opts.packageDir, "dist", `${name}-mcp.js`);
    // Never an `npx -y <name>` fallback: that would run whatever package holds the name on the
    // registry. A client config points only at this package's own, built files.
    if (bin === undefined || !existsSync(bin)) {
      throw new CommandError(`the MCP servers are not built${bin === undefined ? " (package directory not found)" : `: ${bin} is missing`}. Run npm run build in the package, then run this again.`);
    }
    return { name, command: opts.execPath ?? process.execPath, args: [bin], env: envFor[name] };
  });
}

function sortKeys(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Names of secret variables set in `env`, to say they were left out. */
export function secretsPresent(env: Env): string[] {
  return SECRET_VARS.filter((n) => set(env, n) !== undefined);
}

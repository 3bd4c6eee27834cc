import { constants } from "node:fs";
import { access, lstat, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SESSION_FILE_NAME } from "../../../broker/session/file-store.js";
import { DEFAULT_HOTELS_API_BASE_URL, parseConfig, type Env, type ToolkitConfig } from "../../../shared/config/index.js";
import { verifyPrivateDir } from "../../../shared/paths.js";
import { readIfExists } from "../config-file.js";
import { claudeProjectApproval, declinedAdvice, pendingAdvice } from "../clients/claude-approval.js";
import { CLIENT_NAMES, CLIENTS, type ClientContext } from "../clients/index.js";
import { SERVER_NAMES } from "../clients/servers.js";

export type CheckStatus = "pass" | "warn" | "fail";

export interface Check {
  id: string;
  status: CheckStatus;
  message: string;
  fix?: string;
}

const check = (id: string, status: CheckStatus, message: string, fix?: string): Check => (fix === undefined ? { id, status, message } : { id, status, message, fix });

export function checkNode(version: string = process.versions.node): Check {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const ok = major > 20 || (major === 20 && minor >= 19);
  return ok ? check("node", "pass", `Node ${version}`) : check("node", "fail", `Node ${version} is older than 20.19`, "install Node 20.19 or newer (https://nodejs.org)");
}

// Variables with a check of their own below, so their problems are not listed twice.
const OWN_CHECKS = new Set(["TBANK_HOTELS_JWT_PRIVATE_KEY_FILE", "TBANK_HOTELS_VOUCHER_DIRECTORY", "TBANK_HOTELS_API_BASE_URL"]);

/**
 * Every problem parseConfig finds, plus a config to run the other checks with: the variables with
 * problems are dropped and their defaults used, so one bad value does not hide every other check.
 */
export function checkConfig(env: Env): { checks: Check[]; config: ToolkitConfig | undefined } {
  const result = parseConfig(env);
  const checks: Check[] = [];
  let config: ToolkitConfig | undefined;
  if (result.ok) {
    config = result.config;
    checks.push(check("config", "pass", "configuration parses"));
  } else {
    for (const p of result.problems.filter((p) => !OWN_CHECKS.has(p.variable))) checks.push(check(`config.${p.variable}`, "fail", `${p.variable} ${p.message}`, `change or unset ${p.variable}`));
    const bad = new Set(result.problems.map((p) => p.variable));
    const retry = parseConfig(Object.fromEntries(Object.entries(env).filter(([k]) => !bad.has(k) && !k.startsWith("TBANK_HOTELS_AUTH") && !k.startsWith("TBANK_HOTELS_JWT"))));
    config = retry.ok ? retry.config : undefined;
  }
  for (const w of result.warnings) checks.push(check(`config.${w.variable}`, "warn", `${w.variable}: ${w.message}`));
  return { checks, config };
}

export async function checkSocketDir(socketPath: string): Promise<Check> {
  const dir = dirname(socketPath);
  const r = await verifyPrivateDir(dir);
  if (r.ok) return check("socket_dir", "pass", `socket directory ${dir} is 0700 and ours`);
  switch (r.error.problem) {
    case "missing":
      return check("socket_dir", "warn", `socket directory ${dir} does not exist yet`, "run tbank-mcp setup (the broker also creates it on first start)");
    case "too_permissive":
      return check("socket_dir", "fail", r.error.message, `chmod 700 ${dir}`);
    default:
      return check("socket_dir", "fail", r.error.message, `remove it or point TBANK_AUTH_BROKER_SOCKET into a private directory of yours`);
  }
}

export async function checkSocketFile(socketPath: string): Promise<Check | undefined> {
  const info = await lstat(socketPath).catch(() => undefined);
  if (!info) return undefined;
  if (!info.isSocket()) return check("socket", "fail", `${socketPath} exists and is not a socket`, `remove ${socketPath}`);
  if ((info.mode & 0o077) !== 0) return check("socket", "fail", `socket ${socketPath} has mode ${(info.mode & 0o777).toString(8)}`, `chmod 600 ${socketPath}, then restart the broker (tbank-mcp stop-broker)`);
  return check("socket", "pass", `socket ${socketPath} is 0600`);
}

export async function checkVoucherDir(dir: string): Promise<Check> {
  const r = await verifyPrivateDir(dir);
  if (r.ok) return check("vouchers", "pass", `voucher directory ${dir} is 0700`);
  if (r.error.problem === "missing") return check("vouchers", "pass", `voucher directory ${dir} will be created 0700 by the broker`);
  if (r.error.problem === "too_permissive") return check("vouchers", "fail", r.error.message, `chmod 700 ${dir}`);
  return check("vouchers", "fail", r.error.message, "set TBANK_HOTELS_VOUCHER_DIRECTORY to a private directory of yours");
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function checkBaseUrl(env: Env): Check {
  const raw = env.TBANK_HOTELS_API_BASE_URL?.trim() || DEFAULT_HOTELS_API_BASE_URL;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url?.protocol === "https:") return check("base_url", "pass", `Hotels API ${raw}`);
  if (url?.protocol === "http:" && LOOPBACK.has(url.hostname)) {
    return check("base_url", "warn", `Hotels API ${raw} is a local sandbox`, "keep tbank-mcp sandbox running, or unset TBANK_HOTELS_API_BASE_URL for the real API");
  }
  return check("base_url", "fail", `TBANK_HOTELS_API_BASE_URL ${JSON.stringify(raw.slice(0, 200))} is neither https nor http on loopback`, "use an https URL; plain http only for a sandbox on 127.0.0.1");
}

export async function checkJwtKey(env: Env): Promise<Check> {
  const file = env.TBANK_HOTELS_JWT_PRIVATE_KEY_FILE?.trim();
  const pem = env.TBANK_HOTELS_JWT_PRIVATE_KEY?.trim();
  if (!file) {
    if (pem) return check("jwt_key", "warn", "the service JWT key is in the environment (TBANK_HOTELS_JWT_PRIVATE_KEY)", "move it to a file with mode 0600 and set TBANK_HOTELS_JWT_PRIVATE_KEY_FILE");
    return check("jwt_key", "pass", "no service JWT key configured");
  }
  if (pem) return check("jwt_key", "fail", "both TBANK_HOTELS_JWT_PRIVATE_KEY and TBANK_HOTELS_JWT_PRIVATE_KEY_FILE are set", "unset TBANK_HOTELS_JWT_PRIVATE_KEY");
  if (!file.startsWith("/")) return check("jwt_key", "fail", `TBANK_HOTELS_JWT_PRIVATE_KEY_FILE ${file} is not absolute`, "use an absolute path");
  const info = await stat(file).catch(() => undefined);
  if (!info) return check("jwt_key", "fail", `JWT key file ${file} does not exist or cannot be reached`, "check the path in TBANK_HOTELS_JWT_PRIVATE_KEY_FILE");
  if (!info.isFile()) return check("jwt_key", "fail", `JWT key file ${file} is not a regular file`, "point TBANK_HOTELS_JWT_PRIVATE_KEY_FILE at the PEM file");
  if ((info.mode & 0o077) !== 0) return check("jwt_key", "fail", `JWT key file ${file} is readable by group or others (mode ${(info.mode & 0o777).toString(8)})`, `chmod 600 ${file}`);
  const readable = await access(file, constants.R_OK).then(() => true, () => false);
  if (!readable) return check("jwt_key", "fail", `JWT key file ${file} is not readable by you`, `chmod 600 ${file} (as its owner)`);
  return check("jwt_key", "pass", `JWT key file ${file} is 0600 and readable`);
}

/**
 * The broker ignores a session file others can read (it may have been copied), so that session is
 * neither usable nor revoked until someone acts: chmod keeps it, logout revokes it and wipes it.
 */
export async function checkSessionFile(stateDir: string): Promise<Check | undefined> {
  const file = join(stateDir, SESSION_FILE_NAME);
  const info = await lstat(file).catch(() => undefined);
  if (!info) return undefined;
  if (!info.isFile()) return check("session_file", "fail", `${file} is not a regular file; the broker ignores it`, `remove it (rm ${file}), then tbank-mcp login`);
  if ((info.mode & 0o077) !== 0) {
    return check("session_file", "fail", `${file} is readable by group or others (mode ${(info.mode & 0o777).toString(8)}); the broker ignores the session in it`, `chmod 600 ${file} to keep the session, or tbank-mcp logout to revoke and wipe it`);
  }
  return check("session_file", "pass", `${file} is 0600`);
}

/**
 * Which clients will load our servers now, from where: a configured file is not enough for Claude
 * Code's project scope, which also needs the person's approval (see claude-approval.ts).
 */
export async function checkClients(ctx: ClientContext): Promise<Check> {
  const parts: string[] = [];
  const fixes: string[] = [];
  let loading = 0;
  const contexts = [ctx, { ...ctx, scope: "user" as const }];
  for (const name of CLIENT_NAMES) {
    const client = CLIENTS[name];
    const seen = new Set<string>();
    for (const c of contexts) {
      const path = client.path(c);
      if (seen.has(path)) continue;
      seen.add(path);
      const text = await readIfExists(path).catch(() => undefined);
      if (text === undefined) continue;
      const ours = client.configured(text);
      if (ours.length === 0) {
        parts.push(`${client.label} (${path}): no tbank servers`);
        continue;
      }
      let state = ours.length === SERVER_NAMES.length ? "loads them now" : `has only ${ours.join(", ")}`;
      if (name === "claude" && c.scope === "project") {
        const approval = await claudeProjectApproval(c.home, c.projectDir, ours);
        const waiting = ours.filter((s) => approval[s] !== "approved");
        if (waiting.some((s) => approval[s] === "denied")) {
          state = `configured, but you declined ${waiting.join(", ")} in this project`;
          fixes.push(declinedAdvice(c.projectDir));
        } else if (waiting.length > 0) {
          state = `configured, pending your approval (${waiting.join(", ")})`;
          fixes.push(pendingAdvice(c.projectDir));
        }
      }
      if (state === "loads them now") loading++;
      parts.push(`${client.label} (${path}): ${state}`);
    }
  }
  const message = parts.length === 0 ? "no client configuration found (.mcp.json, ~/.claude.json, ~/.codex/config.toml, opencode.json)" : parts.join("; ");
  if (fixes.length > 0) return check("clients", "warn", message, fixes.join("; "));
  return loading > 0 ? check("clients", "pass", message) : check("clients", "warn", message, "run tbank-mcp setup (or tbank-mcp config --client NAME to copy by hand)");
}

/** login needs an identity provider; without one it refuses (not_configured), so say it here first. */
export function checkIdentity(issuerUrl: string | undefined): Check {
  if (issuerUrl !== undefined) return check("identity", "pass", `identity provider ${issuerUrl} (tbank-mcp login signs in there)`);
  return check(
    "identity",
    "warn",
    "no identity provider configured: tbank-mcp login and the customer tools cannot sign in (hotel search works)",
    "set TBANK_AUTH_ISSUER_URL to the bank's OAuth issuer (the API owner gives it); offline: tbank-mcp setup --sandbox",
  );
}

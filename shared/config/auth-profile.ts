import { isAbsolute } from "node:path";
import { read, type Env, type ProblemList } from "./problems.js";
import type { FileStat } from "./types.js";

export type HotelsAuthProfile =
  | { kind: "anonymous" }
  | { kind: "static_token"; header: string; prefix: string; token: string }
  | { kind: "headers_json"; headers: Record<string, string> }
  | {
      kind: "service_jwt";
      issuer: string;
      audience: string[];
      key: { source: "env"; pem: string } | { source: "file"; path: string };
      header: string;
      prefix: string;
    };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// These would smuggle a browser identity or hop-by-hop semantics into provider calls.
const FORBIDDEN_HEADERS = new Set(["cookie", "host", "content-length", "transfer-encoding", "connection"]);

const STATIC_VARS = ["TBANK_HOTELS_AUTH_TOKEN", "TBANK_HOTELS_AUTH_HEADER", "TBANK_HOTELS_AUTH_PREFIX"] as const;
const JWT_VARS = [
  "TBANK_HOTELS_JWT_ISSUER",
  "TBANK_HOTELS_JWT_AUDIENCE",
  "TBANK_HOTELS_JWT_PRIVATE_KEY",
  "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE",
  "TBANK_HOTELS_JWT_AUTH_HEADER",
  "TBANK_HOTELS_JWT_AUTH_PREFIX",
] as const;

function checkHeader(name: string, value: string, variable: string, p: ProblemList): boolean {
  if (!HEADER_NAME.test(name)) return p.add(variable, `header name ${JSON.stringify(name.slice(0, 40))} is not a valid HTTP token`) ?? false;
  if (FORBIDDEN_HEADERS.has(name.toLowerCase())) return p.add(variable, `header ${name} is not allowed`) ?? false;
  if (/[\r\n\0]/.test(value)) return p.add(variable, `value of header ${name} contains a line break`) ?? false;
  return true;
}

/** Exactly one profile may be configured; every conflict is named. */
export function readAuthProfile(env: Env, p: ProblemList, stat: (path: string) => FileStat | undefined): HotelsAuthProfile {
  const token = read(env, "TBANK_HOTELS_AUTH_TOKEN");
  const headersJson = read(env, "TBANK_HOTELS_AUTH_HEADERS_JSON");
  const staticSet = STATIC_VARS.filter((v) => read(env, v) !== undefined);
  const jwtSet = JWT_VARS.filter((v) => read(env, v) !== undefined);

  const profiles = [token !== undefined && "static token", headersJson !== undefined && "headers JSON", jwtSet.length > 0 && "service JWT"].filter(Boolean);
  if (profiles.length > 1) {
    p.add("TBANK_HOTELS_AUTH_*", `exactly one auth profile may be set, found ${profiles.join(" and ")}`);
    return { kind: "anonymous" };
  }
  if (token === undefined && staticSet.length > 0) {
    p.add(staticSet[0] ?? "TBANK_HOTELS_AUTH_HEADER", "is set without TBANK_HOTELS_AUTH_TOKEN");
  }
  if (token !== undefined) {
    const header = read(env, "TBANK_HOTELS_AUTH_HEADER")?.trim() ?? "Authorization";
    const prefix = env.TBANK_HOTELS_AUTH_PREFIX ?? "Bearer ";
    checkHeader(header, prefix + token, "TBANK_HOTELS_AUTH_HEADER", p);
    return { kind: "static_token", header, prefix, token };
  }
  if (headersJson !== undefined) return readHeadersJson(headersJson, p);
  if (jwtSet.length > 0) return readJwt(env, p, stat);
  return { kind: "anonymous" };
}

function readHeadersJson(raw: string, p: ProblemList): HotelsAuthProfile {
  const variable = "TBANK_HOTELS_AUTH_HEADERS_JSON";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    p.add(variable, "must be a JSON object of header names to string values");
    return { kind: "anonymous" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    p.add(variable, "must be a JSON object of header names to string values");
    return { kind: "anonymous" };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== "string") {
      p.add(variable, `value of header ${name} must be a string`);
      continue;
    }
    if (checkHeader(name, value, variable, p)) headers[name] = value;
  }
  if (Object.keys(parsed).length === 0) p.add(variable, "must name at least one header");
  return { kind: "headers_json", headers };
}

function readJwt(env: Env, p: ProblemList, stat: (path: string) => FileStat | undefined): HotelsAuthProfile {
  const issuer = read(env, "TBANK_HOTELS_JWT_ISSUER")?.trim();
  const audience = (read(env, "TBANK_HOTELS_JWT_AUDIENCE") ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter((a) => a !== "");
  const pem = read(env, "TBANK_HOTELS_JWT_PRIVATE_KEY");
  const file = read(env, "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE")?.trim();
  const header = read(env, "TBANK_HOTELS_JWT_AUTH_HEADER")?.trim() ?? "Authorization";
  // The Hotels Go client sends `Bearer<JWT>` with no space; keep that unless overridden.
  const prefix = env.TBANK_HOTELS_JWT_AUTH_PREFIX ?? "Bearer";
  if (issuer === undefined) p.add("TBANK_HOTELS_JWT_ISSUER", "is required for the service JWT profile");
  if (audience.length === 0) p.add("TBANK_HOTELS_JWT_AUDIENCE", "is required for the service JWT profile (comma-separated list)");
  if (pem !== undefined && file !== undefined) {
    p.add("TBANK_HOTELS_JWT_PRIVATE_KEY_FILE", "set either TBANK_HOTELS_JWT_PRIVATE_KEY or TBANK_HOTELS_JWT_PRIVATE_KEY_FILE, not both");
  } else if (pem === undefined && file === undefined) {
    p.add("TBANK_HOTELS_JWT_PRIVATE_KEY_FILE", "a private key is required for the service JWT profile (prefer a 0600 key file)");
  } else if (file !== undefined) {
    checkKeyFile(file, p, stat);
  }
  checkHeader(header, prefix, "TBANK_HOTELS_JWT_AUTH_HEADER", p);
  const key = file !== undefined ? { source: "file" as const, path: file } : { source: "env" as const, pem: pem ?? "" };
  return { kind: "service_jwt", issuer: issuer ?? "", audience, key, header, prefix };
}

function checkKeyFile(path: string, p: ProblemList, stat: (path: string) => FileStat | undefined): void {
  const variable = "TBANK_HOTELS_JWT_PRIVATE_KEY_FILE";
  if (!isAbsolute(path)) return void p.add(variable, "must be an absolute path");
  const info = stat(path);
  if (info === undefined) return void p.add(variable, "cannot be read (missing or not accessible)");
  if (!info.isFile) return void p.add(variable, "is not a regular file");
  if ((info.mode & 0o077) !== 0) {
    p.add(variable, `is readable by group or others (mode ${(info.mode & 0o777).toString(8)}); run chmod 600 on it`);
  }
}

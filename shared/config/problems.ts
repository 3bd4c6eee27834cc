/** One configuration problem, named by the variable a person has to change. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Collects problems while reading, so every problem is reported at once instead of the first. */
export class ProblemList {
  readonly problems: ConfigProblem[] = [];
  readonly warnings: ConfigProblem[] = [];
  add(variable: string, message: string): undefined {
    this.problems.push({ variable, message });
    return undefined;
  }
  warn(variable: string, message: string): void {
    this.warnings.push({ variable, message });
  }
}

/** Empty strings count as unset: shells and client configs often export `VAR=`. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value;
}

export function readInt(env: Env, name: string, fallback: number, min: number, max: number, p: ProblemList): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) return p.add(name, `must be a whole number from ${min} to ${max}`) ?? fallback;
  const value = Number(raw.trim());
  if (value < min || value > max) return p.add(name, `must be from ${min} to ${max}, got ${value}`) ?? fallback;
  return value;
}

export function readBool(env: Env, name: string, p: ProblemList): boolean {
  const raw = read(env, name)?.trim().toLowerCase();
  if (raw === undefined || raw === "false" || raw === "0" || raw === "no") return false;
  if (raw === "true" || raw === "1" || raw === "yes") return true;
  return p.add(name, "must be true or false") ?? false;
}

export function readEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T, p: ProblemList): T {
  const raw = read(env, name)?.trim();
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  return p.add(name, `must be one of ${allowed.join(", ")}`) ?? fallback;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A URL hostname (IPv6 in brackets) where plain http is tolerated: only this machine (the sandbox). */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** HTTPS, or plain HTTP on loopback only (the sandbox); never credentials, query or fragment. */
export function readServiceUrl(env: Env, name: string, fallback: string | undefined, p: ProblemList): string | undefined {
  const raw = read(env, name)?.trim() ?? fallback;
  if (raw === undefined) return undefined;
  return checkServiceUrl(raw, name, p);
}

export function checkServiceUrl(raw: string, name: string, p: ProblemList): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return p.add(name, "must be an absolute URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHostname(url.hostname))) {
    return p.add(name, "must use https (plain http is allowed only on 127.0.0.1, localhost or [::1])");
  }
  if (url.username || url.password) return p.add(name, "must not contain credentials; use the auth variables");
  if (url.search || url.hash) return p.add(name, "must not contain a query string or fragment");
  return url.href.replace(/\/+$/, "");
}

import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { CommandError, UsageError } from "../errors.js";
import { CLIENT_NAMES, CLIENTS, type ClientContext, type ClientName, type Scope } from "./index.js";

export function parseClients(values: readonly string[] | undefined): ClientName[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const names = values.flatMap((v) => v.split(",")).map((v) => v.trim());
  for (const n of names) if (!(CLIENT_NAMES as readonly string[]).includes(n)) throw new UsageError(`--client takes ${CLIENT_NAMES.join(", ")}; got ${JSON.stringify(n)}`);
  return [...new Set(names as ClientName[])];
}

export function parseScope(value: string | undefined): Scope {
  if (value === undefined) return "project";
  if (value !== "user" && value !== "project") throw new UsageError("--scope takes user or project");
  return value;
}

/** Tests and shells both say where "here" is through PWD; process.cwd() is the last resort. */
export function clientContext(env: Readonly<Record<string, string | undefined>>, scope: Scope, project: string | undefined): ClientContext {
  const home = env.HOME;
  if (home === undefined || !isAbsolute(home)) throw new CommandError("HOME must be set to an absolute path to find client configuration");
  const base = env.PWD !== undefined && isAbsolute(env.PWD) ? env.PWD : process.cwd();
  return { home, env, scope, projectDir: project === undefined ? base : resolve(base, project) };
}

/** Without --client: Claude Code (the project .mcp.json), plus the clients this machine shows signs of. */
export function detectClients(ctx: ClientContext): ClientName[] {
  const found: ClientName[] = ["claude"];
  if (existsSync(dirname(CLIENTS.codex.path(ctx)))) found.push("codex");
  const oc = CLIENTS.opencode.path(ctx);
  if (existsSync(oc) || existsSync(join(ctx.home, ".config", "opencode"))) found.push("opencode");
  return found;
}

import { dirname, isAbsolute, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { probeKeychain, type KeychainProbe } from "../../../broker/session/select-store.js";
import { ensurePrivateDir } from "../../../shared/paths.js";
import { clientContext, detectClients, parseClients, parseScope } from "../clients/context.js";
import { CLIENTS, ClientFileError, type ClientContext, type ClientName, type Scope } from "../clients/index.js";
import { claudeProjectApproval, declinedAdvice, pendingAdvice } from "../clients/claude-approval.js";
import { buildServers, findPackageDir, pathsConfig, SANDBOX_ENV, SANDBOX_PORT, secretsPresent, SERVER_NAMES } from "../clients/servers.js";
import { ConfigPathError, readIfExists, resolveWriteTarget, writeConfigFile } from "../config-file.js";
import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp setup [--client claude|codex|opencode ...] [--print] [--sandbox] [--scope user|project] [--project DIR]

Creates the broker's private directories (0700), checks whether the OS keychain can hold the
session, and adds tbank-hotels and tbank-banking to each client's MCP configuration:
  claude    .mcp.json in the project, which Claude Code starts only once you approve it in
            claude (--scope user: ~/.claude.json, no approval step)
  codex     $CODEX_HOME/config.toml (default ~/.codex/config.toml), whatever the scope
  opencode  opencode.json in the project (--scope user: ~/.config/opencode/opencode.json), or
            opencode.jsonc where that is the only one; comments are read, not kept (the backup has them)
Without --client: Claude Code, plus Codex and OpenCode when they are installed here.
Other servers and settings are kept; a changed file is backed up first (<file>.bak-<time>, 0600,
next to the real file). A symlink is written through only while it stays inside the project (or
your home, for user files); one leading out is refused.
Only commands and non-secret settings are written, never a token or key.
--print     write nothing; show what would be written
--sandbox   point the servers at a local sandbox on port ${SANDBOX_PORT} (tbank-mcp sandbox --port ${SANDBOX_PORT}),
            with a broker socket and state directory of their own (a sandbox/ level below the real ones)
--project   the project directory (default: the current directory)`;

export interface SetupOptions {
  clients: ClientName[] | undefined;
  print: boolean;
  sandbox: boolean;
  scope: Scope;
  project: string | undefined;
}

export interface SetupDeps {
  probe?: () => Promise<KeychainProbe>;
  packageDir?: string | undefined;
  now?: () => Date;
}

export function parse(argv: string[]): SetupOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      client: { type: "string", multiple: true },
      print: { type: "boolean", default: false },
      sandbox: { type: "boolean", default: false },
      scope: { type: "string" },
      project: { type: "string" },
    },
  });
  return { clients: parseClients(values.client), print: values.print, sandbox: values.sandbox, scope: parseScope(values.scope), project: values.project };
}

async function prepareBroker(io: CommandIo, stateDir: string, socketDir: string, choice: string, probe: () => Promise<KeychainProbe>): Promise<string[]> {
  const failures: string[] = [];
  for (const [label, dir] of [["state directory", stateDir], ["socket directory", socketDir]] as const) {
    const r = await ensurePrivateDir(dir);
    if (r.ok) io.stdout.write(`${label}: ${dir} (${r.value.created ? "created, 0700" : "exists, 0700"})\n`);
    else failures.push(`${label} refused: ${r.error.message}`);
  }
  if (choice === "file") {
    io.stdout.write(`session store: owner-only file ${join(stateDir, "session.json")} (TBANK_AUTH_SESSION_STORE=file)\n`);
    return failures;
  }
  const result = await probe();
  if (result.ok) io.stdout.write("session store: OS keychain (service tbank-auth-broker)\n");
  else if (choice === "keychain") failures.push(`TBANK_AUTH_SESSION_STORE=keychain, but ${result.error.reason}: the broker will not start. Unlock the keychain or set TBANK_AUTH_SESSION_STORE=file`);
  else io.stdout.write(`session store: owner-only file ${join(stateDir, "session.json")}, because ${result.error.reason}\n`);
  return failures;
}

const isInside = (path: string, dir: string): boolean => {
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

/** The directory a client file belongs to; setup never follows a symlink out of it. */
function scopeDir(ctx: ClientContext, path: string): string {
  if (ctx.scope === "project" && isInside(path, ctx.projectDir)) return ctx.projectDir;
  return isInside(path, ctx.home) ? ctx.home : dirname(path);
}

export async function setup(options: SetupOptions, io: CommandIo, deps: SetupDeps = {}): Promise<void> {
  const ctx = clientContext(io.env, options.scope, options.project);
  const config = pathsConfig(io.env, options.sandbox);
  const servers = buildServers({ env: io.env, sandbox: options.sandbox, packageDir: "packageDir" in deps ? deps.packageDir : findPackageDir() });
  const clients = options.clients ?? detectClients(ctx);
  const failures = options.print
    ? []
    : await prepareBroker(io, config.broker.stateDir, dirname(config.broker.socketPath), config.broker.sessionStore, deps.probe ?? (() => probeKeychain()));

  let changed = 0;
  for (const name of clients) {
    const client = CLIENTS[name];
    const path = client.path(ctx);
    let target: string;
    let existing: string | undefined;
    let text: string;
    try {
      target = await resolveWriteTarget(path, scopeDir(ctx, path));
      existing = await readIfExists(target);
      text = client.merge(existing, servers);
    } catch (err) {
      if (!(err instanceof ClientFileError || err instanceof ConfigPathError)) throw err;
      failures.push(`${client.label}: ${err.message} (${path}); tbank-mcp config --client ${name} prints the block to add`);
      continue;
    }
    if (options.print) {
      const what = existing === text ? "unchanged" : existing === undefined ? "would create" : "would update";
      io.stdout.write(`# ${client.label}: ${path} (${what})\n${text}\n`);
      continue;
    }
    const outcome = await writeConfigFile(target, text, existing, deps.now?.());
    if (outcome.kind !== "unchanged") changed++;
    const note = outcome.kind === "updated" ? client.mergeNote?.(existing) : undefined;
    const detail = outcome.kind === "unchanged" ? "already up to date" : outcome.kind === "created" ? "created (0600)" : `updated; previous version in ${outcome.backup}${note === undefined ? "" : `; ${note}`}`;
    io.stdout.write(`${client.label}: ${path}: ${detail}\n`);
  }
  if (!options.print && changed === 0 && failures.length === 0) io.stdout.write("Nothing changed: everything was already set up.\n");
  if (!options.print && clients.includes("claude") && ctx.scope === "project") {
    const approval = await claudeProjectApproval(ctx.home, ctx.projectDir, SERVER_NAMES);
    if (SERVER_NAMES.some((n) => approval[n] === "denied")) io.stdout.write(`Claude Code: ${declinedAdvice(ctx.projectDir)}\n`);
    else if (SERVER_NAMES.some((n) => approval[n] === "pending")) io.stdout.write(`${pendingAdvice(ctx.projectDir)}\n`);
  }

  const secrets = secretsPresent(io.env);
  if (secrets.length > 0) {
    io.stdout.write(`Not written (secrets): ${secrets.join(", ")}. Give them to the server through the client's own environment or secret store.\n`);
  }
  if (options.sandbox) {
    io.stdout.write(`The servers now expect a sandbox on port ${SANDBOX_PORT}: keep \`tbank-mcp sandbox --port ${SANDBOX_PORT}\` running while you use them.\n`);
    io.stdout.write(`Their broker is the sandbox's own (socket ${config.broker.socketPath}, state ${config.broker.stateDir}): a sandbox sign-in never replaces your real session.\n`);
  }
  if (failures.length > 0) throw new CommandError(failures.join("\n"));
  if (options.print) return;
  if (options.sandbox) {
    const vars = { ...SANDBOX_ENV, TBANK_AUTH_BROKER_SOCKET: config.broker.socketPath, TBANK_AUTH_BROKER_STATE_DIR: config.broker.stateDir };
    io.stdout.write(`Next: sign in to the sandbox with\n  ${Object.entries(vars).map(([k, v]) => `${k}=${v}`).join(" ")} tbank-mcp login\n`);
  } else io.stdout.write("Next: tbank-mcp doctor, then tbank-mcp login to sign in.\n");
}

export function run(argv: string[], io: CommandIo): Promise<void> {
  return setup(parse(argv), io);
}

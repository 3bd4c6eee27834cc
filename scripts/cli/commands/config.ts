import { parseArgs } from "node:util";
import { clientContext, parseClients, parseScope } from "../clients/context.js";
import { CLIENTS, CLIENT_NAMES } from "../clients/index.js";
import { claudeEntry } from "../clients/claude.js";
import { buildServers, findPackageDir } from "../clients/servers.js";
import { UsageError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = `tbank-mcp config --client claude|codex|opencode [--sandbox] [--scope user|project]

Prints the configuration block that tbank-mcp setup would merge into that client's file, to copy by
hand. Nothing is written. For Claude Code it also prints the equivalent claude mcp add-json commands.`;

export async function run(argv: string[], io: CommandIo, packageDir: string | undefined = findPackageDir()): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { client: { type: "string" }, sandbox: { type: "boolean", default: false }, scope: { type: "string" } },
  });
  const [name, ...more] = parseClients(values.client === undefined ? undefined : [values.client]) ?? [];
  if (name === undefined || more.length > 0) throw new UsageError(`name one client: --client ${CLIENT_NAMES.join("|")}`);
  const scope = parseScope(values.scope);
  const client = CLIENTS[name];
  const servers = buildServers({ env: io.env, sandbox: values.sandbox, packageDir });
  const path = client.path(clientContext(io.env, scope, undefined));
  io.stdout.write(`# ${client.label}: merge into ${path}\n${client.snippet(servers)}`);
  if (name === "claude") {
    const flag = scope === "user" ? "user" : "project";
    for (const s of servers) io.stdout.write(`# or: claude mcp add-json --scope ${flag} ${s.name} '${JSON.stringify(claudeEntry(s)).replace(/'/g, "'\\''")}'\n`);
  }
  await Promise.resolve();
}

import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse as parseToml, TomlError } from "smol-toml";
import { emitTables, hasTable, replaceTables, TomlMergeError, type TomlTable } from "../toml.js";
import { SERVER_NAMES, type ServerSpec } from "./servers.js";
import { ClientFileError, type ClientFormat } from "./types.js";

const tablePath = (name: string): string[] => ["mcp_servers", name];

function tables(servers: readonly ServerSpec[]): TomlTable[] {
  return servers.flatMap((s) => [
    { path: tablePath(s.name), entries: [["command", s.command], ["args", s.args]] as const },
    { path: [...tablePath(s.name), "env"], entries: Object.entries(s.env) },
  ]);
}

// smol-toml builds its tables without a prototype; copies with one compare equal to our own objects.
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object" && value !== null && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function parseOrRefuse(text: string, what: string): Record<string, unknown> {
  try {
    return plain(parseToml(text)) as Record<string, unknown>;
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    throw new ClientFileError(`${what} is not valid TOML (line ${err.line}: ${err.message.split("\n")[0] ?? ""})`);
  }
}

/** What the file must hold after the merge: everything it held, with our servers exactly as built. */
function intended(before: Record<string, unknown>, servers: readonly ServerSpec[]): Record<string, unknown> {
  const existing = before.mcp_servers;
  const mcp: Record<string, unknown> = typeof existing === "object" && existing !== null && !Array.isArray(existing) ? { ...existing } : {};
  for (const s of servers) mcp[s.name] = { command: s.command, args: s.args, env: s.env };
  return { ...before, mcp_servers: mcp };
}

/**
 * The line-level merge keeps other tables byte for byte, but it reads TOML only as far as it must;
 * a real parser checks its result, so a file it misreads is refused instead of corrupted.
 */
function merge(existing: string | undefined, servers: readonly ServerSpec[]): string {
  const before = parseOrRefuse(existing ?? "", "the Codex config.toml");
  let text: string;
  try {
    text = replaceTables(existing ?? "", servers.map((s) => tablePath(s.name)), emitTables(tables(servers)));
  } catch (err) {
    if (err instanceof TomlMergeError) throw new ClientFileError(`the Codex config.toml: ${err.message}`);
    throw err;
  }
  const after = parseOrRefuse(text, "the merged Codex config.toml");
  if (!isDeepStrictEqual(after, intended(before, servers))) {
    throw new ClientFileError("the Codex config.toml: the merge would change more than our two servers; nothing written");
  }
  return text;
}

export const codex: ClientFormat = {
  name: "codex",
  label: "Codex",
  // Codex reads MCP servers from its home only, whatever the scope.
  path: (ctx) => {
    const codexHome = ctx.env.CODEX_HOME;
    return join(codexHome !== undefined && codexHome.trim() !== "" ? codexHome : join(ctx.home, ".codex"), "config.toml");
  },
  merge,
  configured: (text) => SERVER_NAMES.filter((n) => hasTable(text, tablePath(n))),
  snippet: (servers) => emitTables(tables(servers)),
};

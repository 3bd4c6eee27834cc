import { join } from "node:path";
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

export const codex: ClientFormat = {
  name: "codex",
  label: "Codex",
  // Codex reads MCP servers from its home only, whatever the scope.
  path: (ctx) => {
    const codexHome = ctx.env.CODEX_HOME;
    return join(codexHome !== undefined && codexHome.trim() !== "" ? codexHome : join(ctx.home, ".codex"), "config.toml");
  },
  merge: (existing, servers) => {
    try {
      return replaceTables(existing ?? "", servers.map((s) => tablePath(s.name)), emitTables(tables(servers)));
    } catch (err) {
      if (err instanceof TomlMergeError) throw new ClientFileError(`the Codex config.toml: ${err.message}`);
      throw err;
    }
  },
  configured: (text) => SERVER_NAMES.filter((n) => hasTable(text, tablePath(n))),
  snippet: (servers) => emitTables(tables(servers)),
};

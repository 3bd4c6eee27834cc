import { existsSync } from "node:fs";
import { join } from "node:path";
import { commentsNote, mergeJsonSection, sectionKeys } from "./json.js";
import { SERVER_NAMES, type ServerName, type ServerSpec } from "./servers.js";
import type { ClientFormat } from "./types.js";

function entry(s: ServerSpec): Record<string, unknown> {
  return { type: "local", command: [s.command, ...s.args], environment: s.env, enabled: true };
}

const entries = (servers: readonly ServerSpec[]): Record<string, unknown> => Object.fromEntries(servers.map((s) => [s.name, entry(s)]));

export const opencode: ClientFormat = {
  name: "opencode",
  label: "OpenCode",
  path: (ctx) => {
    const xdg = ctx.env.XDG_CONFIG_HOME;
    const dir = ctx.scope === "project" ? ctx.projectDir : join(xdg !== undefined && xdg.startsWith("/") ? xdg : join(ctx.home, ".config"), "opencode");
    // OpenCode reads opencode.jsonc too: a person's only file is merged into, never shadowed by a new one.
    const jsonc = join(dir, "opencode.jsonc");
    const json = join(dir, "opencode.json");
    return existsSync(jsonc) && !existsSync(json) ? jsonc : json;
  },
  mergeNote: commentsNote,
  merge: (existing, servers) => mergeJsonSection(existing, "the OpenCode configuration", "mcp", entries(servers), { $schema: "https://opencode.ai/config.json" }),
  configured: (text) => sectionKeys(text, "mcp").filter((k): k is ServerName => (SERVER_NAMES as readonly string[]).includes(k)),
  snippet: (servers) => `${JSON.stringify({ mcp: entries(servers) }, null, 2)}\n`,
};

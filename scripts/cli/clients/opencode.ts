import { join } from "node:path";
import { mergeJsonSection, sectionKeys } from "./json.js";
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
    if (ctx.scope === "project") return join(ctx.projectDir, "opencode.json");
    const xdg = ctx.env.XDG_CONFIG_HOME;
    return join(xdg !== undefined && xdg.startsWith("/") ? xdg : join(ctx.home, ".config"), "opencode", "opencode.json");
  },
  merge: (existing, servers) => mergeJsonSection(existing, "the OpenCode configuration", "mcp", entries(servers), { $schema: "https://opencode.ai/config.json" }),
  configured: (text) => sectionKeys(text, "mcp").filter((k): k is ServerName => (SERVER_NAMES as readonly string[]).includes(k)),
  snippet: (servers) => `${JSON.stringify({ mcp: entries(servers) }, null, 2)}\n`,
};

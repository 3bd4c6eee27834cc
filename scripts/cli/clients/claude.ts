import { join } from "node:path";
import { commentsNote, mergeJsonSection, sectionKeys } from "./json.js";
import { SERVER_NAMES, type ServerName, type ServerSpec } from "./servers.js";
import type { ClientFormat } from "./types.js";

// The shape `claude mcp add-json <name> '<json>'` accepts, and what .mcp.json holds per server.
export function claudeEntry(s: ServerSpec): Record<string, unknown> {
  return { type: "stdio", command: s.command, args: s.args, env: s.env };
}

const entries = (servers: readonly ServerSpec[]): Record<string, unknown> => Object.fromEntries(servers.map((s) => [s.name, claudeEntry(s)]));

export const claude: ClientFormat = {
  name: "claude",
  label: "Claude Code",
  // User scope lives in ~/.claude.json next to Claude Code's own state; project scope is shareable.
  path: (ctx) => (ctx.scope === "user" ? join(ctx.home, ".claude.json") : join(ctx.projectDir, ".mcp.json")),
  merge: (existing, servers) => mergeJsonSection(existing, "the Claude Code configuration", "mcpServers", entries(servers)),
  mergeNote: commentsNote,
  configured: (text) => sectionKeys(text, "mcpServers").filter((k): k is ServerName => (SERVER_NAMES as readonly string[]).includes(k)),
  snippet: (servers) => `${JSON.stringify({ mcpServers: entries(servers) }, null, 2)}\n`,
};

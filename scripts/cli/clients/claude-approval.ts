import { join } from "node:path";
import { readIfExists } from "../config-file.js";
import { stripJsonc } from "./jsonc.js";
import type { ServerName } from "./servers.js";

/**
 * Whether Claude Code will start a server of the project's .mcp.json. It asks the person once per
 * project (interactively) and keeps the answer in ~/.claude.json under projects[<dir>]; settings
 * files may approve ahead (enableAllProjectMcpServers, enabledMcpjsonServers). Until then
 * `claude mcp list` shows the server as "Pending approval" and no session loads it.
 */
export type ClaudeApproval = "approved" | "denied" | "pending";

type JsonObject = Record<string, unknown>;
const isJsonObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

async function readObject(path: string): Promise<JsonObject> {
  const text = await readIfExists(path).catch(() => undefined);
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(stripJsonc(text).json);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export async function claudeProjectApproval(home: string, projectDir: string, servers: readonly ServerName[]): Promise<Record<ServerName, ClaudeApproval>> {
  const state = await readObject(join(home, ".claude.json"));
  const project = isJsonObject(state.projects) && isJsonObject(state.projects[projectDir]) ? state.projects[projectDir] : {};
  // Later sources are more specific; a denial anywhere wins, as Claude Code's own check does.
  const sources = [await readObject(join(home, ".claude", "settings.json")), await readObject(join(projectDir, ".claude", "settings.json")), await readObject(join(projectDir, ".claude", "settings.local.json")), project];
  const out = {} as Record<ServerName, ClaudeApproval>;
  for (const s of servers) {
    if (sources.some((o) => names(o.disabledMcpjsonServers).includes(s))) out[s] = "denied";
    else if (sources.some((o) => o.enableAllProjectMcpServers === true || names(o.enabledMcpjsonServers).includes(s))) out[s] = "approved";
    else out[s] = "pending";
  }
  return out;
}

/** What setup and doctor say about servers still waiting for that approval. */
export function pendingAdvice(projectDir: string): string {
  return `Claude Code asks before it starts servers from a project's .mcp.json: until you approve them they show as "Pending approval" in claude mcp list and no session loads them. Run claude in ${projectDir} and approve tbank-hotels and tbank-banking (or later in /mcp), or write them to your user config instead: tbank-mcp setup --client claude --scope user`;
}

/** What setup and doctor say about servers the person declined in this project. */
export function declinedAdvice(projectDir: string): string {
  return `you declined these servers in ${projectDir} before: run claude mcp reset-project-choices there, then claude, and approve them (or use tbank-mcp setup --client claude --scope user)`;
}

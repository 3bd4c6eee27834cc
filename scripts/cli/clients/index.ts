import { claude } from "./claude.js";
import { codex } from "./codex.js";
import { opencode } from "./opencode.js";
import type { ClientFormat, ClientName } from "./types.js";

export const CLIENTS: Record<ClientName, ClientFormat> = { claude, codex, opencode };
export * from "./types.js";

import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = "tbank-mcp config (arrives with issue #6)";

export function run(_argv: string[], _io: CommandIo): Promise<void> {
  return Promise.reject(new CommandError("tbank-mcp config is not available in this version yet (issue #6)", 78));
}

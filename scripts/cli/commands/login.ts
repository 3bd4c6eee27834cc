import { CommandError } from "../errors.js";
import type { CommandIo } from "../io.js";

export const usage = "tbank-mcp login (arrives with issue #6)";

export function run(_argv: string[], _io: CommandIo): Promise<void> {
  return Promise.reject(new CommandError("tbank-mcp login is not available in this version yet (issue #6)", 78));
}

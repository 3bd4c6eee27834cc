import { parseArgs } from "node:util";
import { TOOLKIT_VERSION } from "../../shared/version.js";
import type { McpBinArgs } from "../shared/run-bin.js";

const USAGE = "usage: tbank-banking-mcp              (stdio, what agents spawn)\n       tbank-banking-mcp --help | --version";
const HELP = `tbank-banking-mcp ${TOOLKIT_VERSION}: MCP server for soft hotel price preferences and the payment handoff (it never pays).
${USAGE}
An MCP client starts it; tbank-mcp setup writes that client configuration, tbank-mcp doctor checks it.`;

// Anything else is refused rather than ignored: a server that starts on `--help` looks hung.
export function parseBankingArgs(argv: readonly string[]): McpBinArgs {
  try {
    const { values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: { help: { type: "boolean", short: "h" }, version: { type: "boolean", short: "V" } } });
    if (values.help) return { ok: true, print: HELP };
    if (values.version) return { ok: true, print: TOOLKIT_VERSION };
    return { ok: true, http: false };
  } catch (err) {
    return { ok: false, message: `${err instanceof Error ? err.message : String(err)}\n${USAGE}` };
  }
}

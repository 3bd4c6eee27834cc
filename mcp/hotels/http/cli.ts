import { parseArgs } from "node:util";
import type { ToolkitConfig } from "../../../shared/config/types.js";
import type { Env } from "../../../shared/config/problems.js";
import { TOOLKIT_VERSION } from "../../../shared/version.js";

// `tbank-hotels-mcp --http [--host H] [--port P]`: flags win over TBANK_HOTELS_HTTP_HOST/PORT.
// Parsing stays in this small file (no SDK, no zod) because the stdio bin reads its argv too, on
// the path where every millisecond before `initialize` counts; the server is imported only for --http.

export type BinArgs = { ok: true; http: false } | { ok: true; http: true; host?: string; port?: number } | { ok: true; print: string } | { ok: false; message: string };

const USAGE = "usage: tbank-hotels-mcp                    (stdio, what agents spawn)\n       tbank-hotels-mcp --http [--host 127.0.0.1] [--port 8080]\n       tbank-hotels-mcp --help | --version";
const HELP = `tbank-hotels-mcp ${TOOLKIT_VERSION}: MCP server for planning hotel stays (T-Bank Hotels).
${USAGE}
An MCP client starts it; tbank-mcp setup writes that client configuration, tbank-mcp doctor checks it.`;

export function parseHotelsArgs(argv: readonly string[]): BinArgs {
  let values: { http?: boolean; host?: string; port?: string; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { http: { type: "boolean" }, host: { type: "string" }, port: { type: "string" }, help: { type: "boolean", short: "h" }, version: { type: "boolean", short: "V" } },
    }));
  } catch (err) {
    return { ok: false, message: `${err instanceof Error ? err.message : String(err)}\n${USAGE}` };
  }
  if (values.help) return { ok: true, print: HELP };
  if (values.version) return { ok: true, print: TOOLKIT_VERSION };
  if (!values.http) {
    if (values.host !== undefined || values.port !== undefined) return { ok: false, message: `--host and --port go with --http\n${USAGE}` };
    return { ok: true, http: false };
  }
  if (values.port !== undefined && (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65_535)) return { ok: false, message: `--port must be a number from 0 to 65535\n${USAGE}` };
  if (values.host !== undefined && values.host.trim() === "") return { ok: false, message: `--host needs an address\n${USAGE}` };
  return { ok: true, http: true, ...(values.host !== undefined ? { host: values.host.trim() } : {}), ...(values.port !== undefined ? { port: Number(values.port) } : {}) };
}

export interface HttpRun {
  config: ToolkitConfig;
  flags: { host?: string; port?: number };
  env: Env;
  /** One line for a person, on stderr. */
  report: (message: string) => void;
  /** Where the exit code goes (process in the bin). */
  exit: { exitCode?: number | string | null | undefined };
  /** Registers the shutdown signal handlers (process.once in the bin). */
  onSignal(signal: "SIGTERM" | "SIGINT", handler: () => void): void;
  /** bench:http's plain SDK path: a fresh McpServer per request. */
  mcpPath?: "pooled" | "fresh";
  /** The built stay view beside the bin. */
  stayViewUrl?: URL;
}

/** The HTTP mode's whole life: start (78 on a refused configuration), print the URL, drain on SIGTERM/SIGINT, exit 0. */
export async function runHotelsHttp(run: HttpRun): Promise<void> {
  const [{ createLogger }, { HttpStartupError, startHotelsHttp }] = await Promise.all([import("../../../shared/logger.js"), import("./server.js")]);
  const http = { ...run.config.http, ...(run.flags.host !== undefined ? { host: run.flags.host } : {}), ...(run.flags.port !== undefined ? { port: run.flags.port } : {}) };
  const config = { ...run.config, http };
  const logger = createLogger({ name: "tbank-hotels-mcp", level: run.env.TBANK_LOG_LEVEL === "debug" ? "debug" : "info", asyncStderr: true });
  let server: Awaited<ReturnType<typeof startHotelsHttp>>;
  try {
    server = await startHotelsHttp(config, { logger, warn: run.report, explicitToolsets: (run.env.TBANK_HOTELS_TOOLSETS ?? "").trim() !== "", ...(run.mcpPath ? { mcpPath: run.mcpPath } : {}), ...(run.stayViewUrl ? { stayViewUrl: run.stayViewUrl } : {}) });
  } catch (err) {
    run.report(err instanceof Error ? err.message : String(err));
    run.exit.exitCode = err instanceof HttpStartupError ? 78 : 1;
    return;
  }
  run.report(`listening on ${server.boundUrl}${server.url === server.boundUrl ? "" : ` (public URL ${server.url})`}`);
  const stop = (signal: string): void => {
    run.report(`${signal}: finishing calls in flight (up to ${http.drainMs} ms), then stopping`);
    server.drain().then(
      () => {
        run.report("stopped");
        run.exit.exitCode = 0;
      },
      (err: unknown) => {
        run.report(`stopping failed: ${err instanceof Error ? err.message : String(err)}`);
        run.exit.exitCode = 1;
      },
    );
  };
  run.onSignal("SIGTERM", () => stop("SIGTERM"));
  run.onSignal("SIGINT", () => stop("SIGINT"));
}

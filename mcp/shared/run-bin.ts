import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../shared/config/index.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import type { Logger } from "../../shared/logger.js";
import { serveStdio, type FullServer, type ToolCatalog } from "./stdio-front.js";

export interface McpBinSpec {
  name: "tbank-hotels-mcp" | "tbank-banking-mcp";
  /** The generated catalog next to the bundled bin (dist/). */
  catalogUrl: URL;
  /** The auth broker bin next to the bundled bin. */
  brokerBinUrl: URL;
  toolsets(config: ToolkitConfig): ReadonlySet<string>;
  loadFull(config: ToolkitConfig, logger: Logger, deps: McpBinDeps): Promise<FullServer>;
  /** The command line, parsed by the bin (help, version and usage errors included). */
  args: McpBinArgs;
  /** The remote mode (`--http`): no stdio front, no broker; the bin owns its whole life. */
  runHttp?(config: ToolkitConfig, flags: { host?: string; port?: number }, report: (message: string) => void): Promise<void>;
}

export type McpBinArgs = { ok: true; http: boolean; host?: string; port?: number } | { ok: true; print: string } | { ok: false; message: string };

/** What the bin hands the full server beyond the config. */
export interface McpBinDeps {
  /** Starts the broker again when a tool finds it gone (combined profile only). */
  startBroker?: () => Promise<void>;
}

/**
 * The whole life of an MCP bin: config (problems to stderr, exit 78), broker auto-start in the
 * background when the combined profile is on, the stdio front, and releasing the broker
 * connection when the client goes away. stdout is the MCP wire: everything human goes to stderr.
 */
export function runMcpBin(spec: McpBinSpec): void {
  const report = (message: string): void => void process.stderr.write(`${spec.name}: ${message}\n`);
  const args = spec.args;
  if (!args.ok) {
    report(args.message);
    process.exitCode = 64;
    return;
  }
  // Answered before the configuration is read: help must work on a machine not yet set up.
  if ("print" in args) {
    process.stdout.write(`${args.print}\n`);
    return;
  }
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    for (const p of parsed.problems) report(`${p.variable}: ${p.message}`);
    report("fix the configuration above (tbank-mcp doctor lists every check)");
    process.exitCode = 78;
    return;
  }
  const { config } = parsed;
  if (args.http && spec.runHttp) {
    spec.runHttp(config, { host: args.host, port: args.port }, report).catch((err: unknown) => {
      report(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    });
    return;
  }
  // Started at once but imported lazily and never awaited by the front (initialize and
  // tools/list stay fast); the full server waits for it, so the first broker call finds the broker.
  // The same start runs again on demand when a tool finds the broker stopped or crashed.
  const startBroker = (): Promise<void> =>
    import("../../shared/broker-launcher.js").then(
      ({ autoStartBroker }) =>
        autoStartBroker({ socketPath: config.broker.socketPath, stateDir: config.broker.stateDir, env: process.env, brokerBin: fileURLToPath(spec.brokerBinUrl) }, report),
      (err: unknown) => report(`auth broker not started: ${err instanceof Error ? err.message : String(err)}`),
    );
  const launch: Promise<void> = config.broker.combinedProfile ? startBroker() : Promise.resolve();
  // A client that goes away closes our stdout or stdin; that ends the session, it is not a crash.
  process.stdout.on("error", () => process.stdin.destroy());
  serveStdio({
    catalog: JSON.parse(readFileSync(spec.catalogUrl, "utf8")) as ToolCatalog,
    toolsets: spec.toolsets(config),
    stdin: process.stdin,
    stdout: process.stdout,
    onError: (err) => {
      report(err instanceof Error ? err.message : String(err));
      process.exitCode = 1;
    },
    load: async () => {
      const [{ createLogger }] = await Promise.all([import("../../shared/logger.js"), launch]);
      const logger = createLogger({ name: spec.name, level: process.env.TBANK_LOG_LEVEL === "debug" ? "debug" : "warn" });
      return spec.loadFull(config, logger, config.broker.combinedProfile ? { startBroker } : {});
    },
  });
}

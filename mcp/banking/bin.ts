#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../shared/config/index.js";
import { startFastPath, type ToolCatalog } from "../fast-start.js";

// stdout is the MCP wire: everything human goes to stderr.
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  for (const p of parsed.problems) process.stderr.write(`tbank-banking-mcp: ${p.variable}: ${p.message}\n`);
  process.stderr.write("tbank-banking-mcp: fix the configuration above (tbank-mcp doctor lists every check)\n");
  process.exitCode = 78;
} else {
  const { config } = parsed;
  const fail = (err: unknown): void => {
    process.stderr.write(`tbank-banking-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  };
  const report = (message: string): void => void process.stderr.write(`tbank-banking-mcp: ${message}\n`);
  // Started at once but imported lazily and never awaited by the fast path (initialize and
  // tools/list stay fast); the full server waits for it, so the first broker call finds the broker.
  const launch: Promise<void> = config.broker.combinedProfile
    ? import("../shared/launcher.js").then(
        ({ autoStartBroker }) =>
          autoStartBroker(
            { socketPath: config.broker.socketPath, stateDir: config.broker.stateDir, env: process.env, brokerBin: fileURLToPath(new URL("./tbank-auth-broker.js", import.meta.url)) },
            report,
          ),
        (err: unknown) => report(`auth broker not started: ${err instanceof Error ? err.message : String(err)}`),
      )
    : Promise.resolve();
  let closeBroker: (() => void) | undefined;
  // A client that goes away closes our stdout or stdin; that ends the session, it is not a crash.
  process.stdout.on("error", () => process.stdin.destroy());
  process.stdin.once("close", () => closeBroker?.());
  process.stdin.once("end", () => closeBroker?.());
  const catalog = JSON.parse(readFileSync(new URL("./banking-tools.json", import.meta.url), "utf8")) as ToolCatalog;
  startFastPath({
    catalog,
    // Every Banking tool is always on.
    toolsets: new Set<string>(),
    stdin: process.stdin,
    stdout: process.stdout,
    onError: fail,
    load: async (write) => {
      const [{ loadBankingServer }, { createLogger }] = await Promise.all([import("./full-server.js"), import("../../shared/logger.js"), launch]);
      const logger = createLogger({ name: "banking-mcp", level: process.env.TBANK_LOG_LEVEL === "debug" ? "debug" : "warn" });
      const loaded = await loadBankingServer(config, logger, write);
      closeBroker = () => loaded.close();
      return loaded;
    },
  });
}

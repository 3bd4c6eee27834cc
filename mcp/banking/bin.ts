#!/usr/bin/env node
import { runMcpBin } from "../shared/run-bin.js";
import { parseBankingArgs } from "./cli.js";

runMcpBin({
  name: "tbank-banking-mcp",
  catalogUrl: new URL("./banking-tools.json", import.meta.url),
  brokerBinUrl: new URL("./tbank-auth-broker.js", import.meta.url),
  // Every Banking tool is always on.
  toolsets: () => new Set<string>(),
  args: parseBankingArgs(process.argv.slice(2)),
  loadFull: async (config, logger, deps) => (await import("./full-server.js")).loadBankingServer(config, logger, deps),
});

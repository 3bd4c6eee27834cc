#!/usr/bin/env node
import { runMcpBin } from "../shared/run-bin.js";

runMcpBin({
  name: "tbank-banking-mcp",
  catalogUrl: new URL("./banking-tools.json", import.meta.url),
  brokerBinUrl: new URL("./tbank-auth-broker.js", import.meta.url),
  // Every Banking tool is always on.
  toolsets: () => new Set<string>(),
  loadFull: async (config, logger, write, deps) => (await import("./full-server.js")).loadBankingServer(config, logger, write, deps),
});

#!/usr/bin/env node
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parseConfig } from "../../shared/config/index.js";
import { createLogger } from "../../shared/logger.js";
import { createHotelsServer } from "./server.js";

// stdout is the MCP wire: everything human goes to stderr.
const parsed = parseConfig(process.env);
if (!parsed.ok) {
  for (const p of parsed.problems) process.stderr.write(`tbank-hotels-mcp: ${p.variable}: ${p.message}\n`);
  process.stderr.write("tbank-hotels-mcp: fix the configuration above (tbank-mcp doctor lists every check)\n");
  process.exitCode = 78;
} else {
  const logger = createLogger({ name: "hotels-mcp", level: process.env.TBANK_LOG_LEVEL === "debug" ? "debug" : "warn" });
  const { server } = createHotelsServer(parsed.config, { logger });
  // A client that goes away closes our stdout; that ends the session, it is not a crash.
  process.stdout.on("error", () => void server.close());
  server.connect(new StdioServerTransport()).catch((err: unknown) => {
    process.stderr.write(`tbank-hotels-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}

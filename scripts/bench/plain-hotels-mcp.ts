// The Hotels stdio bin without its front: the same full server, connected to the SDK's
// StdioServerTransport, answers initialize and tools/list itself. bench:mcp times it beside the
// shipped bin, so the reason for the front stays measured.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadHotelsServer } from "../../mcp/hotels/full-server.js";
import { parseConfig } from "../../shared/config/index.js";
import { createLogger } from "../../shared/logger.js";

const parsed = parseConfig(process.env);
if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.variable}: ${p.message}`).join("\n"));
const { server } = loadHotelsServer(parsed.config, createLogger({ name: "tbank-hotels-mcp", level: "warn" }));
await server.connect(new StdioServerTransport());

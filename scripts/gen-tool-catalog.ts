import { writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { createBankingServer } from "../mcp/banking/server.js";
import type { ToolCatalog } from "../mcp/shared/stdio-front.js";
import { createHotelsServer } from "../mcp/hotels/server.js";
import { HOTELS_TOOLS } from "../mcp/hotels/tools/index.js";
import { parseConfig } from "../shared/config/index.js";
import type { ToolkitConfig } from "../shared/config/types.js";

function catalogConfig(): ToolkitConfig {
  const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_TOOLSETS: "all", TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock" });
  if (!parsed.ok) throw new Error("catalog config");
  return parsed.config;
}

/** Asks a real server what initialize and tools/list answer. */
async function catalogOf(server: McpServer, toolsetOf: (name: string) => string): Promise<ToolCatalog> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: "catalog", version: "1" });
  await client.connect(a);
  const { tools } = await client.listTools();
  const catalog: ToolCatalog = {
    serverInfo: client.getServerVersion() as ToolCatalog["serverInfo"],
    instructions: client.getInstructions(),
    capabilities: client.getServerCapabilities() ?? {},
    protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    tools: tools.map((tool) => ({ toolset: toolsetOf(tool.name), tool })),
  };
  await client.close();
  return catalog;
}

/** The Hotels catalog, with every toolset on. */
export async function hotelsCatalog(): Promise<ToolCatalog> {
  return catalogOf(createHotelsServer(catalogConfig()).server, (name) => HOTELS_TOOLS.find((d) => d.name === name)?.toolset ?? "always");
}

/** The Banking catalog: every Banking tool is always on. */
export async function bankingCatalog(): Promise<ToolCatalog> {
  const { server, ctx } = createBankingServer(catalogConfig());
  const catalog = await catalogOf(server, () => "always");
  ctx.broker?.close();
  return catalog;
}

// argv: <output path> [hotels|banking]; hotels when the server is not named.
if (process.argv[2]) writeFileSync(process.argv[2], `${JSON.stringify(await (process.argv[3] === "banking" ? bankingCatalog() : hotelsCatalog()))}\n`);

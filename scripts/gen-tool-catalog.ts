import { writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { ToolCatalog } from "../mcp/fast-start.js";
import { createHotelsServer } from "../mcp/hotels/server.js";
import { HOTELS_TOOLS } from "../mcp/hotels/tools/index.js";
import { parseConfig } from "../shared/config/index.js";

/** Asks the real server, with every toolset on, what initialize and tools/list answer. */
export async function hotelsCatalog(): Promise<ToolCatalog> {
  const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_TOOLSETS: "all", TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock" });
  if (!parsed.ok) throw new Error("catalog config");
  const { server } = createHotelsServer(parsed.config);
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
    tools: tools.map((tool) => ({ toolset: HOTELS_TOOLS.find((d) => d.name === tool.name)?.toolset ?? "always", tool })),
  };
  await client.close();
  return catalog;
}

if (process.argv[2]) writeFileSync(process.argv[2], `${JSON.stringify(await hotelsCatalog())}\n`);

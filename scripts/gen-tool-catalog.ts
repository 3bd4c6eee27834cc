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
import { TOOLSETS, type ToolkitConfig } from "../shared/config/types.js";

function catalogConfig(toolsets = "all"): ToolkitConfig {
  const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_TOOLSETS: toolsets, TBANK_AUTH_BROKER_SOCKET: "/nonexistent-home/auth.sock" });
  if (!parsed.ok) throw new Error("catalog config");
  return parsed.config;
}

async function connected(server: McpServer): Promise<[Client, () => Promise<void>]> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: "catalog", version: "1" });
  await client.connect(a);
  return [client, () => client.close()];
}

/** Asks a real server what initialize and tools/list answer. */
async function catalogOf(server: McpServer, toolsetOf: (name: string) => string): Promise<ToolCatalog> {
  const [client, close] = await connected(server);
  const { tools } = await client.listTools();
  const catalog: ToolCatalog = {
    serverInfo: client.getServerVersion() as ToolCatalog["serverInfo"],
    instructions: client.getInstructions(),
    capabilities: client.getServerCapabilities() ?? {},
    protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    tools: tools.map((tool) => ({ toolset: toolsetOf(tool.name), tool })),
  };
  await close();
  return catalog;
}

/** The Hotels catalog, with every toolset on, and which capabilities come only with some toolsets. */
export async function hotelsCatalog(): Promise<ToolCatalog> {
  const catalog = await catalogOf(createHotelsServer(catalogConfig()).server, (name) => HOTELS_TOOLS.find((d) => d.name === name)?.toolset ?? "always");
  const announcedWith = new Map<string, string[]>();
  for (const toolset of TOOLSETS) {
    const [client, close] = await connected(createHotelsServer(catalogConfig(toolset)).server);
    for (const name of Object.keys(client.getServerCapabilities() ?? {})) announcedWith.set(name, [...(announcedWith.get(name) ?? []), toolset]);
    await close();
  }
  const bound = [...announcedWith].filter(([, toolsets]) => toolsets.length < TOOLSETS.length);
  return bound.length === 0 ? catalog : { ...catalog, toolsetCapabilities: Object.fromEntries(bound) };
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

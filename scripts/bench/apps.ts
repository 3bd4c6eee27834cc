import { gzipSync } from "node:zlib";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { STAY_VIEW_URI } from "../../mcp/hotels/apps/stay-view-meta.js";
import type { BenchRow } from "./stats.js";
import { tokens } from "./tokens.js";

// Issue 33: what the stay view (MCP Apps) costs. Clients without Apps support pay for the tools'
// `_meta` in tools/list only (goal: at most 5 % more); hosts that render it read the resource once.

/** A tools/list result's tokens as sent and with every tool's `_meta` left out. */
export function toolsListMetaTokens(result: { tools: unknown[] }): { sent: number; withoutMeta: number } {
  const withoutMeta = { ...result, tools: result.tools.map((tool) => ({ ...(tool as object), _meta: undefined })) };
  return { sent: tokens(JSON.stringify(result)), withoutMeta: tokens(JSON.stringify(withoutMeta)) };
}

export const META_GROWTH_GOAL = 1.05;

/** The resource as a host reads it: its bytes, and gzipped (how an HTTP host may carry it). */
export async function stayViewRow(client: Client): Promise<BenchRow> {
  const read = await client.readResource({ uri: STAY_VIEW_URI }).catch(() => undefined);
  const content = read?.contents[0];
  if (!content || !("text" in content)) return { name: "stay view resource", figure: "not built", anchor: "dist/views/stay.html", ratio: Number.NaN };
  const bytes = Buffer.byteLength(content.text);
  const gzip = gzipSync(content.text, { level: 9 }).length;
  return { name: "stay view resource (bytes)", figure: `${bytes} B`, anchor: `gzip ${gzip} B`, ratio: gzip / bytes };
}

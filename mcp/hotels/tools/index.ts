import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { HotelsContext } from "../context.js";
import { connectionStatus } from "./connection-status.js";
import { CHECKOUT_TOOLS } from "./checkout-tools.js";
import { CUSTOMER_TOOLS } from "./customer-tools.js";
import { registerTool, type AnyToolDef } from "./define.js";
import { LOWLEVEL_TOOLS } from "./lowlevel/index.js";
import { MUTATION_TOOLS } from "./mutations/index.js";
import { SEARCH_TOOLS } from "./search-tools.js";
import { BOOKING_TOOLS } from "./booking/index.js";
import { registerStayResource } from "../apps/stay-resource.js";
import { namesStayView } from "../apps/stay-view-meta.js";
import { registerHotelsPrompts } from "../prompts/index.js";
import { registerHotelsResources } from "../resources/index.js";

/** Every Hotels tool, in the order tools/list shows them. */
export const HOTELS_TOOLS: readonly AnyToolDef[] = [connectionStatus, ...SEARCH_TOOLS, ...CHECKOUT_TOOLS, ...CUSTOMER_TOOLS, ...BOOKING_TOOLS, ...LOWLEVEL_TOOLS, ...MUTATION_TOOLS];

/**
 * Registers the tools of the configured toolsets (plus the always-on ones), the view they name,
 * and the resources and prompts that come with those toolsets.
 */
export function registerHotelsTools(server: McpServer, ctx: HotelsContext, tools: readonly AnyToolDef[] = HOTELS_TOOLS): string[] {
  const enabled = ctx.config.hotels.toolsets;
  const registered: string[] = [];
  let namesView = false;
  for (const tool of tools) {
    if (tool.toolset !== "always" && !(enabled as ReadonlySet<string>).has(tool.toolset)) continue;
    const handle = registerTool(server, tool, ctx);
    // The SDK lists `execution: {taskSupport: "forbidden"}` for every tool; absent means the same
    // (MCP's default), and the default tools/list is paid for in tokens.
    handle.execution = undefined;
    registered.push(tool.name);
    namesView ||= namesStayView(tool._meta);
  }
  if (namesView) registerStayResource(server, { view: ctx.stayView, photoOrigins: ctx.config.hotels.photoOrigins });
  registerHotelsResources(server, ctx);
  registerHotelsPrompts(server, ctx);
  return registered;
}

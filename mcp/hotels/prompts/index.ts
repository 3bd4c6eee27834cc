import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { HotelsContext } from "../context.js";
import { registerCancellationCostPrompt } from "./cancellation-cost.js";
import { registerPlanWeekendPrompt } from "./plan-weekend.js";
import { registerUpcomingTripsPrompt } from "./upcoming-trips.js";

/** Prompts come with the toolset whose tools they lead to: a prompt never names a tool not served. */
export function registerHotelsPrompts(server: McpServer, ctx: HotelsContext): void {
  const toolsets = ctx.config.hotels.toolsets;
  if (toolsets.has("journey")) registerPlanWeekendPrompt(server, ctx);
  if (toolsets.has("customer")) {
    registerUpcomingTripsPrompt(server);
    registerCancellationCostPrompt(server);
  }
}

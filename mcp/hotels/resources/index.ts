import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { HotelsContext } from "../context.js";
import { registerBookingResources } from "./bookings.js";
import { registerVoucherResources } from "./vouchers.js";

/** The person's trips as resources, with the customer toolset only: they show what its tools show. */
export function registerHotelsResources(server: McpServer, ctx: HotelsContext): void {
  if (!ctx.config.hotels.toolsets.has("customer")) return;
  registerBookingResources(server, ctx);
  registerVoucherResources(server, ctx);
}

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { BankingContext } from "../context.js";
import { connectionStatus } from "./connection-status.js";
import { registerTool, type AnyToolDef } from "./define.js";
import { getHotelPreferences } from "./get-hotel-preferences.js";
import { previewHotelPayment } from "./preview-hotel-payment.js";

/** Every Banking tool, in the order tools/list shows them. */
export const BANKING_TOOLS: readonly AnyToolDef[] = [connectionStatus, getHotelPreferences, previewHotelPayment];

export function registerBankingTools(server: McpServer, ctx: BankingContext, tools: readonly AnyToolDef[] = BANKING_TOOLS): string[] {
  for (const tool of tools) registerTool(server, tool, ctx);
  return tools.map((t) => t.name);
}

import type { z } from "zod";
import type { AnyToolDef as SharedAnyToolDef, ToolDef } from "../../shared/define-tool.js";
import type { BankingContext } from "../context.js";

export type { ToolOutcome } from "../../shared/define-tool.js";
export { registerTool } from "../../shared/define-tool.js";

// The Banking surface is three tools, so there are no toolsets: every tool is always on.
export type BankingToolDef<I extends z.ZodObject, O extends z.ZodObject> = ToolDef<BankingContext, I, O> & { toolset: "always" };
export type AnyToolDef = SharedAnyToolDef<BankingContext>;

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: BankingToolDef<I, O>): BankingToolDef<I, O> {
  return def;
}

import type { z } from "zod";
import type { Toolset } from "../../../shared/config/types.js";
import type { AnyToolDef as SharedAnyToolDef, ToolDef } from "../../shared/define-tool.js";
import type { HotelsContext } from "../context.js";

export type { ToolExtra, ToolOutcome } from "../../shared/define-tool.js";
export { registerTool } from "../../shared/define-tool.js";

export type HotelsToolDef<I extends z.ZodObject, O extends z.ZodObject> = ToolDef<HotelsContext, I, O> & { toolset: Toolset | "always" };
export type AnyToolDef = SharedAnyToolDef<HotelsContext>;

/**
 * Output schemas go to tools/list without the root `additionalProperties: false`: the server
 * still checks every result against the zod schema, and the list is paid for in tokens.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: HotelsToolDef<I, O>): HotelsToolDef<I, O> {
  return { ...def, output: def.output.meta({ $schema: undefined, additionalProperties: undefined }) };
}

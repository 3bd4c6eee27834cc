import type { AnyToolDef } from "../define.js";

/** The low-level value reads, in tools/list order. */
export const LOWLEVEL_VALUE_TOOLS: readonly AnyToolDef[] = [];

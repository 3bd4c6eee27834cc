import type { AnyToolDef } from "../define.js";

/** The low-level search reads, in tools/list order. */
export const LOWLEVEL_SEARCH_TOOLS: readonly AnyToolDef[] = [];

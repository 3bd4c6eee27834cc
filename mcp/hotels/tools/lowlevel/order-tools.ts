import type { AnyToolDef } from "../define.js";

/** The low-level order reads, in tools/list order. */
export const LOWLEVEL_ORDER_TOOLS: readonly AnyToolDef[] = [];

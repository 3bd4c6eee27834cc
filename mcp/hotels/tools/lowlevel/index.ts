import type { AnyToolDef } from "../define.js";
import { LOWLEVEL_ORDER_TOOLS } from "./order-tools.js";
import { LOWLEVEL_SEARCH_TOOLS } from "./search-tools.js";
import { LOWLEVEL_VALUE_TOOLS } from "./value-tools.js";

/** The `lowlevel` toolset (opt-in): one provider read per tool, for integrators. */
export const LOWLEVEL_TOOLS: readonly AnyToolDef[] = [...LOWLEVEL_SEARCH_TOOLS, ...LOWLEVEL_VALUE_TOOLS, ...LOWLEVEL_ORDER_TOOLS];

import type { AnyToolDef } from "./define.js";

// The search side of the journey, in tools/list order (filled in by the search tools work).
export const SEARCH_TOOLS: readonly AnyToolDef[] = [];

import type { AnyToolDef } from "./define.js";

// Rates, checkout inspection and handoff, in tools/list order (filled in by the checkout tools work).
export const CHECKOUT_TOOLS: readonly AnyToolDef[] = [];

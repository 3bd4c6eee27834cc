import type { ToolkitConfig } from "./types.js";

/** The one execution profile under which a broker sends writes. */
export const REVIEWED_PROFILE = "non_production_v1_reviewed";

/**
 * Whether a broker with this configuration executes writes: both switches from its own
 * environment. Free of schemas, so the broker's start path can ask it.
 */
export function writesOpen(cfg: Pick<ToolkitConfig["hotels"]["mutations"], "requested" | "executionProfile">): boolean {
  return cfg.requested && cfg.executionProfile === REVIEWED_PROFILE;
}

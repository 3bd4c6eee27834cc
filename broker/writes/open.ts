import type { ToolkitConfig } from "../../shared/config/types.js";

export const REVIEWED_PROFILE = "non_production_v1_reviewed";

/**
 * Whether this broker executes writes: both switches from its own environment. Kept apart from
 * gates.ts (which reads the protocol's schemas) so the start path can ask without loading them.
 */
export function writesOpen(cfg: Pick<ToolkitConfig["hotels"]["mutations"], "requested" | "executionProfile">): boolean {
  return cfg.requested && cfg.executionProfile === REVIEWED_PROFILE;
}

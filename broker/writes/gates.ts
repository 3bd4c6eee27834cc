import { REAL_IP_KINDS, type WriteGates, type WriteKind } from "../../shared/protocol/ops-hotels-writes.js";
import type { ToolkitConfig } from "../../shared/config/types.js";
import { REVIEWED_PROFILE, writesOpen } from "../../shared/config/index.js";

/**
 * The broker's own write switches, from its own environment. An auto-started broker never has
 * them (shared/child-env.ts does not pass them on): writes need a broker the person started with
 * these variables, so a parent process (an MCP client, a model's shell) cannot switch them on.
 */
export type WriteGateConfig = Pick<ToolkitConfig["hotels"]["mutations"], "requested" | "executionProfile" | "trustedRealIp">;

export { REVIEWED_PROFILE } from "../../shared/config/index.js";

/** What hotels.status reports: whether each gate is set, never the x-real-ip value. */
export function writeGatesOf(cfg: WriteGateConfig): WriteGates {
  const open = writesOpen(cfg);
  return {
    mutationsEnabled: cfg.requested,
    executionProfile: cfg.executionProfile === REVIEWED_PROFILE ? REVIEWED_PROFILE : null,
    trustedRealIp: cfg.trustedRealIp !== undefined,
    approvalChannels: open ? ["terminal", "loopback_page"] : [],
  };
}

/** The variables still missing for `kind`, named (with the value they need, never a secret), or [] when open. */
export function missingGates(cfg: WriteGateConfig, kind: WriteKind): string[] {
  const missing: string[] = [];
  if (!cfg.requested) missing.push("TBANK_HOTELS_ENABLE_MUTATIONS=true");
  if (cfg.executionProfile !== REVIEWED_PROFILE) missing.push(`TBANK_HOTELS_MUTATION_EXECUTION_PROFILE=${REVIEWED_PROFILE}`);
  if (REAL_IP_KINDS.has(kind) && cfg.trustedRealIp === undefined) missing.push("TBANK_HOTELS_TRUSTED_REAL_IP");
  return missing;
}

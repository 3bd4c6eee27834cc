import type { SearchCoverage } from "../journey/collect.js";
import type { JourneyState } from "../journey/state.js";
import type { CoverageT } from "./schemas.js";

// Coverage as both channels show it; option cards and ranking lines live in cards.ts.

export function coverageLine(c: SearchCoverage): string {
  const reported = c.reportedCount === null ? "" : ` of ${c.reportedCount} reported`;
  const unseen = c.notYetSeen ? `${c.notYetSeen} hotels not yet seen` : "";
  const flags = [c.truncated ? "truncated" : "", unseen, c.continuationRecommended ? "continuationRecommended" : c.continuationAvailable ? "continuationAvailable" : ""].filter(Boolean);
  return `coverage ${c.coverageLevel} ${c.coverageRatio}: ${c.collectedCount} hotels${reported}, ${c.requestsMade} requests${flags.length ? `, ${flags.join(", ")}` : ""}`;
}

/**
 * Coverage as the model reads it: counts and level always, a flag only when it is set (an absent
 * truncated/continuation flag means false; providerSort is always null and is left out).
 */
export function coverageFields(c: SearchCoverage): CoverageT {
  return {
    coverageLevel: c.coverageLevel,
    coverageRatio: c.coverageRatio,
    collectedCount: c.collectedCount,
    ...(c.reportedCount === null ? {} : { reportedCount: c.reportedCount }),
    requestsMade: c.requestsMade,
    ...(c.truncated ? { truncated: true as const } : {}),
    ...(c.notYetSeen ? { notYetSeen: c.notYetSeen } : {}),
    ...(c.continuationAvailable ? { continuationAvailable: true as const } : {}),
    ...(c.continuationRecommended ? { continuationRecommended: true as const } : {}),
  };
}

/** A journey's coverage; after its one continuation, continuing is never recommended again. */
export function journeyCoverage(state: Pick<JourneyState, "collector" | "continuationUsed">): SearchCoverage {
  const coverage = state.collector.coverage();
  return state.continuationUsed ? { ...coverage, continuationRecommended: false } : coverage;
}

import type { FailureFields } from "../../shared/outcome.js";
import { WRITE_REASONS } from "./readiness.js";

// A busy broker is the one readiness reason that passes by itself: the same call a moment later
// can answer differently, so it is `busy` with retryAllowed, never "not available, do not offer".

const BUSY_REASONS: ReadonlySet<string> = new Set([WRITE_REASONS.brokerBusy, WRITE_REASONS.brokerRequestBusy]);

const BUSY_NEXT_STEP = "nothing was sent or stored: the auth broker is busy. Call this same tool again with the same arguments in a moment.";

/** The answer for a write readiness reason that is a busy broker; null for every other reason. */
export function busyReadiness(reason: string | null): FailureFields<"busy"> | null {
  if (reason === null || !BUSY_REASONS.has(reason)) return null;
  return { status: "busy", retryAllowed: true, message: reason, nextStep: BUSY_NEXT_STEP };
}

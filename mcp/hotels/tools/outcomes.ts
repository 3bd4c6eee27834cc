import type { HotelsContext } from "../context.js";
import type { JourneyState } from "../journey/state.js";
import type { JourneyRecord } from "../journey/store.js";
import type { FieldError } from "../journey/types.js";
import { isProviderError } from "../provider/index.js";
import type { FailureFields } from "../../shared/outcome.js";
import { err, ok, type Result } from "../../../shared/result.js";

// The failure fields of the search tools' answers (the results are built by mcp/shared/outcome.ts).
// A provider failure keeps only kind, status, safe code and request id, never the provider's text.

export function invalidInput(errors: FieldError[], nextStep = "Fix every listed field (ask the user for missing facts such as child ages; never guess) and call again."): FailureFields<"invalid_input"> {
  // Repeated unchanged, the same arguments are refused again: the fix comes first.
  return { status: "invalid_input", retryAllowed: false, nextStep, errors };
}

export const NEXT_SEARCH_UNAVAILABLE =
  "The Hotels API is unreachable. Call tbank_hotels_connection_status once, tell the user, then stop: no retries, no other search tools.";
export const NEXT_AUTH_REJECTED =
  "The provider rejected the search credentials. Do not retry or change filters: the search auth profile (TBANK_HOTELS_* settings) must be fixed outside the chat.";
const NEXT_BUSY = "The Hotels API (or this server's request queue) is busy. Tell the user and stop; search again only when the user asks.";
const NEXT_REQUIREMENTS =
  "The provider could not apply the requested filters (breakfastIncluded, amenities), so no unfiltered results are shown. Tell the user; drop them only if the user explicitly agrees.";

/**
 * Maps a provider failure of a search step. With a mandatory filter in the request, any refusal
 * or silence except an auth rejection is requirements_unavailable: never a silent unfiltered result.
 */
export function providerFailure(err: unknown): FailureFields<"provider_auth_rejected" | "search_unavailable">;
export function providerFailure(err: unknown, opts: { filtered: boolean }): FailureFields<"provider_auth_rejected" | "search_unavailable" | "requirements_unavailable">;
export function providerFailure(err: unknown, opts: { filtered?: boolean } = {}): FailureFields<"provider_auth_rejected" | "search_unavailable" | "requirements_unavailable"> {
  if (!isProviderError(err)) throw err;
  const provider: NonNullable<FailureFields["provider"]> = { kind: err.kind };
  if (err.status !== undefined) provider.httpStatus = err.status;
  if (err.code !== undefined) provider.code = err.code;
  if (err.requestId !== undefined) provider.requestId = err.requestId;
  if (err.kind === "auth_rejected" || err.kind === "auth_unavailable") {
    return { status: "provider_auth_rejected", retryAllowed: false, nextStep: NEXT_AUTH_REJECTED, provider };
  }
  if (opts.filtered) return { status: "requirements_unavailable", retryAllowed: false, nextStep: NEXT_REQUIREMENTS, provider };
  const busy = err.kind === "rate_limited" || err.kind === "overloaded";
  return { status: "search_unavailable", retryAllowed: false, nextStep: busy ? NEXT_BUSY : NEXT_SEARCH_UNAVAILABLE, provider };
}

export type JourneyLookup = Result<JourneyRecord<JourneyState>, FailureFields<"journey_not_found" | "journey_expired">>;

export function journeyGone(ctx: Pick<HotelsContext, "store">, status: "expired" | "not_found"): FailureFields<"journey_not_found" | "journey_expired"> {
  // Kept in memory, a journey dies with the process; in a shared store (remote mode with Redis) it does not.
  const lifetime = ctx.store.kind === "memory" ? "journeys live 60 minutes and do not survive a restart" : "journeys live 60 minutes";
  const nextStep = `Run tbank_hotels_plan_stay again with the user's parameters; ${lifetime}.`;
  return { status: status === "expired" ? "journey_expired" : "journey_not_found", retryAllowed: false, nextStep };
}

export async function lookupJourney(ctx: HotelsContext, journeyId: string): Promise<JourneyLookup> {
  const found = await ctx.journeys.get(journeyId);
  return found.status === "found" ? ok(found.journey) : err(journeyGone(ctx, found.status));
}

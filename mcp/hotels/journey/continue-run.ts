import type { HotelsContext } from "../context.js";
import { langOf } from "../../../shared/locale.js";
import { amenityCandidates, checkAmenities } from "./amenity-check.js";
import { buildOptions, journeyOptions, roomShape } from "./options.js";
import { toSearchBody } from "./search-request.js";
import type { JourneyOption } from "./options.js";
import { withOptions, type JourneyState } from "./state.js";
import type { SearchProgress } from "./stay-search.js";
import { moreCashback } from "./value.js";
import { err, ok, type Result } from "../../../shared/result.js";

/** How a continuation ended. `ran`: new provider requests were made (by this or a sharing journey). */
export type ContinueRun =
  | { status: "search_failed"; error: unknown; keptOptions: number }
  | { status: "journey_gone"; lookup: "not_found" | "expired" }
  | { status: "continued"; state: JourneyState; ran: boolean; added: number; selectionReset: boolean };

/** Resumes a journey's truncated collection once and rebuilds its options (optionIds stay stable). */
export async function continueJourney(
  ctx: Pick<HotelsContext, "staySearch" | "journeys" | "provider" | "collectionCashback" | "now">,
  journeyId: string,
  state: JourneyState,
  opts: { progress: SearchProgress },
): Promise<ContinueRun> {
  const { request, destination, options: before } = state;
  // In one process, journeys from identical plans share a collector and continue it once together
  // (StaySearch.continue). One read from a shared store is frozen (cached for every call on this
  // instance): it is resumed on a copy, which is what gets written back.
  const collector = Object.isFrozen(state.collector) ? state.collector.copy() : state.collector;
  let ran: boolean;
  try {
    ran = await ctx.staySearch.continue(collector, toSearchBody(request, destination.destinationId), (p, t, m) => opts.progress(p, t, m));
  } catch (error) {
    // A failed continuation is spent too: it is not recommended a second time.
    await ctx.journeys.update(journeyId, (s) => ({ ...s, collector, continuationUsed: true }));
    return { status: "search_failed", error, keptOptions: before.length };
  }
  // Nothing new (the collection is complete or its continuations are spent): nothing to rebuild or
  // write. On Redis a rebuild would store a new copy of the whole collection for nothing. Items map
  // 1:1 to options and only ever grow, so the count says whether a sharing journey added any.
  if (!ran && collector.items().length === before.length) return { status: "continued", state, ran, added: 0, selectionReset: false };
  let selectionReset = false;
  // What it collected is written back with the options rebuilt from it; new hotels get their ids in
  // a copy of the registry, since `change` may run more than once and must only compute.
  const updated = await ctx.journeys.update(journeyId, (s) => {
    const optionIds = s.optionIds.copy();
    const next = withOptions({ ...s, collector, optionIds }, buildOptions(collector.items(), s.request.nights, optionIds, langOf(s.request.language), roomShape(s.request.rooms), s.destination.near?.coordinates), ran);
    selectionReset = next.selectionReset;
    return next.state;
  });
  if (updated.status !== "found") return { status: "journey_gone", lookup: updated.status };
  // One cashback call for the hotels this continuation added; a failure leaves them without a percent.
  const cashback = await moreCashback(ctx, collector, updated.journey.state.cashback, updated.journey.state.options);
  const withCashback = cashback === updated.journey.state.cashback ? updated : await ctx.journeys.update(journeyId, (s) => ({ ...s, cashback }));
  if (withCashback.status !== "found") return { status: "journey_gone", lookup: withCashback.status };
  const checked = await withAmenityCards(ctx, journeyId, withCashback.journey.state);
  if (!checked.ok) return { status: "journey_gone", lookup: checked.error };
  const after = checked.value;
  // A completed collector now serves identical plans from the search cache. Being this journey's
  // copy, no cashback answer is filed under it yet: it gets what the journey knows, so they ask nothing.
  if (cashback && !cashback.unavailable) void ctx.collectionCashback.entry(collector, () => Promise.resolve({ byHotel: percentsByHotel(after.options, cashback.percents), max: cashback.max }));
  return { status: "continued", state: after, ran, added: after.options.length - before.length, selectionReset };
}

function percentsByHotel(options: readonly JourneyOption[], percents: Readonly<Record<string, number>>): Map<string, number> {
  const byHotel = new Map<string, number>();
  for (const o of options) {
    const percent = percents[o.public.optionId];
    if (o.hotelId !== null && percent !== undefined) byHotel.set(o.hotelId, percent);
  }
  return byHotel;
}

/**
 * When the plan checks amenities on hotel cards: up to AMENITY_CARDS_MAX more cards, of the
 * candidates not read yet in the journey's order (a continuation adds candidates). Nothing read, nothing written.
 */
async function withAmenityCards(
  ctx: Pick<HotelsContext, "journeys" | "provider" | "now">,
  journeyId: string,
  state: JourneyState,
): Promise<Result<JourneyState, "not_found" | "expired">> {
  const known = state.amenityCheck;
  if (!known || known.local.length === 0) return ok(state);
  const params = { ranking: state.ranking, hotelPreferences: state.request.hotelPreferences, guestsPerRoom: roomShape(state.request.rooms).guestsPerRoom, cashback: state.cashback };
  const amenityCheck = await checkAmenities(ctx, known.local, amenityCandidates(state.options, journeyOptions(state), state.request.filters, params), { known });
  if (Object.keys(amenityCheck.has).length === Object.keys(known.has).length) return ok(state);
  const updated = await ctx.journeys.update(journeyId, (s) => ({ ...s, amenityCheck }));
  return updated.status === "found" ? ok(updated.journey.state) : err(updated.status);
}

import type { HotelsContext } from "../context.js";
import { journeyFilters } from "./criteria.js";
import { applyFilters } from "./filters.js";
import { compareOptions, resolveComparisonScope, type Comparison, type ScopeInput } from "./compare.js";
import { journeyOptions, roomShape } from "./options.js";
import type { JourneyState } from "./state.js";
import type { FieldError, Ranking } from "./types.js";

/** How a comparison ended. `first`: the journey's first comparison (its guidance is said once). */
export type CompareRun =
  | { status: "invalid_scope"; errors: FieldError[] }
  /** The journey's hard filters left nothing to compare. */
  | { status: "nothing_left" }
  | { status: "compared"; comparison: Comparison; first: boolean };

/** Ranks the options in scope and remembers them as the group a later call without scope stays in. */
export async function compareJourney(
  ctx: Pick<HotelsContext, "journeys">,
  journeyId: string,
  state: JourneyState,
  input: ScopeInput & { ranking?: Ranking | undefined },
): Promise<CompareRun> {
  // optionIds are the person's own pick; every other scope keeps to the plan's hard filters, as its listing does.
  const all = journeyOptions(state);
  const pub = input.optionIds ? all : applyFilters(all, ...journeyFilters(state)).kept;
  if (pub.length === 0) return { status: "nothing_left" };
  const scopeInput: ScopeInput = { ...(input.optionIds ? { optionIds: input.optionIds } : {}), ...(input.scope ? { scope: input.scope } : {}) };
  const decision = resolveComparisonScope(
    pub.map((o) => o.optionId),
    state.lastComparisonGroup,
    scopeInput,
  );
  if (!decision.ok) return { status: "invalid_scope", errors: decision.error };
  const comparison = compareOptions(
    all,
    new Set(decision.value.optionIds),
    decision.value.scope,
    { ranking: input.ranking ?? state.ranking, hotelPreferences: state.request.hotelPreferences, guestsPerRoom: roomShape(state.request.rooms).guestsPerRoom, cashback: state.cashback },
  );
  const first = state.lastComparisonGroup === null;
  await ctx.journeys.update(journeyId, (s) => ({ ...s, lastComparisonGroup: comparison.group }));
  return { status: "compared", comparison, first };
}

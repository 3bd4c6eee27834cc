import { z } from "zod";
import { compareOptions, PRESENTATION_GUIDANCE, resolveComparisonScope } from "../journey/compare.js";
import { publicOptions } from "../journey/options.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { invalidInput, lookupJourney } from "./outcomes.js";
import { compareRow, rankingFields, rowLine } from "./present.js";
import { Failure, Field, JourneyIdInput, List, RankingFields, RankingInput, wire } from "./schemas.js";

const Output = wire(z.object({
  status: z.enum(["ok", "invalid_input", "journey_not_found", "journey_expired"]),
  ...Failure,
  journeyId: Field,
  scope: Field,
  ...RankingFields,
  comparisonRows: List.optional(),
  presentationGuidance: Field,
}));

export const compareStayOptions = defineTool({
  name: "tbank_hotels_compare_stay_options",
  title: "Compare stay options",
  description:
    "Ranks and compares up to 5 options as flat comparisonRows. First call: the whole journey; a later call without scope: the group shown last; scope=all_journey_options: everything again; optionIds: exactly those 2–5. No provider call.",
  toolset: "journey",
  input: wire(z.strictObject({
    journeyId: JourneyIdInput,
    optionIds: z.array(z.string().max(40)).max(20).optional(),
    scope: z.literal("all_journey_options").optional(),
    ranking: RankingInput.optional(),
  })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: ({ journeyId, optionIds, scope, ranking }, ctx) => {
    const found = lookupJourney(ctx, journeyId);
    if (!found.ok) return Promise.resolve(failure(found.failure));
    const state = found.journey.state;
    const pub = publicOptions(state.options);
    const decision = resolveComparisonScope(
      pub.map((o) => o.optionId),
      state.lastComparisonGroup,
      { ...(optionIds ? { optionIds } : {}), ...(scope ? { scope } : {}) },
    );
    if (!decision.ok) return Promise.resolve(failure(invalidInput(decision.errors, "Pass 2–5 optionIds of this journey, or scope=all_journey_options.")));
    const inScope = new Set(decision.optionIds);
    const comparison = compareOptions(
      pub.filter((o) => inScope.has(o.optionId)),
      decision.scope,
      { ranking: ranking ?? state.ranking, hotelPreferences: state.request.hotelPreferences },
    );
    const first = state.lastComparisonGroup === null;
    ctx.journeys.update(journeyId, (s) => ({ ...s, lastComparisonGroup: comparison.group }));
    const rows = comparison.shown.map((o) => compareRow(o, comparison.ranking));
    const nextStep = "Present these rows only; when the user chooses, call tbank_hotels_select_stay_option.";
    const lines = [
      `status=ok journeyId=${journeyId} scope=${comparison.scope} ranking=${comparison.ranking.ranking}`,
      ...rows.map((r, i) => rowLine(r, i + 1)),
      first ? `guidance: ${PRESENTATION_GUIDANCE}` : "",
      `next: ${nextStep}`,
    ].filter((l) => l !== "");
    return Promise.resolve({
      structured: {
        status: "ok" as const,
        journeyId,
        scope: comparison.scope,
        ...rankingFields(comparison.ranking),
        comparisonRows: rows,
        ...(first ? { presentationGuidance: PRESENTATION_GUIDANCE } : {}),
        nextStep,
      },
      text: lines.join("\n"),
    });
  },
});

import { z } from "zod";
import { PRESENTATION_GUIDANCE } from "../journey/compare.js";
import { compareJourney } from "../journey/compare-run.js";
import { defineTool } from "./define.js";
import { NEXT_NO_STAYS_WITH_FILTERS } from "./filters-view.js";
import { failure } from "../../shared/outcome.js";
import { invalidInput, lookupJourney } from "./outcomes.js";
import { alternativesFields, alternativesLines, preferenceAlternatives } from "./alternatives-view.js";
import { compareRow, journeyBands, rankingFields, rankingLine, rowLine } from "./cards.js";
import { journeyOptions } from "../journey/options.js";
import { viewMeta } from "./view-meta.js";
import { journeyView } from "../journey/view.js";
import { ratesEffect, ratesEffectLine } from "../journey/rates-effect.js";
import { CashbackCoverageField, Failure, OptionalAnyValue, JourneyIdInput, AnyArray, RankingFields, RankingInput, withoutSchemaUrl } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["ok", "invalid_input", "no_matching_stays", "journey_not_found", "journey_expired"]),
  reason: OptionalAnyValue,
  ...Failure,
  journeyId: OptionalAnyValue,
  scope: OptionalAnyValue,
  afterRates: OptionalAnyValue,
  ...RankingFields,
  ...CashbackCoverageField,
  comparisonRows: AnyArray.optional(),
  presentationGuidance: OptionalAnyValue,
}));

export const compareStayOptions = defineTool({
  name: "tbank_hotels_compare_stay_options",
  title: "Compare stay options",
  description:
    "Ranked comparisonRows of ≤5 options: first the journey's best, then the last group; scope=all_journey_options: all again; optionIds: those 2–5. No provider call.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({
    journeyId: JourneyIdInput,
    optionIds: z.array(z.string().max(40).meta({ maxLength: undefined })).max(20).meta({ maxItems: undefined }).optional(),
    scope: z.literal("all_journey_options").optional(),
    ranking: RankingInput.optional(),
  })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId, optionIds, scope, ranking }, ctx) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const run = await compareJourney(ctx, journeyId, found.value.state, { optionIds, scope, ranking });
    if (run.status === "invalid_scope") return failure(invalidInput(run.errors, "Pass 2–5 optionIds of this journey, or scope=all_journey_options."));
    if (run.status === "nothing_left") {
      return failure({ status: "no_matching_stays" as const, retryAllowed: false, reason: "no_stays_with_filters" as const, journeyId, nextStep: NEXT_NO_STAYS_WITH_FILTERS }, { facts: `reason=no_stays_with_filters journeyId=${journeyId}` });
    }
    const { comparison, first } = run;
    const state = found.value.state;
    const view = journeyView(state, ctx.now());
    const prefs = state.request.hotelPreferences;
    // Every row keeps its place against the band, whatever the ranking.
    const all = journeyOptions(state);
    const bands = journeyBands(all, prefs);
    const rows = comparison.shown.map((o) => compareRow(o, view, bands?.get(o.optionId)));
    const fields = rankingFields(comparison.ranking, prefs, bands, comparison.group, view.lang);
    // An alternative the person put among the rows is compared there, with its band label.
    const alternatives = preferenceAlternatives(comparison.ranking, all, view).filter((a) => !comparison.group.includes(a.optionId));
    const guidance = PRESENTATION_GUIDANCE[view.lang];
    const effect = ratesEffect(state);
    const afterRates = effect ? ratesEffectLine(effect, view.guestsPerRoom, view.lang) : undefined;
    const apart = alternatives.length > 0 ? ", in this order; then show alternatives apart, each with its why" : "";
    const nextStep = `Present these rows only${apart}; when the user chooses, call tbank_hotels_select_stay_option.`;
    const lines = [
      `status=ok journeyId=${journeyId} scope=${comparison.scope} ${rankingLine(fields, view.lang)}`,
      afterRates ?? "",
      ...rows.map((r, i) => rowLine(r, i + 1, view)),
      ...alternativesLines(alternatives, view.lang),
      first ? `guidance: ${guidance}` : "",
      `next: ${nextStep}`,
    ].filter((l) => l !== "");
    return {
      structured: {
        status: "ok" as const,
        journeyId,
        scope: comparison.scope,
        ...(afterRates ? { afterRates } : {}),
        ...fields,
        comparisonRows: rows,
        ...alternativesFields(alternatives),
        ...(first ? { presentationGuidance: guidance } : {}),
        nextStep,
      },
      text: lines.join("\n"),
      meta: viewMeta(all, rows.map((r) => r.optionId), state.destination.near),
    };
  },
});

import { z } from "zod";
import { journeyOptions } from "../journey/options.js";
import { journeyView } from "../journey/view.js";
import { ratesEffect, ratesEffectLine } from "../journey/rates-effect.js";
import { langOf } from "../../../shared/locale.js";
import { journeyFilters } from "../journey/criteria.js";
import { applyFilters, hardFiltersShape, pickFilters } from "../journey/filters.js";
import { defineTool } from "./define.js";
import { filtersFields, filtersLine, NEXT_NO_STAYS_WITH_FILTERS } from "./filters-view.js";
import { failure, success } from "../../shared/outcome.js";
import { lookupJourney } from "./outcomes.js";
import { alternativesFields, alternativesLines, bandGuidance, preferenceAlternatives } from "./alternatives-view.js";
import { cardLine, rankedPage, rankingLine } from "./cards.js";
import { viewMeta } from "./view-meta.js";
import { Base, OptionalAnyValue, JourneyIdInput, Page, RankingFields, CashbackCoverageField, RankingInput, withoutSchemaUrl } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["ok", "no_matching_stays", "journey_not_found", "journey_expired"]),
  ...Base,
  reason: OptionalAnyValue,
  journeyId: OptionalAnyValue,
  filtersApplied: OptionalAnyValue,
  afterRates: OptionalAnyValue,
  offset: OptionalAnyValue,
  ...Page,
  ...RankingFields,
  ...CashbackCoverageField,
}));

export const getStayOptions = defineTool({
  name: "tbank_hotels_get_stay_options",
  title: "Page through stay options",
  description:
    "Pages a journey's option cards; ranking re-orders locally. Filters given here become the journey's. No provider call.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({
    journeyId: JourneyIdInput,
    ranking: RankingInput.optional(),
    offset: z.number().int().min(0).max(1000).meta({ minimum: undefined, maximum: undefined }).optional(),
    limit: z.number().int().min(1).max(20).meta({ minimum: undefined }).optional(),
    ...hardFiltersShape,
  })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId, ranking, offset = 0, limit = 10, ...given }, ctx) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const replaced = pickFilters(given);
    // New filters become the journey's, so the comparison this listing suggests keeps to them.
    if (replaced) await ctx.journeys.update(journeyId, (s) => ({ ...s, request: { ...s.request, filters: replaced }, lastComparisonGroup: null }));
    const state = replaced ? { ...found.value.state, request: { ...found.value.state.request, filters: replaced } } : found.value.state;
    const { kept: pub, report } = applyFilters(journeyOptions(state), ...journeyFilters(state));
    if (report?.kept === 0) {
      const empty = { status: "no_matching_stays" as const, retryAllowed: false, nextStep: NEXT_NO_STAYS_WITH_FILTERS, reason: "no_stays_with_filters" as const, journeyId, ...filtersFields(report, langOf(state.request.language)), total: 0 };
      return failure(empty, { facts: `reason=no_stays_with_filters journeyId=${journeyId}`, lines: [filtersLine(report, langOf(state.request.language))] });
    }
    const view = journeyView(state, ctx.now());
    const all = journeyOptions(state);
    const within = new Set(pub.map((o) => o.optionId));
    const { ranked, cards, fields } = rankedPage(all, { ranking: ranking ?? state.ranking, hotelPreferences: state.request.hotelPreferences, guestsPerRoom: view.guestsPerRoom, cashback: state.cashback }, { offset, limit, within }, view);
    const alternatives = preferenceAlternatives(ranked, all, view);
    const total = pub.length;
    const hasMore = offset + cards.length < total;
    const nextStep = `${bandGuidance(ranked, alternatives)}${hasMore ? `More: the same call with offset=${offset + cards.length}. ` : ""}Compare with tbank_hotels_compare_stay_options; choose with tbank_hotels_select_stay_option.`;
    const effect = ratesEffect(state);
    const afterRates = effect ? ratesEffectLine(effect, view.guestsPerRoom, view.lang) : undefined;
    const structured = { status: "ok" as const, journeyId, ...filtersFields(report, langOf(state.request.language)), ...(afterRates ? { afterRates } : {}), ...fields, offset, options: cards, ...alternativesFields(alternatives), total, hasMore, nextStep };
    const answer = success(structured, [
        `status=ok journeyId=${journeyId} ${cards.length === 0 ? `no options at offset ${offset}` : `options ${offset + 1}–${offset + cards.length}`} of ${total}`,
        filtersLine(report, langOf(state.request.language)),
        afterRates,
        rankingLine(fields, view.lang),
        ...cards.map((c, i) => cardLine(c, offset + i + 1, view)),
        ...alternativesLines(alternatives, view.lang),
      ]);
    return { ...answer, meta: viewMeta(all, cards.map((c) => c.optionId), state.destination.near) };
  },
});

import { z } from "zod";
import { buildOptions, publicOptions } from "../journey/options.js";
import { toSearchBody } from "../journey/search-request.js";
import { withOptions } from "../journey/state.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { journeyGone, lookupJourney, providerFailure } from "./outcomes.js";
import { cardLine, coverageFields, coverageLine, journeyCoverage, rankedPage, rankingFields, rankingLine } from "./present.js";
import { Coverage, Failure, Field, JourneyIdInput, Page, RankingFields, wire } from "./schemas.js";

const Output = wire(z.object({
  status: z.enum(["ok", "continuation_unavailable", "provider_auth_rejected", "search_unavailable", "journey_not_found", "journey_expired"]),
  ...Failure,
  journeyId: Field,
  added: Field,
  selectionReset: Field,
  ...Coverage,
  ...Page,
  ...RankingFields,
}));

const NEXT_OK = "Compare with tbank_hotels_compare_stay_options; choose with tbank_hotels_select_stay_option. Do not continue again unless the user asks for a fuller search.";

export const continueStaySearch = defineTool({
  name: "tbank_hotels_continue_stay_search",
  title: "Continue a truncated search",
  description:
    "Continues a truncated journey collection once from where it stopped (shared 20-request cap); optionIds stay the same. Call only when searchCoverage.continuationRecommended is true or the user asks for a fuller search.",
  toolset: "journey",
  input: wire(z.strictObject({ journeyId: JourneyIdInput })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async ({ journeyId }, ctx, extra) => {
    const found = lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.failure);
    const { collector, request, destination, options: before } = found.journey.state;
    let ran: boolean;
    try {
      ran = await ctx.staySearch.continue(collector, toSearchBody(request, destination.destinationId), (p, t, m) => extra.progress(p, t, m));
    } catch (err) {
      ctx.journeys.update(journeyId, (s) => ({ ...s, continuationUsed: true }));
      const f = providerFailure(err);
      const nextStep = `${f.nextStep} The journey keeps its ${before.length} options: use them (tbank_hotels_get_stay_options, tbank_hotels_compare_stay_options).`;
      return failure({ ...f, nextStep, journeyId });
    }
    let selectionReset = false;
    const updated = ctx.journeys.update(journeyId, (s) => {
      // Another journey sharing this collection may have continued it: rebuild from what is collected.
      const next = withOptions(s, buildOptions(s.collector.items(), s.request.nights, s.optionIds), ran);
      selectionReset = next.selectionReset;
      return next.state;
    });
    if (updated.status !== "found") return failure(journeyGone(updated.status));
    const state = updated.journey.state;
    const searchCoverage = journeyCoverage(state);
    const added = state.options.length - before.length;
    if (!ran && added === 0) {
      const nextStep = "Nothing to continue: the collection is complete or its 20-request cap is spent. Work with the current options.";
      return failure({ status: "continuation_unavailable" as const, retryAllowed: false, nextStep, journeyId, searchCoverage: coverageFields(searchCoverage), total: state.options.length });
    }
    const { ranked, cards } = rankedPage(publicOptions(state.options), { ranking: state.ranking, hotelPreferences: state.request.hotelPreferences }, 0, request.maxOptions);
    const nextStep = selectionReset ? `The selected hotel left the results: its selection and rates were reset; ask the user to choose again. ${NEXT_OK}` : NEXT_OK;
    const total = state.options.length;
    const lines = [
      `status=ok journeyId=${journeyId} +${added} options, ${total} in total`,
      coverageLine(searchCoverage),
      ...(selectionReset ? ["selection reset: a new selection is required"] : []),
      rankingLine(ranked),
      ...cards.map((c, i) => cardLine(c, i + 1)),
      `next: ${nextStep}`,
    ];
    return {
      structured: {
        status: "ok" as const,
        journeyId,
        added,
        ...(selectionReset ? { selectionReset } : {}),
        searchCoverage: coverageFields(searchCoverage),
        ...rankingFields(ranked),
        options: cards,
        total,
        hasMore: total > cards.length,
        nextStep,
      },
      text: lines.join("\n"),
    };
  },
});

import { z } from "zod";
import { continueJourney } from "../journey/continue-run.js";
import { journeyOptions } from "../journey/options.js";
import { journeyView } from "../journey/view.js";
import { langOf } from "../../../shared/locale.js";
import { journeyFilters } from "../journey/criteria.js";
import { applyFilters } from "../journey/filters.js";
import { defineTool } from "./define.js";
import { filtersFields, filtersLine } from "./filters-view.js";
import { failure, success } from "../../shared/outcome.js";
import { journeyGone, lookupJourney, providerFailure } from "./outcomes.js";
import { cardLine, rankedPage, rankingLine } from "./cards.js";
import { viewMeta } from "./view-meta.js";
import { coverageFields, coverageLine, journeyCoverage } from "./present.js";
import { Coverage, Failure, OptionalAnyValue, JourneyIdInput, Page, RankingFields, CashbackCoverageField, withoutSchemaUrl } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["ok", "continuation_unavailable", "provider_auth_rejected", "search_unavailable", "journey_not_found", "journey_expired"]),
  ...Failure,
  journeyId: OptionalAnyValue,
  added: OptionalAnyValue,
  selectionReset: OptionalAnyValue,
  ...Coverage,
  filtersApplied: OptionalAnyValue,
  ...Page,
  ...RankingFields,
  ...CashbackCoverageField,
}));

const NEXT_OK = "Compare with tbank_hotels_compare_stay_options; choose with tbank_hotels_select_stay_option.";
const NEXT_NOT_AGAIN = " Do not continue again unless the user asks for a fuller search.";

export const continueStaySearch = defineTool({
  name: "tbank_hotels_continue_stay_search",
  title: "Continue a truncated search",
  description:
    "Resumes a truncated collection (own 20-request budget; optionIds stay) if searchCoverage.continuationRecommended or the user asks.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({ journeyId: JourneyIdInput })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId }, ctx, extra) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const run = await continueJourney(ctx, journeyId, found.value.state, extra);
    if (run.status === "search_failed") {
      const f = providerFailure(run.error);
      const nextStep = `${f.nextStep} The journey keeps its ${run.keptOptions} options: use them (tbank_hotels_get_stay_options, tbank_hotels_compare_stay_options).`;
      const coverage = journeyCoverage({ ...found.value.state, continuationUsed: true });
      return failure({ ...f, nextStep, journeyId, searchCoverage: coverageFields(coverage) }, { lines: [coverageLine(coverage)] });
    }
    if (run.status === "journey_gone") return failure(journeyGone(ctx, run.lookup));
    const { state, ran, added, selectionReset } = run;
    const searchCoverage = journeyCoverage(state);
    if (!ran && added === 0) {
      const nextStep = "Nothing to continue: the collection is complete or its continuations are spent. Work with the current options.";
      return failure({ status: "continuation_unavailable" as const, retryAllowed: false, nextStep, journeyId, searchCoverage: coverageFields(searchCoverage), total: state.options.length }, { lines: [coverageLine(searchCoverage)] });
    }
    const view = journeyView(state, ctx.now());
    const { kept, report } = applyFilters(journeyOptions(state), ...journeyFilters(state));
    const within = new Set(kept.map((o) => o.optionId));
    const all = journeyOptions(state);
    const { cards, fields } = rankedPage(all, { ranking: state.ranking, hotelPreferences: state.request.hotelPreferences, guestsPerRoom: view.guestsPerRoom, cashback: state.cashback }, { offset: 0, limit: state.request.maxOptions, within }, view);
    const next = NEXT_OK + (searchCoverage.truncated ? NEXT_NOT_AGAIN : "");
    const nextStep = selectionReset ? `The selected hotel left the results: its selection and rates were reset; ask the user to choose again. ${next}` : next;
    const total = kept.length;
    const structured = {
      status: "ok" as const,
      journeyId,
      added,
      ...(selectionReset ? { selectionReset } : {}),
      searchCoverage: coverageFields(searchCoverage),
      ...filtersFields(report, langOf(state.request.language)),
      ...fields,
      options: cards,
      total,
      hasMore: total > cards.length,
      nextStep,
    };
    const answer = success(structured, [
      // added counts collected hotels; total what the journey's filters keep of all collected.
      `status=ok journeyId=${journeyId} +${added} hotels collected, ${state.options.length} in all${report ? `, ${total} match the filters` : ""}`,
      coverageLine(searchCoverage),
      filtersLine(report, langOf(state.request.language)),
      selectionReset && "selection reset: a new selection is required",
      rankingLine(fields, view.lang),
      ...cards.map((c, i) => cardLine(c, i + 1, view)),
    ]);
    return { ...answer, meta: viewMeta(all, cards.map((c) => c.optionId), state.destination.near) };
  },
});

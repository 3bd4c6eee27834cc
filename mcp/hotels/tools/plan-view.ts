import { z } from "zod";
import type { PlanStayRequest } from "../journey/input.js";
import type { PlanRun } from "../journey/plan-run.js";
import type { ResolvedDestination } from "../journey/state.js";
import type { ToolOutcome } from "./define.js";
import { failure, success } from "../../shared/outcome.js";
import { providerFailure } from "./outcomes.js";
import { filtersFields, filtersLine, NEXT_NO_STAYS_WITH_FILTERS } from "./filters-view.js";
import { alternativesFields, alternativesLines, bandGuidance, preferenceAlternatives } from "./alternatives-view.js";
import { amenityConditions } from "./criteria-view.js";
import { cardLine, journeyBands, rankingFields, rankingLine, searchLine, toCard, todayFields, todayLine } from "./cards.js";
import { coverageFields, coverageLine } from "./present.js";
import { langOf, type Lang } from "../../../shared/locale.js";
import type { JourneyCashback } from "../journey/value.js";
import { CASHBACK_NO_DATA, cashbackMaxDisplay } from "../journey/wording.js";
import { viewMeta } from "./view-meta.js";
import { Candidates, Coverage, Failure, OptionalAnyValue, AnyArray, Page, RankingFields, withoutSchemaUrl } from "./schemas.js";

/** What plan_stay and repeat_stay_plan return: one schema for every status either can reach. */
export const PlanOutput = withoutSchemaUrl(z.object({
  status: z.enum([
    "ok",
    "invalid_input",
    "clarification_required",
    "destination_not_found",
    "no_matching_stays",
    "requirements_unavailable",
    "provider_auth_rejected",
    "search_unavailable",
    "journey_not_found",
    "journey_expired",
  ]),
  ...Failure,
  reason: OptionalAnyValue,
  journeyId: OptionalAnyValue,
  today: OptionalAnyValue,
  utcOffset: OptionalAnyValue,
  ...Candidates,
  stay: OptionalAnyValue,
  ...Coverage,
  conditionsApplied: AnyArray.optional(),
  filtersApplied: OptionalAnyValue,
  hotelName: OptionalAnyValue,
  cashback: OptionalAnyValue,
  ...RankingFields,
  ...Page,
}));
export type PlanResult = z.infer<typeof PlanOutput>;

const NEXT_OK = "Quote each price phrase exactly as given («от»/«from»: the search price; the hotel's rates may differ). Compare with tbank_hotels_compare_stay_options; choose with tbank_hotels_select_stay_option.";
const CONDITION_BREAKFAST = "breakfastIncluded applied to the whole collection (provider filter meal_types=breakfast)";
const NEXT_CONTINUE = "Coverage is partial: call tbank_hotels_continue_stay_search once before comparing. ";

/** The search's cashback said once, beside the cards' own percents; nothing when only the maximum failed. */
function cashbackSummary(c: JourneyCashback, lang: Lang): { cashback?: string } {
  if (c.unavailable) return { cashback: CASHBACK_NO_DATA[lang] };
  return c.max ? { cashback: cashbackMaxDisplay(c.max, lang) } : {};
}

/** The answer to a plan, for plan_stay and repeat_stay_plan alike. */
export function planAnswer(run: PlanRun, request: PlanStayRequest, destination: ResolvedDestination): ToolOutcome<PlanResult> {
  const { filtered } = run;
  if (run.status === "search_failed") return failure(providerFailure(run.error, { filtered }));
  // The condition holds for the whole collection, not just the page shown: both channels say so.
  const conditions = [...(request.breakfastIncluded === true ? [CONDITION_BREAKFAST] : []), ...amenityConditions(run.providerAmenities)];
  const conditionsApplied = conditions.length > 0 ? conditions : undefined;
  const searchCoverage = run.coverage;
  const coverage = coverageFields(searchCoverage);
  const stay = searchLine({ destination, request }, langOf(request.language));
  if (run.status === "no_stays") {
    const nextStep = filtered
      ? "Nothing matches the provider conditions (conditionsApplied) for these dates. Tell the user; relax a condition only if the user explicitly asks."
      : "The provider has no stays for these dates and guests. Tell the user and ask for other dates.";
    const reason = filtered ? "no_stays_with_conditions" : "no_stays";
    return failure({ status: "no_matching_stays" as const, retryAllowed: false, nextStep, reason, stay, searchCoverage: coverage, ...(conditionsApplied ? { conditionsApplied } : {}) });
  }

  const { journeyId, options: pub, ranked, hotelMatches: matches, view } = run;
  const total = pub.length;
  const byId = new Map(pub.map((o) => [o.optionId, o]));
  const bands = journeyBands(pub, request.hotelPreferences);
  const pick = (ids: readonly string[]) => ids.flatMap((id) => {
    const o = byId.get(id);
    return o ? [toCard(o, view, bands?.get(id))] : [];
  });
  const base = { journeyId, ...todayFields(view), stay, searchCoverage: coverage, ...(conditionsApplied ? { conditionsApplied } : {}), ...filtersFields(run.hardFilters, langOf(request.language)) };
  const header = [stay, todayLine(view), coverageLine(searchCoverage)];
  const value = cashbackSummary(run.cashback, view.lang);
  const valueLine = value.cashback ? [value.cashback] : [];
  for (const condition of conditions) header.push(`condition ${condition}`);
  header.push(filtersLine(run.hardFilters, langOf(request.language)) ?? "");
  if (run.hardFilters?.kept === 0) {
    const structured = { status: "no_matching_stays" as const, retryAllowed: false, nextStep: NEXT_NO_STAYS_WITH_FILTERS, reason: "no_stays_with_filters" as const, ...base, total: 0, hasMore: false };
    return failure(structured, { facts: `reason=no_stays_with_filters journeyId=${journeyId} (valid 60 min)`, lines: header });
  }

  if (request.hotelName !== undefined && matches !== null) {
    if (matches.length === 0) {
      const nextStep = `No hotel named «${request.hotelName}» among this destination's ${total} results. Tell the user; list other options (tbank_hotels_get_stay_options) only if they want.`;
      const structured = { status: "no_matching_stays" as const, retryAllowed: false, nextStep, reason: "hotel_name_not_found" as const, ...base, hotelName: request.hotelName, total, hasMore: true };
      return failure(structured, { facts: `journeyId=${journeyId} (valid 60 min)`, lines: header });
    }
    const cards = pick(matches.map((m) => m.optionId));
    const single = matches.length === 1 || matches[0]?.match === "exact";
    const nextStep = single
      ? "Confirm the hotel with the user, then tbank_hotels_select_stay_option(journeyId, optionId)."
      : "Several hotels match: ask the user which one, then tbank_hotels_select_stay_option.";
    // The cards are the matches, best first; how each matched only decides nextStep.
    const structured: PlanResult = { status: "ok", ...base, ...value, hotelName: request.hotelName, options: cards, total, hasMore: total > cards.length, nextStep };
    const meta = viewMeta(pub, cards.map((c) => c.optionId), destination.near);
    return { ...success(structured, [`status=ok journeyId=${journeyId} (valid 60 min)`, ...header, ...valueLine, `hotelName «${request.hotelName}» matches:`, ...cards.map((c, i) => cardLine(c, i + 1, view))]), meta };
  }

  const shownIds = ranked.orderedIds.slice(0, request.maxOptions);
  const cards = pick(shownIds);
  const { cashbackCoverage, ...fields } = rankingFields(ranked, request.hotelPreferences, bands, shownIds, view.lang);
  // The plan has one cashback line: what the search offers, and what highest_cashback covered.
  const cashback = [value.cashback, cashbackCoverage].filter((s) => s !== undefined).join("; ");
  const planValue = cashback === "" ? {} : { cashback };
  const alternatives = preferenceAlternatives(ranked, pub, view);
  const hasMore = total > cards.length;
  const more = hasMore ? `; more: tbank_hotels_get_stay_options(offset=${cards.length})` : "";
  const nextStep = (searchCoverage.continuationRecommended ? NEXT_CONTINUE : "") + bandGuidance(ranked, alternatives) + NEXT_OK + (hasMore ? ` More options: tbank_hotels_get_stay_options(offset=${cards.length}).` : "");
  const structured: PlanResult = { status: "ok", ...base, ...planValue, ...fields, options: cards, ...alternativesFields(alternatives), total, hasMore, nextStep };
  const answer = success(structured, [
    `status=ok journeyId=${journeyId} (valid 60 min)`,
    ...header,
    ...(cashback === "" ? [] : [cashback]),
    rankingLine(fields, view.lang),
    ...cards.map((c, i) => cardLine(c, i + 1, view)),
    `shown ${cards.length} of ${total}${more}`,
    ...alternativesLines(alternatives, view.lang),
  ]);
  return { ...answer, meta: viewMeta(pub, shownIds, destination.near) };
}

import { z } from "zod";
import type { JourneyOption } from "../journey/options.js";
import { ratesTableMarkdown } from "../journey/rates.js";
import type { LoadedRates } from "../journey/rates.js";
import { loadSelectedRates } from "../journey/rates-run.js";
import type { JourneyState } from "../journey/state.js";
import { journeyView, type JourneyView } from "../journey/view.js";
import { instalmentsSummary } from "../journey/wording.js";
import { authRejected, baseOutput, loadSelectedStay, rateSummary, staySummary, stayLine, StaySchema } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import type { ToolOutcome } from "./define.js";
import { OptionalAnyValue, JourneyIdInput, AnyArray, AttemptFields } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

// Each rate: rateNumber, room, meal, price and cancellation as displays (see rateSummary). The text
// renders the same rates as a table; the structured answer does not carry that table a second time.

const Output = z.object({
  ...baseOutput(["ready", "no_bookable_rates", "rates_temporarily_unavailable", "journey_not_found", "journey_expired", "selection_required", "provider_auth_rejected"]),
  stay: StaySchema.optional(),
  rates: AnyArray.optional(),
  alreadyLoaded: OptionalAnyValue,
  ...AttemptFields,
  instalment: OptionalAnyValue,
});
type Out = z.infer<typeof Output>;

const NEXT_STEP = "show the rates once; the user picks one: tbank_hotels_select_stay_rate(journeyId, rateNumber)";
// With the booking toolset, booking may also happen here: the selection's answer says which way, so
// this answer names no booking tool (and asks the broker nothing).
const HOW_TO_BOOK = "after choosing, to book («оформить/забронировать») → tbank_hotels_create_checkout_handoff";

function answer(state: JourneyState, option: JourneyOption, loaded: LoadedRates, fromJourney: boolean, view: JourneyView, bookingToolset: boolean): ToolOutcome<Out> {
  const stay = staySummary(state, option);
  // A repeated call answers from the journey: the attempt figures of the original load do not apply.
  const attempts = loaded.attempts && !fromJourney ? { attempts: loaded.attempts.attempts, durationMs: loaded.attempts.durationMs, failureKind: loaded.attempts.failureKind } : {};
  if (loaded.status === "rates_temporarily_unavailable") {
    const message = "Rates could not be loaded now; the tool already retried what was safe. Tell the user and do not call it again.";
    const nextStep = "stop: tell the user; tbank_hotels_create_checkout_handoff still opens the hotel page";
    return failure(
      { status: loaded.status, retryAllowed: false, nextStep, stay, ...attempts, message },
      {
        facts: `attempts=${loaded.attempts?.attempts ?? 0} durationMs=${loaded.attempts?.durationMs ?? 0} failureKind=${loaded.attempts?.failureKind ?? "none"}`,
        lines: [stayLine(stay), message],
      },
    );
  }
  if (loaded.status === "no_bookable_rates") {
    const message = `The provider has no bookable rates for these dates. The search price ${option.public.totalPriceDisplay} is information only: no rate can be selected or booked.`;
    const nextStep = "tbank_hotels_select_stay_option (another hotel)";
    return failure({ status: loaded.status, retryAllowed: false, nextStep, message, stay }, { lines: [stayLine(stay), message] });
  }
  const rates = loaded.rates.map((r) => rateSummary(r, view));
  const nextStep = bookingToolset ? `${NEXT_STEP}; its answer says how to book` : `${NEXT_STEP}; ${HOW_TO_BOOK}`;
  // One line for the whole table: which rates have an instalment offer on what terms, or why none.
  const instalment = loaded.instalments ? instalmentsSummary(loaded.rates, loaded.instalments, view.lang) : undefined;
  // Attempt figures are for failures: a successful load says nothing about them in either channel.
  return success({ status: "ready" as const, ...(fromJourney ? { alreadyLoaded: true } : {}), stay, rates, ...(instalment ? { instalment } : {}), nextStep }, [
    `status=ready rates=${rates.length}${fromJourney ? " (already loaded in this journey)" : ""}`,
    stayLine(stay),
    ratesTableMarkdown(loaded.rates, view),
    ...(instalment ? [instalment] : []),
  ]);
}

export const getSelectedStayRates = defineTool({
  name: "tbank_hotels_get_selected_stay_rates",
  title: "Rates of the selected stay",
  description:
    "The selected hotel's rates: stable rateNumber, a table to show once. rates_temporarily_unavailable: already retried, do not call again.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId }, ctx, extra) => {
    const loaded = await loadSelectedStay(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const run = await loadSelectedRates(ctx, journeyId, sel, extra);
    if (run.status === "auth_rejected") return authRejected(run.httpStatus);
    return answer(sel.state, sel.option, run.rates, run.fromJourney, journeyView(sel.state, ctx.now()), ctx.config.hotels.toolsets.has("booking"));
  },
});

import { z } from "zod";
import { selectOption } from "../journey/select.js";
import { defineTool } from "./define.js";
import { failure } from "../../shared/outcome.js";
import { invalidInput, lookupJourney } from "./outcomes.js";
import { cardLine, journeyBands, toCard } from "./cards.js";
import { journeyOptions, withLoadedRates } from "../journey/options.js";
import { journeyView } from "../journey/view.js";
import { Failure, OptionalAnyValue, JourneyIdInput, AnyObject, OptionIdInput, withoutSchemaUrl } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = withoutSchemaUrl(z.object({
  status: z.enum(["ok", "invalid_input", "journey_not_found", "journey_expired"]),
  ...Failure,
  journeyId: OptionalAnyValue,
  selected: AnyObject.optional(),
}));

export const selectStayOption = defineTool({
  name: "tbank_hotels_select_stay_option",
  title: "Select a stay option",
  description:
    "Selects an option (another hotel clears rates); next tbank_hotels_get_selected_stay_rates. No provider call.",
  toolset: "journey",
  input: withoutSchemaUrl(z.strictObject({ journeyId: JourneyIdInput, optionId: OptionIdInput })),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId, optionId }, ctx) => {
    const found = await lookupJourney(ctx, journeyId);
    if (!found.ok) return failure(found.error);
    const run = await selectOption(ctx, journeyId, found.value.state, optionId);
    if (run.status === "unknown_option") {
      const errors = [{ field: "optionId", message: "not an option of this journey: use an optionId shown for this journeyId" }];
      return failure(invalidInput(errors, "Pick an optionId from this journey's options (tbank_hotels_get_stay_options)."));
    }
    const state = found.value.state;
    const view = journeyView(state, ctx.now());
    const current = withLoadedRates(run.option.public, state.loadedRates[optionId]);
    const card = toCard(current, view, journeyBands(journeyOptions(state), state.request.hotelPreferences)?.get(optionId));
    const nextStep = current.hasRates
      ? "Load its bookable rates with tbank_hotels_get_selected_stay_rates(journeyId)."
      : "The provider reports no bookable rates for this hotel; tell the user and offer another option (tbank_hotels_get_selected_stay_rates may confirm).";
    return {
      structured: { status: "ok" as const, journeyId, selected: card, nextStep },
      text: `status=ok journeyId=${journeyId} selected:\n${cardLine(card, 1, view)}\nnext: ${nextStep}`,
    };
  },
});

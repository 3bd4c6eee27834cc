import { z } from "zod";
import { selectRate } from "../journey/select.js";
import { writeReadiness } from "../writes/readiness.js";
import { baseOutput, loadSelectedStay, rateLine, RateSummarySchema, rateSummary } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { NEXT_STEP_DRAFT } from "./create-booking-preview.js";
import { defineTool } from "./define.js";
import { journeyView } from "../journey/view.js";
import { instalmentDisplay } from "../journey/wording.js";
import { JourneyIdInput, AnyArray } from "./schemas.js";
import { STAY_VIEW_TOOL_META } from "../apps/stay-view-meta.js";

const Output = z.object({
  ...baseOutput(["rate_selected", "rates_not_loaded", "no_bookable_rates", "rate_not_found", "journey_not_found", "journey_expired", "selection_required"]),
  selectedRate: RateSummarySchema.optional(),
  availableRateNumbers: AnyArray.optional(),
});

const CHECKS = "current price check → tbank_hotels_inspect_checkout; summary → tbank_hotels_create_booking_preview";
const NEXT_STEP = `to book («оформить/забронировать/продолжить») → tbank_hotels_create_checkout_handoff; ${CHECKS}`;
// With the booking toolset and every gate open, the person can book here too, approving it themselves.
const NEXT_STEP_BOOKABLE = `to book («оформить/забронировать/продолжить») → ${NEXT_STEP_DRAFT}; ${CHECKS}`;

// Unlike the rates tool's answer, no_bookable_rates here refuses a call that should not have been made.
function refused(status: "rates_not_loaded" | "no_bookable_rates" | "rate_not_found", message: string, nextStep: string, extra: { availableRateNumbers?: number[] } = {}) {
  return failure({ status, retryAllowed: false, nextStep, message, ...extra }, { isError: true });
}

export const selectStayRate = defineTool({
  name: "tbank_hotels_select_stay_rate",
  title: "Select a rate",
  description:
    "Selects a rate by rateNumber. To book («оформить/забронировать»): tbank_hotels_create_checkout_handoff.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput, rateNumber: z.number().int().min(1).max(99).meta({ minimum: undefined, maximum: undefined }) }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  _meta: STAY_VIEW_TOOL_META,
  handler: async ({ journeyId, rateNumber }, ctx) => {
    const loaded = await loadSelectedStay(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const run = await selectRate(ctx, journeyId, sel, rateNumber);
    if (run.status === "rates_not_loaded") {
      return refused("rates_not_loaded", "Rates of the selected hotel are not loaded.", "tbank_hotels_get_selected_stay_rates");
    }
    if (run.status === "no_bookable_rates") {
      return refused("no_bookable_rates", "This hotel has no bookable rates for these dates.", "tbank_hotels_select_stay_option (another hotel)");
    }
    if (run.status === "rate_not_found") {
      return refused("rate_not_found", `No bookable rate #${rateNumber}; choose one of ${run.bookable.join(", ")}.`, "tbank_hotels_select_stay_rate", { availableRateNumbers: run.bookable });
    }
    const { rate } = run;
    const view = journeyView(sel.state, ctx.now());
    // The stay was shown with the rates; the answer confirms the chosen rate only, in both channels,
    // with its instalment offer's amounts as stated (the rates answer named only the terms).
    const instalment = rate.instalment ? instalmentDisplay(rate.instalment, view.lang) : undefined;
    const selectedRate = { ...rateSummary(rate, view), ...(instalment ? { instalment } : {}) };
    const line = instalment ? `${rateLine(rate, view)}; ${instalment}` : rateLine(rate, view);
    // Only a server offering the booking toolset asks whether booking could run now (one local broker call).
    const bookable = ctx.config.hotels.toolsets.has("booking") && (await writeReadiness(ctx)).kinds.booking.available;
    return success({ status: "rate_selected" as const, selectedRate, nextStep: bookable ? NEXT_STEP_BOOKABLE : NEXT_STEP }, [`status=rate_selected rateNumber=${rateNumber}`, line]);
  },
});

import { z } from "zod";
import { isFresh } from "../journey/checkout.js";
import { buildCheckoutHandoffUrl } from "../journey/handoff.js";
import { findRate } from "../journey/rates.js";
import { baseOutput, loadSelectedStay, rateLine, RateSummarySchema, rateSummary, staySummary, stayLine, StaySchema } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { Field, JourneyIdInput } from "./schemas.js";

const Output = z.object({
  ...baseOutput(["handoff_ready", "handoff_unavailable", "journey_not_found", "journey_expired", "selection_required"]),
  hostedCheckoutUrl: Field,
  guestsCarried: Field,
  stay: StaySchema.optional(),
  selectedRate: RateSummarySchema.optional(),
  inspectedPriceDisplay: Field,
});

const CONFIRM = "Nothing is booked or reserved: price and availability must be confirmed on the page, where the user enters personal and payment data.";

export const createCheckoutHandoff = defineTool({
  name: "tbank_hotels_create_checkout_handoff",
  title: "Checkout handoff",
  description:
    "Link to the selected hotel's page on the seller's site with the journey's dates (adults too for one room without children) and a stay/rate summary. " +
    "Use it for «оформить/забронировать»; works without a selected rate. Creates nothing.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ journeyId }, ctx) => {
    const sel = loadSelectedStay(ctx, journeyId);
    if (!sel.ok) return Promise.resolve(sel.outcome);
    const { state, option } = sel;
    const { checkinDate, checkoutDate, rooms } = state.request;
    const template = ctx.config.hotels.hotelPageUrlTemplate;
    const built =
      option.hotelId === null
        ? { ok: false as const, message: "the provider gave no page for this hotel" }
        : buildCheckoutHandoffUrl({ template, hotelId: option.hotelId, checkinDate, checkoutDate, rooms });
    if (!built.ok) {
      const message = `No handoff link: ${built.message}.`;
      const nextStep = "tbank_hotels_select_stay_option (another hotel) or tbank_hotels_connection_status";
      return Promise.resolve(failure({ status: "handoff_unavailable" as const, retryAllowed: false, nextStep, message }));
    }
    const stay = staySummary(state, option);
    const rate = state.selectedRateNumber === null || !state.rates ? undefined : findRate(state.rates.rates, state.selectedRateNumber);
    const selectedRate = rate ? rateSummary(rate) : undefined;
    const inspection = rate ? state.inspection : null;
    const inspectedPriceDisplay = inspection && isFresh(inspection, ctx.now()) ? inspection.public.currentPrice.display : undefined;
    const rateNote = selectedRate
      ? "The rate is not carried by the link: the user picks the same room and meal on the page."
      : "Тариф не выбран: the link opens the hotel with the dates only.";
    const message = `${built.note} ${rateNote} ${CONFIRM}`;
    const nextStep = "show hostedCheckoutUrl to the user and stop";
    return Promise.resolve(
      success(
        {
          status: "handoff_ready" as const,
          hostedCheckoutUrl: built.hostedCheckoutUrl,
          guestsCarried: built.guestsCarried,
          stay,
          ...(selectedRate ? { selectedRate } : {}),
          ...(inspectedPriceDisplay ? { inspectedPriceDisplay } : {}),
          message,
          nextStep,
        },
        [
          `status=handoff_ready guestsCarried=${built.guestsCarried}`,
          `hostedCheckoutUrl: ${built.hostedCheckoutUrl}`,
          stayLine(stay),
          rate && rateLine(rate),
          inspectedPriceDisplay && `Проверенная цена: ${inspectedPriceDisplay}`,
          message,
        ],
      ),
    );
  },
});

import { z } from "zod";
import { isFresh } from "../journey/checkout.js";
import { journeyView } from "../journey/view.js";
import type { Lang } from "../../../shared/locale.js";
import { baseOutput, loadSelectedRate, rateLine, RateSummarySchema, rateSummary, staySummary, stayLine, StaySchema } from "./checkout-common.js";
import { success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { Field, JourneyIdInput } from "./schemas.js";

const Output = z.object({
  ...baseOutput(["preview_ready", "journey_not_found", "journey_expired", "selection_required", "rate_selection_required"]),
  stay: StaySchema.optional(),
  rate: RateSummarySchema.optional(),
  inspectedPriceDisplay: Field,
});

const NEXT_STEP = "tbank_hotels_create_checkout_handoff";
const WORDS: Record<Lang, { note: string; checkedPrice: string }> = {
  ru: {
    note: "Только локальная сводка: ничего не забронировано, черновик не создан, провайдер не вызывался, личные данные не нужны. Бронирование — на странице продавца.",
    checkedPrice: "Проверенная цена",
  },
  en: {
    note: "Local preview only: nothing is booked, no draft is created, the provider is not called and no personal data is needed. Booking happens on the seller's page.",
    checkedPrice: "Checked price",
  },
};

export const createBookingPreview = defineTool({
  name: "tbank_hotels_create_booking_preview",
  title: "Booking preview",
  description:
    "Local summary of the selected stay, rate and price; creates nothing, asks no personal data. " +
    "To book: tbank_hotels_create_checkout_handoff.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ journeyId }, ctx) => {
    const sel = loadSelectedRate(ctx, journeyId);
    if (!sel.ok) return Promise.resolve(sel.outcome);
    const view = journeyView(sel.state, ctx.now());
    const w = WORDS[view.lang];
    const stay = staySummary(sel.state, sel.option);
    const rate = rateSummary(sel.rate, view);
    const inspection = sel.state.inspection;
    const inspectedPriceDisplay = inspection && isFresh(inspection, ctx.now()) ? inspection.public.currentPrice.display : undefined;
    // The note says that nothing is booked here: no separate bookingExecution object repeats it.
    return Promise.resolve(
      success({ status: "preview_ready" as const, stay, rate, ...(inspectedPriceDisplay ? { inspectedPriceDisplay } : {}), message: w.note, nextStep: NEXT_STEP }, [
        "status=preview_ready bookingExecution.available=false",
        stayLine(stay),
        rateLine(sel.rate, view),
        inspectedPriceDisplay && `${w.checkedPrice}: ${inspectedPriceDisplay}`,
        w.note,
      ]),
    );
  },
});

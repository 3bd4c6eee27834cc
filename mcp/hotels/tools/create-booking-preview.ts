import { z } from "zod";
import { isFresh } from "../journey/checkout.js";
import type { Lang } from "../../../shared/locale.js";
import { baseOutput, RateSummarySchema, staySummary, stayLine, StaySchema, summaryLine } from "./checkout-common.js";
import { success } from "../../shared/outcome.js";
import { CHECKOUT_HANDOFF_STEP, defineRatePreview } from "./rate-preview.js";
import { OptionalAnyValue } from "./schemas.js";
import { writeReadiness } from "../writes/readiness.js";

const Output = z.object({
  ...baseOutput(["preview_ready", "journey_not_found", "journey_expired", "selection_required", "rate_selection_required"]),
  stay: StaySchema.optional(),
  rate: RateSummarySchema.optional(),
  inspectedPriceDisplay: OptionalAnyValue,
  bookingExecutionAvailable: z.boolean().optional(),
});

// With the booking toolset and every gate open, the person can book here instead, approving it themselves.
export const NEXT_STEP_DRAFT =
  "if the person wants to book here: ask their guests' names and contact, then tbank_hotels_create_booking_draft (they approve the booking themselves in their terminal or on a page); else tbank_hotels_create_checkout_handoff";
const WORDS: Record<Lang, { note: string; where: string; whereWithDraft: string; checkedPrice: string }> = {
  ru: {
    note: "Только локальная сводка: ничего не забронировано, черновик не создан, провайдер не вызывался, личные данные не нужны.",
    where: "Бронирование — на странице продавца.",
    whereWithDraft: "Забронировать можно здесь (черновик, затем подтверждение человеком) или на странице продавца.",
    checkedPrice: "Проверенная цена",
  },
  en: {
    note: "Local preview only: nothing is booked, no draft is created, the provider is not called and no personal data is needed.",
    where: "Booking happens on the seller's page.",
    whereWithDraft: "It can be booked here (a draft, then the person's own approval) or on the seller's page.",
    checkedPrice: "Checked price",
  },
};

export const createBookingPreview = defineRatePreview({
  name: "tbank_hotels_create_booking_preview",
  title: "Booking preview",
  description:
    "Local summary of the selected stay, rate and price; creates nothing, asks no personal data.",
  output: Output,
  preview: async ({ sel, view, rate }, ctx) => {
    const w = WORDS[view.lang];
    const stay = staySummary(sel.state, sel.option);
    const inspection = sel.state.inspection;
    const inspectedPriceDisplay = inspection && isFresh(inspection, ctx.now()) ? inspection.public.currentPrice.display : undefined;
    // Only a server offering the booking toolset asks whether booking could run now (one local broker call).
    const bookable = ctx.config.hotels.toolsets.has("booking") && (await writeReadiness(ctx)).kinds.booking.available;
    const message = `${w.note} ${bookable ? w.whereWithDraft : w.where}`;
    return success(
      { status: "preview_ready" as const, stay, rate, ...(inspectedPriceDisplay ? { inspectedPriceDisplay } : {}), bookingExecutionAvailable: bookable, message, nextStep: bookable ? NEXT_STEP_DRAFT : CHECKOUT_HANDOFF_STEP },
      [`status=preview_ready bookingExecution.available=${bookable}`, stayLine(stay), summaryLine(rate), inspectedPriceDisplay && `${w.checkedPrice}: ${inspectedPriceDisplay}`, message],
    );
  },
});

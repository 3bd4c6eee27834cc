import { z } from "zod";
import { isFresh } from "../journey/checkout.js";
import { buildCheckoutHandoffUrl } from "../journey/handoff.js";
import { findRate } from "../journey/rates.js";
import { journeyView } from "../journey/view.js";
import type { Lang } from "../../../shared/locale.js";
import { baseOutput, loadSelectedStay, rateLine, RateSummarySchema, rateSummary, staySummary, stayLine, StaySchema } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { defineTool } from "./define.js";
import { OptionalAnyValue, JourneyIdInput } from "./schemas.js";

const Output = z.object({
  ...baseOutput(["handoff_ready", "handoff_unavailable", "journey_not_found", "journey_expired", "selection_required"]),
  hostedCheckoutUrl: OptionalAnyValue,
  guestsCarried: OptionalAnyValue,
  stay: StaySchema.optional(),
  selectedRate: RateSummarySchema.optional(),
  inspectedPriceDisplay: OptionalAnyValue,
});

interface Words {
  rateNotCarried: string;
  noRate: string;
  confirm: string;
  checkedPrice: string;
  noHotelPage: string;
  badTemplate: string;
}

const WORDS: Record<Lang, Words> = {
  ru: {
    rateNotCarried: "Тариф ссылкой не передаётся: на странице выберите тот же номер и питание.",
    noRate: "Тариф не выбран: номер и питание выбираются на странице.",
    confirm: "Ничего не забронировано; личные и платёжные данные вводятся только на странице.",
    checkedPrice: "Проверенная цена",
    noHotelPage: "Ссылки нет: провайдер не дал страницу этого отеля.",
    badTemplate: "Ссылки нет: шаблон страницы отеля (TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE) настроен неверно.",
  },
  en: {
    rateNotCarried: "The rate is not carried by the link: pick the same room and meal on the page.",
    noRate: "No rate selected: the room and meal are chosen on the page.",
    confirm: "Nothing is booked; personal and payment data are entered only on the page.",
    checkedPrice: "Checked price",
    noHotelPage: "No link: the provider gave no page for this hotel.",
    badTemplate: "No link: the hotel page template (TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE) is misconfigured.",
  },
};

export const createCheckoutHandoff = defineTool({
  name: "tbank_hotels_create_checkout_handoff",
  title: "Checkout handoff",
  description:
    "Seller's page link for the selected hotel with the dates (adults for one room without children) and a stay/rate summary. " +
    "For «оформить/забронировать»; no rate needed. Creates nothing.",
  toolset: "journey",
  input: z.strictObject({ journeyId: JourneyIdInput }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ journeyId }, ctx) => {
    const loaded = await loadSelectedStay(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const { state, option } = sel;
    const { checkinDate, checkoutDate, rooms } = state.request;
    const view = journeyView(state, ctx.now());
    const { lang } = view;
    const w = WORDS[lang];
    const template = ctx.config.hotels.hotelPageUrlTemplate;
    const hotelId = option.hotelId ?? "";
    const built = hotelId === "" ? null : buildCheckoutHandoffUrl({ template, hotelId, checkinDate, checkoutDate, rooms, lang });
    if (!built?.ok) {
      // The template is checked when the configuration loads, so a bad one is rare here.
      const message = built === null ? w.noHotelPage : w.badTemplate;
      const nextStep = "tbank_hotels_select_stay_option (another hotel) or tbank_hotels_connection_status";
      return failure({ status: "handoff_unavailable" as const, retryAllowed: false, nextStep, message });
    }
    const stay = staySummary(state, option);
    const rate = state.selectedRateNumber === null || !state.rates ? undefined : findRate(state.rates.rates, state.selectedRateNumber);
    const selectedRate = rate ? rateSummary(rate, view) : undefined;
    const inspection = rate ? state.inspection : null;
    const inspectedPriceDisplay = inspection && isFresh(inspection, ctx.now()) ? inspection.public.currentPrice.display : undefined;
    const message = `${built.value.note} ${selectedRate ? w.rateNotCarried : w.noRate} ${w.confirm}`;
    const nextStep = "show hostedCheckoutUrl to the user and stop";
    return (
      success(
        {
          status: "handoff_ready" as const,
          hostedCheckoutUrl: built.value.hostedCheckoutUrl,
          guestsCarried: built.value.guestsCarried,
          stay,
          ...(selectedRate ? { selectedRate } : {}),
          ...(inspectedPriceDisplay ? { inspectedPriceDisplay } : {}),
          message,
          nextStep,
        },
        [
          `status=handoff_ready guestsCarried=${built.value.guestsCarried}`,
          `hostedCheckoutUrl: ${built.value.hostedCheckoutUrl}`,
          stayLine(stay),
          rate && rateLine(rate, view),
          inspectedPriceDisplay && `${w.checkedPrice}: ${inspectedPriceDisplay}`,
          message,
        ],
      )
    );
  },
});

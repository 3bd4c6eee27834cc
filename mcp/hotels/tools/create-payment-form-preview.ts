import { z } from "zod";
import { baseOutput, RateSummarySchema, summaryLine } from "./checkout-common.js";
import type { Lang } from "../../../shared/locale.js";
import { success } from "../../shared/outcome.js";
import { CHECKOUT_HANDOFF_STEP, defineRatePreview } from "./rate-preview.js";
import { OptionalAnyValue, AnyArray } from "./schemas.js";
import { writeReadiness } from "../writes/readiness.js";

const Output = z.object({
  ...baseOutput(["preview_only", "journey_not_found", "journey_expired", "selection_required", "rate_selection_required"]),
  available: OptionalAnyValue,
  rate: RateSummarySchema.optional(),
  flow: AnyArray.optional(),
  remainingGates: AnyArray.optional(),
});

interface Words {
  /** The hosted payment form flow as the seller runs it; this server only describes it. */
  flow: string[];
  gates: string[];
  /** Listed only while this server and its broker keep writes off. */
  mutationsOff: string;
  note: string;
  flowLabel: string;
  gatesLabel: string;
}

const WORDS: Record<Lang, Words> = {
  ru: {
    flow: [
      "пользователь открывает страницу отеля (tbank_hotels_create_checkout_handoff) и выбирает номер и питание",
      "продавец заново проверяет цену и наличие и показывает предложение",
      "пользователь вводит данные гостей и платит в платёжной форме продавца (данные карты и 3-D Secure — только там)",
      "продавец подтверждает бронь и присылает ваучер",
    ],
    gates: [
      "платёжная передача, привязанная к владельцу, не включена",
      "авторизация клиента, заголовки запроса (x-real-ip) и идемпотентность брони не подтверждены владельцем API",
    ],
    mutationsOff: "изменения выключены (TBANK_HOTELS_ENABLE_MUTATIONS и проверенный профиль исполнения)",
    note: "Только описание: оплата не создаётся, paymentUrl нет, личные и карточные данные здесь не принимаются.",
    flowLabel: "Порядок",
    gatesLabel: "Ещё закрыто",
  },
  en: {
    flow: [
      "the user opens the hotel page (tbank_hotels_create_checkout_handoff) and picks the room and meal",
      "the seller re-checks price and availability and shows the offer to accept",
      "the user enters guest details and pays in the seller's hosted payment form (card data, 3-D Secure there only)",
      "the seller confirms the booking and sends the voucher",
    ],
    gates: [
      "owner-bound payment handoff is not activated",
      "customer auth, request headers (x-real-ip) and idempotency of booking are not confirmed by the API owner",
    ],
    mutationsOff: "mutations are off (TBANK_HOTELS_ENABLE_MUTATIONS and a reviewed execution profile)",
    note: "Description only: no payment is set up, no paymentUrl exists, and no personal or card data is taken here.",
    flowLabel: "Flow",
    gatesLabel: "Remaining gates",
  },
};

export const createPaymentFormPreview = defineRatePreview({
  name: "tbank_hotels_create_payment_form_preview",
  title: "Payment form preview",
  description:
    "The seller's hosted payment form for the selected rate and the gates still closed. Takes no personal or card data; no payment link.",
  output: Output,
  preview: async ({ view, rate }, ctx) => {
    const w = WORDS[view.lang];
    const writesOn = ctx.config.hotels.toolsets.has("mutations") && (await writeReadiness(ctx)).kinds.payment_setup.available;
    const gates = writesOn ? w.gates : [...w.gates, w.mutationsOff];
    return success({ status: "preview_only" as const, available: false as const, rate, flow: w.flow, remainingGates: gates, message: w.note, nextStep: CHECKOUT_HANDOFF_STEP }, [
        "status=preview_only available=false",
        summaryLine(rate),
        `${w.flowLabel}: ${w.flow.map((s, i) => `${i + 1}) ${s}`).join("; ")}`,
        `${w.gatesLabel}: ${gates.join("; ")}`,
        w.note,
      ]);
  },
});

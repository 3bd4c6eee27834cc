import { z } from "zod";
import { isFresh, resolveExtraServiceRef } from "../journey/checkout.js";
import type { CheckoutPublic } from "../journey/checkout.js";
import { PromoCodeSchema } from "../provider/index.js";
import { baseOutput, loadSelectedRate } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { extrasLine, extraView, type ExtraView } from "./checkout-view.js";
import { journeyView } from "../journey/view.js";
import { deadlineDisplay } from "../journey/wording.js";
import { missing, type Lang } from "../../../shared/locale.js";
import { codeOrQuoted } from "../../../shared/provider-text.js";
import { roomDisplay } from "../journey/vocabulary.js";
import { defineTool } from "./define.js";
import { OptionalAnyValue, JourneyIdInput, AnyArray } from "./schemas.js";

const Output = z.object({
  ...baseOutput([
    "changes_previewed",
    "inspection_required",
    "inspection_stale",
    "journey_not_found",
    "journey_expired",
    "selection_required",
    "rate_selection_required",
  ]),
  currentPrice: OptionalAnyValue,
  promo: OptionalAnyValue,
  extraServices: AnyArray.optional(),
  unknownExtraServiceOptionRefs: AnyArray.optional(),
  upgrade: OptionalAnyValue,
  freshUntil: OptionalAnyValue,
});
type Out = z.infer<typeof Output>;

interface Words {
  authoritative: string;
  currentPrice(price: string): string;
  promoNotValidated(code: string): string;
  promoValid(code: string, discount: string): string;
  promoInvalid(code: string, reason: string): string;
  upgradeOffered(room: string, surcharge: string): string;
  upgradeNotChecked: string;
  upgradeNotAvailable: string;
  unknownRefs: string;
  notInspected: string;
  stale(at: string): string;
}

const WORDS: Record<Lang, Words> = {
  ru: {
    authoritative: "Новая сумма здесь не считается: цена с этими изменениями окончательна только на странице продавца, где они применяются.",
    currentPrice: (price) => `Текущая цена без изменений: ${price}`,
    promoNotValidated: (code) => `Промокод ${code}: не проверен`,
    promoValid: (code, discount) => `Промокод ${code}: действителен, скидка ${discount} (по проверке; не применён)`,
    promoInvalid: (code, reason) => `Промокод ${code}: недействителен (${reason})`,
    upgradeOffered: (room, surcharge) => `Повышение: ${room}, доплата ${surcharge}`,
    upgradeNotChecked: "Повышение: не проверено (checkUpgrade=true)",
    upgradeNotAvailable: "Повышение: недоступно",
    unknownRefs: "Неизвестные ссылки на услуги",
    notInspected: "Выбранный тариф ещё не проверялся.",
    stale: (at) => `Последняя проверка действовала до ${at} (проверка действует 5 минут).`,
  },
  en: {
    authoritative: "No new total is computed here: the price with these changes is authoritative only on the seller's page, where they are applied.",
    currentPrice: (price) => `Current price without changes: ${price}`,
    promoNotValidated: (code) => `Promo code ${code}: not validated`,
    promoValid: (code, discount) => `Promo code ${code}: valid, discount ${discount} (as validated; not applied)`,
    promoInvalid: (code, reason) => `Promo code ${code}: invalid (${reason})`,
    upgradeOffered: (room, surcharge) => `Upgrade: ${room}, surcharge ${surcharge}`,
    upgradeNotChecked: "Upgrade: not checked (checkUpgrade=true)",
    upgradeNotAvailable: "Upgrade: not available",
    unknownRefs: "Unknown refs",
    notInspected: "The selected rate has not been inspected yet.",
    stale: (at) => `The last inspection expired at ${at} (inspections are fresh 5 minutes).`,
  },
};

type PromoCheck = "valid" | "invalid" | "not_validated";

// A display sentence per change, as in the inspection; the price after a discount is left out on
// purpose: only the seller's page states the total with the changes applied.
function promoPreview(code: string, inspected: CheckoutPublic["promo"], lang: Lang): { check: PromoCheck; text: string } {
  const w = WORDS[lang];
  const wanted = code.trim().toUpperCase();
  if (!inspected || inspected.promoCode.trim().toUpperCase() !== wanted) return { check: "not_validated", text: w.promoNotValidated(wanted) };
  return inspected.valid
    ? { check: "valid", text: w.promoValid(codeOrQuoted(inspected.promoCode), inspected.discountDisplay ?? "?") }
    : { check: "invalid", text: w.promoInvalid(codeOrQuoted(inspected.promoCode), inspected.reason === null ? missing(lang) : codeOrQuoted(inspected.reason)) };
}

function upgradePreview(c: CheckoutPublic, lang: Lang): { check: "offered" | "not_checked" | "not_available"; text: string } {
  const w = WORDS[lang];
  const offer = c.upgradeOffer;
  if (offer) return { check: "offered", text: w.upgradeOffered(roomDisplay(offer.roomName, lang), offer.priceDifference.display) };
  return c.upgradeAvailable ? { check: "not_checked", text: w.upgradeNotChecked } : { check: "not_available", text: w.upgradeNotAvailable };
}

function needsInspection(status: "inspection_required" | "inspection_stale", message: string) {
  const nextStep = "tbank_hotels_inspect_checkout (with promoCode/checkUpgrade if wanted), then preview again";
  return failure({ status, retryAllowed: false, nextStep, message });
}

export const previewCheckoutChanges = defineTool({
  name: "tbank_hotels_preview_checkout_changes",
  title: "Preview checkout changes",
  description:
    "Local preview of a promo code, extras or upgrade against the last inspection; applies nothing, the final price is the seller's page's.",
  toolset: "journey",
  input: z.strictObject({
    journeyId: JourneyIdInput,
    promoCode: PromoCodeSchema.optional(),
    extraServiceOptionRefs: z.array(z.string().max(64).meta({ maxLength: undefined })).max(4).optional(),
    upgrade: z.boolean().optional(),
  }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: async ({ journeyId, promoCode, extraServiceOptionRefs = [], upgrade }, ctx) => {
    const loaded = await loadSelectedRate(ctx, journeyId);
    if (!loaded.ok) return loaded.error;
    const sel = loaded.value;
    const inspection = sel.state.inspection;
    const view = journeyView(sel.state, ctx.now());
    const { lang } = view;
    const w = WORDS[lang];
    if (!inspection) return needsInspection("inspection_required", w.notInspected);
    if (!isFresh(inspection, ctx.now())) {
      return needsInspection("inspection_stale", w.stale(deadlineDisplay(inspection.public.freshUntil, view)));
    }
    const c = inspection.public;
    const extraServices: ExtraView[] = [];
    const unknownExtraServiceOptionRefs: string[] = [];
    for (const ref of new Set(extraServiceOptionRefs)) {
      const extra = resolveExtraServiceRef(inspection, ref) ? c.extraServices.find((e) => e.extraServiceOptionRef === ref) : undefined;
      if (extra) extraServices.push(extraView({ extraServiceOptionRef: ref, type: extra.type, time: extra.time, priceDisplay: extra.price.display }, lang));
      else unknownExtraServiceOptionRefs.push(ref);
    }
    const promo = promoCode === undefined ? undefined : promoPreview(promoCode, c.promo, lang);
    const up = upgrade === true ? upgradePreview(c, lang) : undefined;
    const mustInspect = promo?.check === "not_validated" || up?.check === "not_checked" || unknownExtraServiceOptionRefs.length > 0;
    const nextStep = mustInspect
      ? "tbank_hotels_inspect_checkout with the promoCode / checkUpgrade=true (unknown refs come from the latest inspection)"
      : "tbank_hotels_create_checkout_handoff: the user applies these changes on the seller's page";
    const currentPrice = w.currentPrice(c.currentPrice.display);
    const structured: Out = {
      status: "changes_previewed",
      currentPrice,
      ...(promo ? { promo: promo.text } : {}),
      ...(extraServices.length > 0 ? { extraServices } : {}),
      ...(unknownExtraServiceOptionRefs.length > 0 ? { unknownExtraServiceOptionRefs } : {}),
      ...(up ? { upgrade: up.text } : {}),
      freshUntil: c.freshUntil,
      message: w.authoritative,
      nextStep,
    };
    return (
      success(structured, [
        `status=changes_previewed freshUntil=${c.freshUntil}`,
        currentPrice,
        promo?.text,
        extraServices.length > 0 && extrasLine(extraServices, lang),
        unknownExtraServiceOptionRefs.length > 0 && `${w.unknownRefs}: ${unknownExtraServiceOptionRefs.join(", ")}`,
        up?.text,
        w.authoritative,
      ])
    );
  },
});

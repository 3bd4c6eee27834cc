import { z } from "zod";
import { isFresh, resolveExtraServiceRef } from "../journey/checkout.js";
import type { CheckoutPublic } from "../journey/checkout.js";
import { PromoCodeSchema } from "../provider/index.js";
import { baseOutput, JourneyIdInput, loadSelectedRate, textLines } from "./checkout-common.js";
import { extraLine } from "./checkout-view.js";
import { defineTool } from "./define.js";
import { Field, List, Obj } from "./schemas.js";

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
  currentPriceDisplay: Field,
  freshUntil: Field,
  promo: Obj.optional(),
  extraServices: List.optional(),
  unknownExtraServiceOptionRefs: List.optional(),
  upgrade: Obj.optional(),
});
type Out = z.infer<typeof Output>;

const AUTHORITATIVE = "No new total is computed here: the price with these changes is authoritative only on the seller's page, where they are applied.";

interface PromoPreview {
  promoCode: string;
  check: "valid" | "invalid" | "not_validated";
  discountDisplay: string | null;
  priceAfterDiscountDisplay: string | null;
  reason: string | null;
}

interface UpgradePreview {
  check: "offered" | "not_checked" | "not_available";
  roomName?: string;
  priceDifferenceDisplay?: string;
  totalPriceDisplay?: string;
}

function promoPreview(code: string, inspected: CheckoutPublic["promo"]): PromoPreview {
  const wanted = code.trim().toUpperCase();
  if (!inspected || inspected.promoCode.trim().toUpperCase() !== wanted) {
    return { promoCode: wanted, check: "not_validated", discountDisplay: null, priceAfterDiscountDisplay: null, reason: null };
  }
  const { discountDisplay, priceAfterDiscountDisplay, reason } = inspected;
  return { promoCode: inspected.promoCode, check: inspected.valid ? "valid" : "invalid", discountDisplay, priceAfterDiscountDisplay, reason };
}

function upgradePreview(c: CheckoutPublic): UpgradePreview {
  const offer = c.upgradeOffer;
  if (offer) return { check: "offered", roomName: offer.roomName, priceDifferenceDisplay: offer.priceDifference.display, totalPriceDisplay: offer.totalPrice.display };
  return { check: c.upgradeAvailable ? "not_checked" : "not_available" };
}

function needsInspection(status: "inspection_required" | "inspection_stale", message: string) {
  const nextStep = "tbank_hotels_inspect_checkout (with promoCode/checkUpgrade if wanted), then preview again";
  return { structured: { status, retryAllowed: false, nextStep, message }, text: textLines(`status=${status}`, message, `nextStep: ${nextStep}`) };
}

export const previewCheckoutChanges = defineTool({
  name: "tbank_hotels_preview_checkout_changes",
  title: "Preview checkout changes",
  description:
    "Local preview of a desired promo code, extras (extraServiceOptionRef) or upgrade against the last checkout inspection (fresh 5 minutes). " +
    "Applies nothing and computes no new total: the final price comes only from the seller's page.",
  toolset: "journey",
  input: z.strictObject({
    journeyId: JourneyIdInput,
    promoCode: PromoCodeSchema.optional(),
    extraServiceOptionRefs: z.array(z.string().max(64)).max(4).optional(),
    upgrade: z.boolean().optional(),
  }),
  output: Output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: ({ journeyId, promoCode, extraServiceOptionRefs = [], upgrade }, ctx) => {
    const sel = loadSelectedRate(ctx, journeyId);
    if (!sel.ok) return Promise.resolve(sel.outcome);
    const inspection = sel.state.inspection;
    if (!inspection) return Promise.resolve(needsInspection("inspection_required", "The selected rate has not been inspected yet."));
    if (!isFresh(inspection, ctx.now())) {
      return Promise.resolve(needsInspection("inspection_stale", `The last inspection expired at ${inspection.public.freshUntil} (inspections are fresh 5 minutes).`));
    }
    const c = inspection.public;
    const extraServices: Parameters<typeof extraLine>[0][] = [];
    const unknownExtraServiceOptionRefs: string[] = [];
    for (const ref of new Set(extraServiceOptionRefs)) {
      const extra = resolveExtraServiceRef(inspection, ref) ? c.extraServices.find((e) => e.extraServiceOptionRef === ref) : undefined;
      if (extra) extraServices.push({ extraServiceOptionRef: ref, type: extra.type, time: extra.time, priceDisplay: extra.price.display });
      else unknownExtraServiceOptionRefs.push(ref);
    }
    const promo = promoCode === undefined ? undefined : promoPreview(promoCode, c.promo);
    const up = upgrade === true ? upgradePreview(c) : undefined;
    const mustInspect = promo?.check === "not_validated" || up?.check === "not_checked" || unknownExtraServiceOptionRefs.length > 0;
    const nextStep = mustInspect
      ? "tbank_hotels_inspect_checkout with the promoCode / checkUpgrade=true (unknown refs come from the latest inspection)"
      : "tbank_hotels_create_checkout_handoff: the user applies these changes on the seller's page";
    const structured: Out = {
      status: "changes_previewed",
      retryAllowed: false,
      nextStep,
      message: AUTHORITATIVE,
      currentPriceDisplay: c.currentPrice.display,
      freshUntil: c.freshUntil,
      extraServices,
      ...(unknownExtraServiceOptionRefs.length > 0 ? { unknownExtraServiceOptionRefs } : {}),
      ...(promo ? { promo: { ...promo } } : {}),
      ...(up ? { upgrade: { ...up } } : {}),
    };
    const promoText =
      promo &&
      (promo.check === "not_validated"
        ? `Промокод ${promo.promoCode}: не проверен`
        : promo.check === "valid"
          ? `Промокод ${promo.promoCode}: действителен, скидка ${promo.discountDisplay ?? "?"} (по проверке; не применён)`
          : `Промокод ${promo.promoCode}: недействителен (${promo.reason ?? "нет данных"})`);
    const upText = up && (up.check === "offered" ? `Повышение: ${up.roomName ?? ""}, доплата ${up.priceDifferenceDisplay ?? "?"}` : `Повышение: ${up.check}`);
    return Promise.resolve({
      structured,
      text: textLines(
        `status=changes_previewed freshUntil=${c.freshUntil}`,
        `Текущая цена без изменений: ${c.currentPrice.display}`,
        promoText,
        extraServices.length > 0 && `Доп. услуги: ${extraServices.map(extraLine).join("; ")}`,
        unknownExtraServiceOptionRefs.length > 0 && `Unknown refs: ${unknownExtraServiceOptionRefs.join(", ")}`,
        upText,
        AUTHORITATIVE,
        `nextStep: ${nextStep}`,
      ),
    });
  },
});

import { z } from "zod";
import { isFresh, resolveExtraServiceRef } from "../journey/checkout.js";
import type { CheckoutPublic } from "../journey/checkout.js";
import { PromoCodeSchema } from "../provider/index.js";
import { baseOutput, loadSelectedRate } from "./checkout-common.js";
import { failure, success } from "../../shared/outcome.js";
import { extraLine, extraView, type ExtraView } from "./checkout-view.js";
import { defineTool } from "./define.js";
import { Field, JourneyIdInput, List } from "./schemas.js";

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
  currentPrice: Field,
  promo: Field,
  extraServices: List.optional(),
  unknownExtraServiceOptionRefs: List.optional(),
  upgrade: Field,
  freshUntil: Field,
});
type Out = z.infer<typeof Output>;

const AUTHORITATIVE = "No new total is computed here: the price with these changes is authoritative only on the seller's page, where they are applied.";

type PromoCheck = "valid" | "invalid" | "not_validated";

// A display sentence per change, as in the inspection; the price after a discount is left out on
// purpose: only the seller's page states the total with the changes applied.
function promoPreview(code: string, inspected: CheckoutPublic["promo"]): { check: PromoCheck; text: string } {
  const wanted = code.trim().toUpperCase();
  if (!inspected || inspected.promoCode.trim().toUpperCase() !== wanted) return { check: "not_validated", text: `Промокод ${wanted}: не проверен` };
  return inspected.valid
    ? { check: "valid", text: `Промокод ${inspected.promoCode}: действителен, скидка ${inspected.discountDisplay ?? "?"} (по проверке; не применён)` }
    : { check: "invalid", text: `Промокод ${inspected.promoCode}: недействителен (${inspected.reason ?? "нет данных"})` };
}

function upgradePreview(c: CheckoutPublic): { check: "offered" | "not_checked" | "not_available"; text: string } {
  const offer = c.upgradeOffer;
  if (offer) return { check: "offered", text: `Повышение: ${offer.roomName}, доплата ${offer.priceDifference.display}` };
  return c.upgradeAvailable ? { check: "not_checked", text: "Повышение: не проверено (checkUpgrade=true)" } : { check: "not_available", text: "Повышение: недоступно" };
}

function needsInspection(status: "inspection_required" | "inspection_stale", message: string) {
  const nextStep = "tbank_hotels_inspect_checkout (with promoCode/checkUpgrade if wanted), then preview again";
  return failure({ status, retryAllowed: false, nextStep, message });
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
    const extraServices: ExtraView[] = [];
    const unknownExtraServiceOptionRefs: string[] = [];
    for (const ref of new Set(extraServiceOptionRefs)) {
      const extra = resolveExtraServiceRef(inspection, ref) ? c.extraServices.find((e) => e.extraServiceOptionRef === ref) : undefined;
      if (extra) extraServices.push(extraView({ extraServiceOptionRef: ref, type: extra.type, time: extra.time, priceDisplay: extra.price.display }));
      else unknownExtraServiceOptionRefs.push(ref);
    }
    const promo = promoCode === undefined ? undefined : promoPreview(promoCode, c.promo);
    const up = upgrade === true ? upgradePreview(c) : undefined;
    const mustInspect = promo?.check === "not_validated" || up?.check === "not_checked" || unknownExtraServiceOptionRefs.length > 0;
    const nextStep = mustInspect
      ? "tbank_hotels_inspect_checkout with the promoCode / checkUpgrade=true (unknown refs come from the latest inspection)"
      : "tbank_hotels_create_checkout_handoff: the user applies these changes on the seller's page";
    const currentPrice = `Текущая цена без изменений: ${c.currentPrice.display}`;
    const structured: Out = {
      status: "changes_previewed",
      currentPrice,
      ...(promo ? { promo: promo.text } : {}),
      ...(extraServices.length > 0 ? { extraServices } : {}),
      ...(unknownExtraServiceOptionRefs.length > 0 ? { unknownExtraServiceOptionRefs } : {}),
      ...(up ? { upgrade: up.text } : {}),
      freshUntil: c.freshUntil,
      message: AUTHORITATIVE,
      nextStep,
    };
    return Promise.resolve(
      success(structured, [
        `status=changes_previewed freshUntil=${c.freshUntil}`,
        currentPrice,
        promo?.text,
        extraServices.length > 0 && `Доп. услуги: ${extraServices.map(extraLine).join("; ")}`,
        unknownExtraServiceOptionRefs.length > 0 && `Unknown refs: ${unknownExtraServiceOptionRefs.join(", ")}`,
        up?.text,
        AUTHORITATIVE,
      ]),
    );
  },
});

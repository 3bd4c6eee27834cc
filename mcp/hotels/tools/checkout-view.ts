import { z } from "zod";
import type { CheckoutPublic } from "../journey/checkout.js";

// The model's view of a checkout inspection, the same in both channels: one display sentence per
// aspect (price, cancellation, upgrade, promo) that an answer can quote, plus the fields a later
// call acts on (priceChanged, freshUntil, extraServiceOptionRef). Left out on purpose: decimal
// amounts beside their displays, ISO times beside their displays, inspectedAt (freshUntil is what
// matters). Built from the public half; the private half never gets here.

// Loose on purpose (context budget): the fields a client acts on are named, the rest is display text.
export const CheckoutViewSchema = z.looseObject({
  priceChanged: z.boolean(),
  freshUntil: z.string(),
});

const EXTRA_NAMES: Readonly<Record<string, string>> = { early_checkin: "ранний заезд с", late_checkout: "поздний выезд до" };

export interface ExtraView {
  extraServiceOptionRef: string;
  /** "ранний заезд с 11:00 — 4 022 ₽" */
  service: string;
}

export function extraView(e: { extraServiceOptionRef: string; type: string; time: string; priceDisplay: string }): ExtraView {
  return { extraServiceOptionRef: e.extraServiceOptionRef, service: `${EXTRA_NAMES[e.type] ?? e.type} ${e.time} — ${e.priceDisplay}` };
}

export function extraLine(e: ExtraView): string {
  return `${e.service} [${e.extraServiceOptionRef}]`;
}

function promoText(p: NonNullable<CheckoutPublic["promo"]>): string {
  return p.valid
    ? `Промокод ${p.promoCode}: действителен, скидка ${p.discountDisplay ?? "?"}, цена после скидки ${p.priceAfterDiscountDisplay ?? "?"} (только проверка, не применён)`
    : `Промокод ${p.promoCode}: недействителен (${p.reason ?? "нет данных"})`;
}

export function checkoutView(c: CheckoutPublic) {
  const up = c.upgradeOffer;
  const price = c.priceChanged
    ? `Текущая цена ${c.currentPrice.display} (при поиске ${c.searchPrice.display}, изменение ${c.priceDifferenceDisplay}), за ночь ${c.currentPricePerNightDisplay}`
    : `Текущая цена ${c.currentPrice.display} (не изменилась), за ночь ${c.currentPricePerNightDisplay}`;
  const penalties = c.cancellation.penalties.map((p) => `с ${p.fromDisplay} — ${p.amount.display}`).join("; ");
  const upgrade = up
    ? `Повышение: ${up.roomName}, доплата ${up.priceDifference.display} (итого ${up.totalPrice.display})`
    : c.upgradeAvailable
      ? "Повышение категории доступно (не проверялось: checkUpgrade=true)"
      : undefined;
  return {
    priceChanged: c.priceChanged,
    price,
    cancellation: `Отмена: ${c.cancellation.cancellationDisplay}${penalties ? `; штрафы: ${penalties}` : ""}`,
    ...(c.extraServices.length > 0 ? { extraServices: c.extraServices.map((e) => extraView({ ...e, priceDisplay: e.price.display })) } : {}),
    ...(upgrade ? { upgrade } : {}),
    ...(c.promo ? { promo: promoText(c.promo) } : {}),
    freshUntil: c.freshUntil,
  };
}

export type CheckoutView = ReturnType<typeof checkoutView>;

export function checkoutLines(v: CheckoutView): string[] {
  return [
    v.price,
    v.cancellation,
    v.extraServices ? `Доп. услуги: ${v.extraServices.map(extraLine).join("; ")}` : "",
    v.upgrade ?? "",
    v.promo ?? "",
  ].filter((l) => l !== "");
}

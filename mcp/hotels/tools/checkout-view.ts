import { z } from "zod";
import type { CheckoutPublic } from "../journey/checkout.js";

// The model's view of a checkout inspection: money as displays (current and search price also as
// decimals), extras by opaque ref only. Built from the public half; the private half never gets here.

// Loose on purpose (context budget): the fields a client acts on are named, the rest is display text.
export const CheckoutViewSchema = z.looseObject({
  priceChanged: z.boolean(),
  freshUntil: z.string(),
});

export function checkoutView(c: CheckoutPublic) {
  const up = c.upgradeOffer;
  return {
    roomName: c.roomName,
    mealName: c.mealName,
    breakfastEvidence: c.breakfastEvidence,
    searchPrice: { ...c.searchPrice },
    currentPrice: { ...c.currentPrice },
    currentPricePerNightDisplay: c.currentPricePerNightDisplay,
    priceChanged: c.priceChanged,
    priceDifferenceDisplay: c.priceDifferenceDisplay,
    cancellationDisplay: c.cancellation.cancellationDisplay,
    freeCancellationUntil: c.cancellation.freeCancellationUntil,
    penalties: c.cancellation.penalties.map((p) => ({ from: p.from, fromDisplay: p.fromDisplay, amountDisplay: p.amount.display })),
    extraServices: c.extraServices.map((e) => ({ extraServiceOptionRef: e.extraServiceOptionRef, type: e.type, time: e.time, priceDisplay: e.price.display })),
    upgradeAvailable: c.upgradeAvailable,
    upgradeOffer: up && { roomName: up.roomName, mealName: up.mealName, priceDifferenceDisplay: up.priceDifference.display, totalPriceDisplay: up.totalPrice.display },
    promo: c.promo && { ...c.promo },
    inspectedAt: c.inspectedAt,
    freshUntil: c.freshUntil,
  };
}

export type CheckoutView = ReturnType<typeof checkoutView>;

const EXTRA_NAMES: Readonly<Record<string, string>> = { early_checkin: "ранний заезд с", late_checkout: "поздний выезд до" };

export function extraLine(e: { extraServiceOptionRef: string; type: string; time: string; priceDisplay: string }): string {
  return `${EXTRA_NAMES[e.type] ?? e.type} ${e.time} — ${e.priceDisplay} [${e.extraServiceOptionRef}]`;
}

export function promoLine(p: NonNullable<CheckoutView["promo"]>): string {
  return p.valid
    ? `Промокод ${p.promoCode}: действителен, скидка ${p.discountDisplay ?? "?"}, цена после скидки ${p.priceAfterDiscountDisplay ?? "?"} (только проверка, не применён)`
    : `Промокод ${p.promoCode}: недействителен (${p.reason ?? "нет данных"})`;
}

export function checkoutLines(v: CheckoutView): string[] {
  const price = v.priceChanged
    ? `Текущая цена ${v.currentPrice.display} (при поиске ${v.searchPrice.display}, изменение ${v.priceDifferenceDisplay}), за ночь ${v.currentPricePerNightDisplay}`
    : `Текущая цена ${v.currentPrice.display} (не изменилась), за ночь ${v.currentPricePerNightDisplay}`;
  const penalties = v.penalties.map((p) => `с ${p.fromDisplay} — ${p.amountDisplay}`).join("; ");
  const upgrade = v.upgradeOffer
    ? `Повышение: ${v.upgradeOffer.roomName}, доплата ${v.upgradeOffer.priceDifferenceDisplay} (итого ${v.upgradeOffer.totalPriceDisplay})`
    : v.upgradeAvailable
      ? "Повышение категории доступно (не проверялось: checkUpgrade=true)"
      : undefined;
  return [
    price,
    `Отмена: ${v.cancellationDisplay}${penalties ? `; штрафы: ${penalties}` : ""}`,
    v.extraServices.length > 0 ? `Доп. услуги: ${v.extraServices.map(extraLine).join("; ")}` : "",
    upgrade ?? "",
    v.promo ? promoLine(v.promo) : "",
  ].filter((l) => l !== "");
}

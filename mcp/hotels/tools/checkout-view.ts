import { z } from "zod";
import { missing, type Lang } from "../../../shared/locale.js";
import { codeOrQuoted, quoted } from "../../../shared/provider-text.js";
import { roomDisplay } from "../journey/vocabulary.js";
import type { CheckoutPublic } from "../journey/checkout.js";

// The model's view of a checkout inspection, the same in both channels: one display sentence per
// aspect (price, cancellation, upgrade, promo) that an answer can quote, plus the fields a later
// call acts on (priceChanged, freshUntil, extraServiceOptionRef). Left out on purpose: decimal
// amounts beside their displays, ISO times beside their displays, inspectedAt (freshUntil is what
// matters). Built from the public half; the private half never gets here. The sentences are in the
// journey's language; the amounts in CheckoutPublic were written in it at inspection.

// Loose on purpose (context budget): the fields a client acts on are named, the rest is display text.
export const CheckoutViewSchema = z.looseObject({
  priceChanged: z.boolean(),
  freshUntil: z.string(),
});

interface Words {
  extraNames: Readonly<Record<string, string>>;
  extras: string;
  price(current: string, perNight: string): string;
  priceChanged(current: string, search: string, difference: string, perNight: string): string;
  penalties: string;
  /** The label when the provider gave penalty stages but no free-cancellation fact. */
  penaltiesOnly: string;
  penaltyFrom(from: string, amount: string): string;
  upgrade(room: string, surcharge: string, total: string): string;
  upgradeUnchecked: string;
  promoValid(code: string, discount: string, after: string): string;
  promoInvalid(code: string, reason: string): string;
}

const WORDS: Record<Lang, Words> = {
  ru: {
    extraNames: { early_checkin: "ранний заезд с", late_checkout: "поздний выезд до" },
    extras: "Доп. услуги",
    price: (current, perNight) => `Текущая цена ${current} (не изменилась), за ночь ${perNight}`,
    priceChanged: (current, search, difference, perNight) => `Текущая цена ${current} (при поиске ${search}, изменение ${difference}), за ночь ${perNight}`,
    penalties: "штрафы",
    penaltiesOnly: "Штрафы при отмене",
    penaltyFrom: (from, amount) => `с ${from} — ${amount}`,
    upgrade: (room, surcharge, total) => `Повышение: ${room}, доплата ${surcharge} (итого ${total})`,
    upgradeUnchecked: "Повышение категории доступно (не проверялось: checkUpgrade=true)",
    promoValid: (code, discount, after) => `Промокод ${code}: действителен, скидка ${discount}, цена после скидки ${after} (только проверка, не применён)`,
    promoInvalid: (code, reason) => `Промокод ${code}: недействителен (${reason})`,
  },
  en: {
    extraNames: { early_checkin: "early check-in from", late_checkout: "late check-out until" },
    extras: "Extras",
    price: (current, perNight) => `Current price ${current} (unchanged), per night ${perNight}`,
    priceChanged: (current, search, difference, perNight) => `Current price ${current} (at search ${search}, change ${difference}), per night ${perNight}`,
    penalties: "penalties",
    penaltiesOnly: "Cancellation penalties",
    penaltyFrom: (from, amount) => `from ${from} — ${amount}`,
    upgrade: (room, surcharge, total) => `Upgrade: ${room}, surcharge ${surcharge} (total ${total})`,
    upgradeUnchecked: "A room upgrade is available (not checked: checkUpgrade=true)",
    promoValid: (code, discount, after) => `Promo code ${code}: valid, discount ${discount}, price after discount ${after} (validation only, not applied)`,
    promoInvalid: (code, reason) => `Promo code ${code}: invalid (${reason})`,
  },
};

export interface ExtraView {
  extraServiceOptionRef: string;
  /** "ранний заезд с 11:00 — 4 022 ₽", "early check-in from 11:00 — ₽4,022" */
  service: string;
}

// The contract's time of day ("10:00"); anything else the provider sends there is quoted.
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export function extraView(e: { extraServiceOptionRef: string; type: string; time: string; priceDisplay: string }, lang: Lang): ExtraView {
  const names = WORDS[lang].extraNames;
  // Own keys only: a type "constructor" is not a name of ours.
  const name = (Object.hasOwn(names, e.type) ? names[e.type] : undefined) ?? codeOrQuoted(e.type);
  const time = TIME_OF_DAY.test(e.time) ? e.time : quoted(e.time);
  return { extraServiceOptionRef: e.extraServiceOptionRef, service: `${name} ${time} — ${e.priceDisplay}` };
}

export function extraLine(e: ExtraView): string {
  return `${e.service} [${e.extraServiceOptionRef}]`;
}

/** "Доп. услуги: …" / "Extras: …" */
export function extrasLine(extras: readonly ExtraView[], lang: Lang): string {
  return `${WORDS[lang].extras}: ${extras.map(extraLine).join("; ")}`;
}

function promoText(p: NonNullable<CheckoutPublic["promo"]>, lang: Lang): string {
  const w = WORDS[lang];
  const code = codeOrQuoted(p.promoCode);
  return p.valid ? w.promoValid(code, p.discountDisplay ?? "?", p.priceAfterDiscountDisplay ?? "?") : w.promoInvalid(code, p.reason === null ? missing(lang) : codeOrQuoted(p.reason));
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

// "Бесплатная отмена до …; штрафы: с … — …". Penalty stages without a free-cancellation fact are
// the whole story, so they are not introduced by "no data".
function cancellationText(c: CheckoutPublic["cancellation"], lang: Lang): string {
  const w = WORDS[lang];
  const stages = c.penalties.map((p) => w.penaltyFrom(p.fromDisplay, p.amount.display)).join("; ");
  if (stages === "") return capitalize(c.cancellationDisplay);
  if (c.freeCancellationUntil === null && !c.nonRefundable) return `${w.penaltiesOnly}: ${stages}`;
  return `${capitalize(c.cancellationDisplay)}; ${w.penalties}: ${stages}`;
}

export function checkoutView(c: CheckoutPublic, lang: Lang) {
  const w = WORDS[lang];
  const up = c.upgradeOffer;
  const price = c.priceChanged
    ? w.priceChanged(c.currentPrice.display, c.searchPrice.display, c.priceDifferenceDisplay, c.currentPricePerNightDisplay)
    : w.price(c.currentPrice.display, c.currentPricePerNightDisplay);
  const upgrade = up ? w.upgrade(roomDisplay(up.roomName, lang), up.priceDifference.display, up.totalPrice.display) : c.upgradeAvailable ? w.upgradeUnchecked : undefined;
  return {
    priceChanged: c.priceChanged,
    price,
    cancellation: cancellationText(c.cancellation, lang),
    ...(c.extraServices.length > 0 ? { extraServices: c.extraServices.map((e) => extraView({ ...e, priceDisplay: e.price.display }, lang)) } : {}),
    ...(upgrade ? { upgrade } : {}),
    ...(c.promo ? { promo: promoText(c.promo, lang) } : {}),
    freshUntil: c.freshUntil,
  };
}

export type CheckoutView = ReturnType<typeof checkoutView>;

export function checkoutLines(v: CheckoutView, lang: Lang): string[] {
  return [v.price, v.cancellation, v.extraServices ? extrasLine(v.extraServices, lang) : "", v.upgrade ?? "", v.promo ?? ""].filter((l) => l !== "");
}

import { randomBytes } from "node:crypto";
import { compareDecimal, formatMoney, subtractDecimal } from "../../../shared/money.js";
import type { Decimal } from "../../../shared/money.js";
import { newRef } from "../../../shared/refs.js";
import type { RandomBytes } from "../../../shared/refs.js";
import { missing, type Lang } from "../../../shared/locale.js";
import { parseOffsetDateTime, toIsoTimestamp } from "../../../shared/time.js";
import { breakfastEvidence, moneyFacts, priceFacts } from "./facts.js";
import type { BreakfastEvidence, MoneyFacts } from "./facts.js";
import { cancellationDisplay, deadlineDisplay, type View } from "./wording.js";
import type { ProviderCheckout, ProviderPromoValidation, ProviderUpgradeOffer } from "../provider/index.js";

export const CHECKOUT_FRESH_MS = 5 * 60_000;

export interface CheckoutPublic {
  roomName: string;
  mealName: string | null;
  breakfastEvidence: BreakfastEvidence;
  searchPrice: MoneyFacts;
  currentPrice: MoneyFacts;
  currentPricePerNightDisplay: string;
  priceChanged: boolean;
  // current − search; null when the currencies differ and no difference can be stated.
  priceDifferenceDecimal: Decimal | null;
  priceDifferenceDisplay: string;
  cancellation: {
    freeCancellationUntil: string | null;
    /** No free period and a penalty of the whole current price: cancelling returns nothing. */
    nonRefundable: boolean;
    /** Read against the time of the inspection; the penalty stages are listed beside it. */
    cancellationDisplay: string;
    penalties: { from: string; fromDisplay: string; amount: MoneyFacts }[];
  };
  extraServices: { extraServiceOptionRef: string; type: string; time: string; price: MoneyFacts }[];
  upgradeAvailable: boolean;
  upgradeOffer: { roomName: string; mealName: string | null; breakfastEvidence: BreakfastEvidence; priceDifference: MoneyFacts; totalPrice: MoneyFacts } | null;
  // Validation only: a valid code is not applied to the booking by this check.
  promo: { promoCode: string; valid: boolean; applied: false; discountDisplay: string | null; priceAfterDiscountDisplay: string | null; reason: string | null } | null;
  inspectedAt: string;
  freshUntil: string;
}

// Everything a later provider call needs; never serialized into a tool answer.
export interface CheckoutPrivate {
  checkOutId: string;
  hotelId: string;
  bookHash: string;
  extraServices: Record<string, { extraServiceId: string; type: string }>;
  upgradeId: string | null;
}

export interface NormalizedCheckout {
  public: CheckoutPublic;
  private: CheckoutPrivate;
  inspectedAtMs: number;
  freshUntilMs: number;
}

export interface CheckoutInput {
  inspection: ProviderCheckout;
  bookHash: string;
  nights: number;
  /** The journey's language, the time of the inspection and the destination's offset. */
  view: View;
  promo?: ProviderPromoValidation | null;
  upgrade?: ProviderUpgradeOffer | null;
  random?: RandomBytes;
}

function priceChange(search: MoneyFacts, current: MoneyFacts, lang: Lang): Pick<CheckoutPublic, "priceChanged" | "priceDifferenceDecimal" | "priceDifferenceDisplay"> {
  if (search.currency !== current.currency) return { priceChanged: true, priceDifferenceDecimal: null, priceDifferenceDisplay: missing(lang) };
  const diff = subtractDecimal(current.amountDecimal, search.amountDecimal);
  const sign = compareDecimal(diff, "0") > 0 ? "+" : "";
  return {
    priceChanged: compareDecimal(diff, "0") !== 0,
    priceDifferenceDecimal: diff,
    priceDifferenceDisplay: sign + formatMoney(diff, current.currency, lang),
  };
}

// ru writes a space before the percent sign, en does not.
const PERCENT: Record<Lang, (n: number) => string> = { ru: (n) => `${n} %`, en: (n) => `${n}%` };

function promoFacts(promo: ProviderPromoValidation, lang: Lang): NonNullable<CheckoutPublic["promo"]> {
  if (!promo.valid) return { promoCode: promo.promoCode, valid: false, applied: false, discountDisplay: null, priceAfterDiscountDisplay: null, reason: promo.reason };
  const amount = moneyFacts(promo.discount.amount, lang).display;
  const discountDisplay = promo.discount.type === "percent" && promo.discount.percent !== undefined ? `${PERCENT[lang](promo.discount.percent)} (${amount})` : amount;
  return { promoCode: promo.promoCode, valid: true, applied: false, discountDisplay, priceAfterDiscountDisplay: moneyFacts(promo.priceAfterDiscount, lang).display, reason: null };
}

function cancellation(x: ProviderCheckout, current: MoneyFacts, view: View): CheckoutPublic["cancellation"] {
  const free = x.cancellation.freeCancellationUntil;
  const freeCancellationUntil = free !== null && parseOffsetDateTime(free) ? free : null;
  const penalties = x.cancellation.penalties.map((p) => ({ from: p.from, fromDisplay: deadlineDisplay(p.from, view), amount: moneyFacts(p.amount, view.lang) }));
  const nonRefundable =
    freeCancellationUntil === null && penalties.some((p) => p.amount.currency === current.currency && compareDecimal(p.amount.amountDecimal, current.amountDecimal) >= 0);
  // The stages are listed beside this display, so it names no penalty itself.
  const display = cancellationDisplay({ freeCancellationUntil, nonRefundable, penaltyAfter: null }, view);
  return { freeCancellationUntil, nonRefundable, cancellationDisplay: display, penalties };
}

// The freshness window is 5 minutes, cut short if the provider says its checkout expires sooner.
function freshUntilMs(nowMs: number, providerExpiresAt: string): number {
  const expires = parseOffsetDateTime(providerExpiresAt)?.epochMs;
  return Math.min(nowMs + CHECKOUT_FRESH_MS, expires ?? Infinity);
}

export function normalizeCheckout(input: CheckoutInput): NormalizedCheckout {
  const { inspection: x, view } = input;
  const { lang, nowMs } = view;
  const random = input.random ?? randomBytes;
  const searchPrice = moneyFacts(x.searchPrice, lang);
  const currentPrice = moneyFacts(x.currentPrice, lang);
  const privateExtras: CheckoutPrivate["extraServices"] = {};
  const extraServices = x.extraServices.map((e) => {
    const ref = newRef("extraServiceOptionRef", random);
    privateExtras[ref] = { extraServiceId: e.extraServiceId, type: e.type };
    return { extraServiceOptionRef: ref, type: e.type, time: e.time, price: moneyFacts(e.price, lang) };
  });
  const upgrade = input.upgrade ?? null;
  const fresh = freshUntilMs(nowMs, x.expiresAt);
  const publicHalf: CheckoutPublic = {
    roomName: x.roomName,
    mealName: x.mealName,
    breakfastEvidence: breakfastEvidence(x.mealName),
    searchPrice,
    currentPrice,
    currentPricePerNightDisplay: priceFacts(x.currentPrice, input.nights, lang).pricePerNightDisplay,
    ...priceChange(searchPrice, currentPrice, lang),
    cancellation: cancellation(x, currentPrice, view),
    extraServices,
    upgradeAvailable: x.upgradeAvailable,
    upgradeOffer: upgrade && {
      roomName: upgrade.roomName,
      mealName: upgrade.mealName,
      breakfastEvidence: breakfastEvidence(upgrade.mealName),
      priceDifference: moneyFacts(upgrade.priceDifference, lang),
      totalPrice: moneyFacts(upgrade.totalPrice, lang),
    },
    promo: input.promo ? promoFacts(input.promo, lang) : null,
    inspectedAt: toIsoTimestamp(nowMs),
    freshUntil: toIsoTimestamp(fresh),
  };
  return {
    public: publicHalf,
    private: { checkOutId: x.checkOutId, hotelId: x.hotelId, bookHash: input.bookHash, extraServices: privateExtras, upgradeId: upgrade?.upgradeId ?? null },
    inspectedAtMs: nowMs,
    freshUntilMs: fresh,
  };
}

export function isFresh(checkout: Pick<NormalizedCheckout, "freshUntilMs">, nowMs: number): boolean {
  return nowMs < checkout.freshUntilMs;
}

export function resolveExtraServiceRef(checkout: Pick<NormalizedCheckout, "private">, ref: string): { extraServiceId: string; type: string } | undefined {
  return Object.hasOwn(checkout.private.extraServices, ref) ? checkout.private.extraServices[ref] : undefined;
}

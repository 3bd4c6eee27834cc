import { randomBytes } from "node:crypto";
import { compareDecimal, formatMoney, subtractDecimal } from "../../../shared/money.js";
import type { Decimal } from "../../../shared/money.js";
import { newRef } from "../../../shared/refs.js";
import type { RandomBytes } from "../../../shared/refs.js";
import { MISSING, parseOffsetDateTime, toIsoTimestamp } from "../../../shared/time.js";
import { breakfastEvidence, cancellationFacts, moneyFacts, offsetTimeDisplay, priceFacts } from "./facts.js";
import type { BreakfastEvidence, CancellationFacts, MoneyFacts } from "./facts.js";
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
  cancellation: CancellationFacts & { penalties: { from: string; fromDisplay: string; amount: MoneyFacts }[] };
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
  nowMs: number;
  promo?: ProviderPromoValidation | null;
  upgrade?: ProviderUpgradeOffer | null;
  random?: RandomBytes;
}

function priceChange(search: MoneyFacts, current: MoneyFacts): Pick<CheckoutPublic, "priceChanged" | "priceDifferenceDecimal" | "priceDifferenceDisplay"> {
  if (search.currency !== current.currency) return { priceChanged: true, priceDifferenceDecimal: null, priceDifferenceDisplay: MISSING };
  const diff = subtractDecimal(current.amountDecimal, search.amountDecimal);
  const sign = compareDecimal(diff, "0") > 0 ? "+" : "";
  return {
    priceChanged: compareDecimal(diff, "0") !== 0,
    priceDifferenceDecimal: diff,
    priceDifferenceDisplay: sign + formatMoney(diff, current.currency),
  };
}

function promoFacts(promo: ProviderPromoValidation): NonNullable<CheckoutPublic["promo"]> {
  if (!promo.valid) return { promoCode: promo.promoCode, valid: false, applied: false, discountDisplay: null, priceAfterDiscountDisplay: null, reason: promo.reason };
  const amount = moneyFacts(promo.discount.amount).display;
  const discountDisplay = promo.discount.type === "percent" && promo.discount.percent !== undefined ? `${promo.discount.percent} % (${amount})` : amount;
  return { promoCode: promo.promoCode, valid: true, applied: false, discountDisplay, priceAfterDiscountDisplay: moneyFacts(promo.priceAfterDiscount).display, reason: null };
}

// The freshness window is 5 minutes, cut short if the provider says its checkout expires sooner.
function freshUntilMs(nowMs: number, providerExpiresAt: string): number {
  const expires = parseOffsetDateTime(providerExpiresAt)?.epochMs;
  return Math.min(nowMs + CHECKOUT_FRESH_MS, expires ?? Infinity);
}

export function normalizeCheckout(input: CheckoutInput): NormalizedCheckout {
  const { inspection: x, nowMs } = input;
  const random = input.random ?? randomBytes;
  const searchPrice = moneyFacts(x.searchPrice);
  const currentPrice = moneyFacts(x.currentPrice);
  const privateExtras: CheckoutPrivate["extraServices"] = {};
  const extraServices = x.extraServices.map((e) => {
    const ref = newRef("extraServiceOptionRef", random);
    privateExtras[ref] = { extraServiceId: e.extraServiceId, type: e.type };
    return { extraServiceOptionRef: ref, type: e.type, time: e.time, price: moneyFacts(e.price) };
  });
  const upgrade = input.upgrade ?? null;
  const fresh = freshUntilMs(nowMs, x.expiresAt);
  const publicHalf: CheckoutPublic = {
    roomName: x.roomName,
    mealName: x.mealName,
    breakfastEvidence: breakfastEvidence(x.mealName),
    searchPrice,
    currentPrice,
    currentPricePerNightDisplay: priceFacts(x.currentPrice, input.nights).pricePerNightDisplay,
    ...priceChange(searchPrice, currentPrice),
    cancellation: {
      ...cancellationFacts(x.cancellation.freeCancellationUntil),
      penalties: x.cancellation.penalties.map((p) => ({ from: p.from, fromDisplay: offsetTimeDisplay(p.from), amount: moneyFacts(p.amount) })),
    },
    extraServices,
    upgradeAvailable: x.upgradeAvailable,
    upgradeOffer: upgrade && {
      roomName: upgrade.roomName,
      mealName: upgrade.mealName,
      breakfastEvidence: breakfastEvidence(upgrade.mealName),
      priceDifference: moneyFacts(upgrade.priceDifference),
      totalPrice: moneyFacts(upgrade.totalPrice),
    },
    promo: input.promo ? promoFacts(input.promo) : null,
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

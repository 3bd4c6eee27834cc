import { roundMoney, type Money } from "./pricing.js";

export type PromoValidation =
  | { valid: true; promoCode: string; discount: { type: "percent" | "fixed"; percent?: number; amount: Money }; priceAfterDiscount: Money }
  | { valid: false; promoCode: string; reason: "not_found" | "expired" | "currency_not_supported" };

/** The sandbox's promo codes against a checkout's current price: SANDBOX10 (10 %), WINTER500 (500 RUB, RUB only), SUMMER2025 (expired). */
export function validatePromo(promoCode: string, currentPrice: Money): PromoValidation {
  const code = promoCode.trim().toUpperCase();
  let discount: { type: "percent" | "fixed"; percent?: number; amount: Money };
  if (code === "SANDBOX10") discount = { type: "percent", percent: 10, amount: { value: roundMoney(currentPrice.value * 0.1, currentPrice.currency), currency: currentPrice.currency } };
  else if (code === "WINTER500") {
    if (currentPrice.currency !== "RUB") return { valid: false, promoCode: code, reason: "currency_not_supported" };
    discount = { type: "fixed", amount: { value: 500, currency: "RUB" } };
  } else return { valid: false, promoCode: code, reason: code === "SUMMER2025" ? "expired" : "not_found" };
  const after = roundMoney(Math.max(0, currentPrice.value - discount.amount.value), currentPrice.currency);
  return { valid: true, promoCode: code, discount, priceAfterDiscount: { value: after, currency: currentPrice.currency } };
}

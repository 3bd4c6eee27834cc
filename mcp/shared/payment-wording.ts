import type { Lang } from "../../shared/locale.js";

// The payment handoff as both servers word it. What a booking shows is a price observed on it, never
// an amount owed; its payment status is the provider's raw word; and paying is something the person
// does themselves, on the bank's hosted page or in its app (TBANK_HOTELS_ORDERS_PAGE_URL).

export const PAYMENT_WORDS = {
  ru: {
    price: "цена оплаты, указанная в брони",
    paymentStatus: "статус оплаты",
    rawStatus: "слово провайдера, не разрешение платить",
    observedAt: "на момент",
    validUntil: "действует до",
  },
  en: {
    price: "payment price observed on the booking",
    paymentStatus: "paymentStatus",
    rawStatus: "raw provider word, not a permission to pay",
    observedAt: "as of",
    validUntil: "valid until",
  },
} as const satisfies Record<Lang, Record<string, string>>;

/** How a payment answer ends, in the next step (both channels): where the person pays, by themselves. */
export function whereToPayStep(ordersPageUrl: string): string {
  return `If the person chooses to pay, they pay themselves on the bank's hosted page or in the T-Bank app: ${ordersPageUrl}`;
}

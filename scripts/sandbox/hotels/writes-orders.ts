import { z } from "zod";
import type { Booking } from "../data/customer.js";
import type { Currency } from "../data/locations.js";
import { roundMoney, type Money } from "../data/pricing.js";
import { validatePromo } from "../data/promo.js";
import { providerError, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { ClientRequestIdSchema, OnlyIdSchema, onOrder, writeRoute } from "./writes-route.js";
import { EXTRA_SERVICES, type ExtraService } from "./writes-state.js";

const PromoBodySchema = z.strictObject({ clientRequestId: ClientRequestIdSchema, promoCode: z.string().min(1).max(32) });
const ExtrasBodySchema = z.strictObject({
  clientRequestId: ClientRequestIdSchema,
  services: z
    .array(z.enum(EXTRA_SERVICES))
    .min(1)
    .max(2)
    .refine((s) => new Set(s).size === s.length, "each service at most once"),
});

/** What each extra service adds to an order's price, by the order's currency (sandbox amounts). */
export const EXTRA_SERVICE_PRICES: Readonly<Record<Currency, Readonly<Record<ExtraService, number>>>> = {
  RUB: { early_checkin: 1500, late_checkout: 1200 },
  USD: { early_checkin: 20, late_checkout: 15 },
  AMD: { early_checkin: 8000, late_checkout: 6000 },
};

const open = (b: Booking): boolean => b.status === "CONFIRMED" || b.status === "AWAITING_PAYMENT";

/** The penalty stage in force at `now`: the latest one that has started. */
export function penaltyAt(b: Booking, now: number): Money | null {
  return b.penalties.filter((p) => Date.parse(p.from) <= now).at(-1)?.amount ?? null;
}

/** [cancel_order], [apply_promo], [add_extra_services]: writes on one of the customer's orders. */
export function orderWriteRoutes(ctx: HotelsContext): RouteDef[] {
  const cancel = onOrder<z.infer<typeof OnlyIdSchema>>(ctx, (req, _body, b) => {
    if (!open(b)) return providerError(409, "not_cancellable", `an order in status ${b.status} cannot be cancelled`, req.requestId);
    const penalty = penaltyAt(b, ctx.env.clock.now());
    const paid = b.paymentStatus === "PAID";
    const price = b.paymentPrice;
    const refund: Money | null = paid ? { value: roundMoney(Math.max(0, price.value - (penalty?.value ?? 0)), price.currency), currency: price.currency } : null;
    const paymentStatus = !refund ? "NOT_PAID" : refund.value === price.value ? "REFUNDED" : refund.value > 0 ? "PARTIALLY_REFUNDED" : "PAID";
    ctx.orders.change(b.orderId, { status: "CANCELLED", paymentStatus });
    return { orderId: b.orderId, status: 200, body: { orderId: b.orderId, status: "CANCELLED", penalty, refund } };
  });

  const promo = onOrder<z.infer<typeof PromoBodySchema>>(ctx, (req, body, b) => {
    if (b.status !== "AWAITING_PAYMENT") return providerError(409, "nothing_to_pay", `an order in status ${b.status} has nothing to pay`, req.requestId);
    if (ctx.orders.changeOf(b.orderId).promoCode !== undefined) return providerError(409, "promo_code_invalid", "the order already has a promo code", req.requestId);
    const result = validatePromo(body.promoCode, b.paymentPrice);
    if (!result.valid) return providerError(409, "promo_code_invalid", `promo code not applied: ${result.reason}`, req.requestId);
    ctx.orders.change(b.orderId, { promoCode: result.promoCode, paymentPrice: result.priceAfterDiscount });
    return { orderId: b.orderId, status: 200, body: { applied: true, priceAfter: result.priceAfterDiscount } };
  });

  const extras = onOrder<z.infer<typeof ExtrasBodySchema>>(ctx, (req, body, b) => {
    if (!open(b)) return providerError(409, "service_unavailable", `no extra services for an order in status ${b.status}`, req.requestId);
    const had = ctx.orders.changeOf(b.orderId).extras ?? [];
    if (body.services.some((s) => had.includes(s))) return providerError(409, "service_unavailable", "a service is already on the order", req.requestId);
    const prices = EXTRA_SERVICE_PRICES[b.paymentPrice.currency];
    const total = body.services.reduce((sum, s) => sum + prices[s], b.paymentPrice.value);
    const priceAfter: Money = { value: roundMoney(total, b.paymentPrice.currency), currency: b.paymentPrice.currency };
    ctx.orders.change(b.orderId, { extras: [...had, ...body.services], paymentPrice: priceAfter });
    return { orderId: b.orderId, status: 200, body: { added: body.services, priceAfter } };
  });

  return [
    writeRoute(ctx, { id: "cancel_order", path: "/api/v1/orders/:orderId/cancel", schema: OnlyIdSchema, perform: cancel }),
    writeRoute(ctx, { id: "apply_promo", path: "/api/v1/orders/:orderId/promocode", schema: PromoBodySchema, perform: promo }),
    writeRoute(ctx, { id: "add_extra_services", path: "/api/v1/orders/:orderId/extra-services", schema: ExtrasBodySchema, perform: extras }),
  ];
}

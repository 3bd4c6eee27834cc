import { isoAtOffset } from "../data/dates.js";
import { digest } from "../data/prng.js";
import { providerError, type RouteDef, type SandboxResponse } from "../http.js";
import type { HotelsContext } from "./context.js";
import { OnlyIdSchema, onOrder, writeRoute } from "./writes-route.js";

export const PAYMENT_PAGE_TTL_MS = 15 * 60_000;

const html = (status: number, title: string, text: string): SandboxResponse => ({
  status,
  contentType: "text/html; charset=utf-8",
  body: `<!doctype html>\n<html lang="ru"><head><meta charset="utf-8"><title>${title}</title></head>\n<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
});

/**
 * [payment_setup]: a hosted payment page for an order awaiting payment; [payment_page] serves it.
 * The page's path is opaque (never the orderId): the URL is handed to the person through tools that
 * must not carry provider ids.
 */
export function paymentRoutes(ctx: HotelsContext): RouteDef[] {
  const setup = onOrder<{ clientRequestId: string }>(ctx, (req, _body, b) => {
    if (b.status !== "AWAITING_PAYMENT") return providerError(409, "nothing_to_pay", `an order in status ${b.status} has nothing to pay`, req.requestId);
    const now = ctx.env.clock.now();
    const token = digest(ctx.env.seed, "payment-page", b.orderId, ctx.orders.paymentPages.size).slice(0, 32);
    const expiresAt = now + PAYMENT_PAGE_TTL_MS;
    ctx.orders.paymentPages.set(token, { orderId: b.orderId, amount: b.paymentPrice, expiresAt });
    return {
      orderId: b.orderId,
      status: 200,
      body: { paymentUrl: `${ctx.env.origin()}/_sandbox/pay/${token}`, expiresAt: isoAtOffset(expiresAt, "+03:00"), amount: b.paymentPrice },
    };
  });

  return [
    writeRoute(ctx, { id: "payment_setup", path: "/api/v1/orders/:orderId/payment/setup", schema: OnlyIdSchema, perform: setup }),
    {
      id: "payment_page",
      method: "GET",
      path: "/_sandbox/pay/:token",
      handler: (req) => {
        const page = ctx.orders.paymentPages.get(req.params.token ?? "");
        if (!page) return html(404, "Страница оплаты не найдена", "Ссылка неизвестна.");
        if (ctx.env.clock.now() > page.expiresAt) return html(410, "Срок ссылки истёк", "Запросите оплату заново.");
        return html(200, "Оплата заказа (sandbox)", `К оплате: <span data-amount>${page.amount.value} ${page.amount.currency}</span>. Песочница: карта здесь не принимается, ничего не списывается.`);
      },
    },
  ];
}

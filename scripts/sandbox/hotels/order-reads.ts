import { json, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { statusWords, withOrder } from "./order-access.js";
import { bookingTask, evoBooking, lsOrderCheck, orderV1, orderV2, orderV3 } from "./order-shapes.js";

/**
 * [order_v1], [order_v2], [order_v3], [evo_booking], [booking_task], [ls_order_check]: one order by
 * provider id. The customer's Bearer token reads their own orders (the broker's path); the
 * integration token, when configured, reads any (a static or service profile's direct path).
 */
export function orderReadRoutes(ctx: HotelsContext): RouteDef[] {
  const read = (id: string, path: string, shape: Parameters<typeof withOrder>[2]): RouteDef => ({
    id,
    method: "GET",
    path,
    handler: (req) => withOrder(ctx, req, shape, { integration: true }),
  });
  const { canary } = ctx.env;
  return [
    read("order_v1", "/api/v1/orders/:orderId", (b) => json(200, orderV1(b, canary, statusWords(ctx, b)))),
    read("order_v2", "/api/v2/orders/:orderId", (b) => json(200, orderV2(b, canary, statusWords(ctx, b)))),
    read("order_v3", "/api/v3/orders/:orderId", (b) => json(200, orderV3(b, canary, statusWords(ctx, b)))),
    read("evo_booking", "/api/v1/orders/:orderId/evo-booking", (b) => json(200, evoBooking(b))),
    // An order booked here reads IN_PROGRESS once (delete() says whether it was still unread), then SUCCESS.
    read("booking_task", "/api/v1/orders/:orderId/booking-task", (b) => json(200, bookingTask(b, ctx.orders.unreadTasks.delete(b.orderId)))),
    read("ls_order_check", "/api/v1/ls-orders/:orderId/check", (b) => json(200, lsOrderCheck(b, ctx.env.clock.now()))),
  ];
}

import type { Booking } from "../data/customer.js";
import { addDays, dateOf } from "../data/dates.js";
import { json, type RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { withOrder } from "./order-access.js";

/** Inferred: a stay can be reviewed from its checkout date for this many days. */
export const REVIEW_WINDOW_DAYS = 90;

export type ReviewOrderStatus = "available" | "not_yet_available" | "expired" | "not_available";

/**
 * [review_order_status] (inferred): whether the stay of an order can be reviewed. Read like the order
 * reads: the customer's Bearer token for their own orders, the integration token for any.
 */
export function reviewOrderStatusRoutes(ctx: HotelsContext): RouteDef[] {
  return [
    {
      id: "review_order_status",
      method: "GET",
      path: "/api/v1/reviews/orders/:orderId/status",
      handler: (req) => withOrder(ctx, req, (booking) => json(200, reviewStatusOf(booking, dateOf(ctx.env.clock.now()))), { integration: true }),
    },
  ];
}

export function reviewStatusOf(booking: Booking, today: string) {
  const from = booking.stay.checkoutDate;
  const until = addDays(from, REVIEW_WINDOW_DAYS);
  const stayed = booking.status === "CONFIRMED" || booking.status === "COMPLETED";
  const status: ReviewOrderStatus = !stayed ? "not_available" : today < from ? "not_yet_available" : today < until ? "available" : "expired";
  return {
    orderId: booking.orderId,
    status,
    canLeaveReview: status === "available",
    availableFrom: stayed ? from : null,
    availableUntil: stayed ? until : null,
  };
}

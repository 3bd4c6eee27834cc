import type { RouteDef } from "../http.js";
import type { HotelsContext } from "./context.js";
import { bookingWriteRoutes } from "./writes-booking.js";
import { orderWriteRoutes } from "./writes-orders.js";
import { paymentRoutes } from "./writes-payment.js";
import { writeRequestRoute } from "./writes-route.js";

/** The customer's writes (issue 16) and the reads that belong to them: the payment page, write_request. */
export function writeRoutes(ctx: HotelsContext): RouteDef[] {
  return [...bookingWriteRoutes(ctx), ...orderWriteRoutes(ctx), ...paymentRoutes(ctx), writeRequestRoute(ctx)];
}

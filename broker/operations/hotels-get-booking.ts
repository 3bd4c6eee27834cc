import type { OperationHandler } from "../types.js";
import { toBookingDetails } from "./booking-details.js";
import type { OperationDeps } from "./deps.js";

export function hotelsGetBooking(deps: Pick<OperationDeps, "hotels" | "refs" | "session" | "now">): OperationHandler<"hotels.get_booking_v1"> {
  return async ({ bookingRef }, req) => {
    const orderId = deps.refs.resolve(bookingRef, deps.session.sessionId(), req.role);
    const order = await deps.hotels.orderV1(orderId, req.signal);
    return toBookingDetails(order, bookingRef, deps.now());
  };
}

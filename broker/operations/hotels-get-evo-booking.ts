import { EvoBookingSchema } from "../../shared/protocol/ops-hotels-orders.js";
import type { OperationHandler } from "../types.js";
import { readOrder, type OrderReadDeps } from "./order-read.js";

// The supplier-side booking behind the order, without its id or the order's.
export function hotelsGetEvoBooking(deps: OrderReadDeps): OperationHandler<"hotels.get_evo_booking"> {
  return async ({ bookingRef }, req) => {
    const { answer, observedAt } = await readOrder(deps, bookingRef, req, (id, signal) => deps.hotels.evoBooking(id, signal), EvoBookingSchema);
    return { bookingRef, evoBooking: answer, observedAt };
  };
}

import { BookingTaskSchema } from "../../shared/protocol/ops-hotels-orders.js";
import type { OperationHandler } from "../types.js";
import { readOrder, type OrderReadDeps } from "./order-read.js";

// The booking task that created the order (how a lost booking answer is reconciled), without ids.
export function hotelsGetBookingTaskStatus(deps: OrderReadDeps): OperationHandler<"hotels.get_booking_task_status"> {
  return async ({ bookingRef }, req) => {
    const { answer, observedAt } = await readOrder(deps, bookingRef, req, (id, signal) => deps.hotels.bookingTask(id, signal), BookingTaskSchema);
    return { bookingRef, task: answer, observedAt };
  };
}

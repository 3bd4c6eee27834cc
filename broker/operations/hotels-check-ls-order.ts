import { LsOrderCheckSchema } from "../../shared/protocol/ops-hotels-orders.js";
import type { OperationHandler } from "../types.js";
import { readOrder, type OrderReadDeps } from "./order-read.js";

// Whether the order is an LS order, and its LS status.
export function hotelsCheckLsOrder(deps: OrderReadDeps): OperationHandler<"hotels.check_ls_order"> {
  return async ({ bookingRef }, req) => {
    const { answer, observedAt } = await readOrder(deps, bookingRef, req, (id, signal) => deps.hotels.lsOrderCheck(id, signal), LsOrderCheckSchema);
    return { bookingRef, lsOrder: answer, observedAt };
  };
}

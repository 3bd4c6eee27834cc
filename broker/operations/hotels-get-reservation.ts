import { DEFAULT_ORDER_API_VERSION, RESERVATION_SCHEMAS, type GetReservationResult } from "../../shared/protocol/ops-hotels-orders.js";
import type { OperationHandler } from "../types.js";
import { readOrder, type OrderReadDeps } from "./order-read.js";

// The order as booking v1, v2 or v3 (v3 by default, as the seed says), without its ids and PII.
export function hotelsGetReservation(deps: OrderReadDeps): OperationHandler<"hotels.get_reservation"> {
  return async ({ bookingRef, apiVersion = DEFAULT_ORDER_API_VERSION }, req) => {
    const read = (orderId: string, signal: AbortSignal) => deps.hotels.reservation(orderId, apiVersion, signal);
    const { answer, observedAt } = await readOrder(deps, bookingRef, req, read, RESERVATION_SCHEMAS[apiVersion]);
    // Each version's answer was copied through that version's allowlist just above.
    return { bookingRef, apiVersion, reservation: answer, observedAt } as GetReservationResult;
  };
}

import { isAwaitingPayment } from "../../shared/bookings.js";
import { toIsoTimestamp } from "../../shared/time.js";
import type { OperationHandler } from "../types.js";
import { paymentFacts } from "./booking-details.js";
import type { OperationDeps } from "./deps.js";
import { requireSessionId } from "./deps.js";

// One bounded booking-v1 read inside the broker, then a single-use capability for the banking
// client. The amount is paymentPrice as observed: not "amount due", not a payment permission.
// A booking not awaiting payment gets no capability at all, only its statuses.
export function hotelsCreatePaymentHandoff(
  deps: Pick<OperationDeps, "hotels" | "refs" | "session" | "capabilities" | "now">,
): OperationHandler<"hotels.create_payment_handoff"> {
  return async ({ bookingRef }, req) => {
    const orderId = deps.refs.resolve(bookingRef, deps.session.sessionId(), req.role);
    const order = await deps.hotels.orderV1(orderId, req.signal);
    const observedAt = deps.now();
    if (!isAwaitingPayment(order.status)) {
      return { nothingToPay: true, status: order.status, paymentStatus: order.paymentStatus ?? null, observedAt: toIsoTimestamp(observedAt) };
    }
    const facts = paymentFacts(order);
    const sessionId = requireSessionId(deps.session);
    const { paymentHandoffRef, expiresAt } = deps.capabilities.mint({ ...facts, observedAt, sessionId, orderId });
    return { paymentHandoffRef, ...facts, observedAt: toIsoTimestamp(observedAt), expiresAt: toIsoTimestamp(expiresAt) };
  };
}

import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// The PDF goes from the provider straight to an owner-only file; only its metadata comes back.
export function hotelsSaveVoucher(deps: Pick<OperationDeps, "hotels" | "refs" | "session" | "vouchers">): OperationHandler<"hotels.save_voucher_v1"> {
  return async ({ bookingRef }, req) => {
    const orderId = deps.refs.resolve(bookingRef, deps.session.sessionId(), req.role);
    return deps.vouchers.save((signal) => deps.hotels.voucher(orderId, signal), req.signal);
  };
}

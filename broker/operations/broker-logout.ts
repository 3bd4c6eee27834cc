import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { revokeSessionState } from "./deps.js";

// Refs and capabilities are counted and killed before the session ends (its onEnded hook would
// clear them too, but then the count would be lost); vouchers on disk go with them.
export function brokerLogout(deps: Pick<OperationDeps, "session" | "refs" | "capabilities" | "vouchers" | "logger">): OperationHandler<"broker.logout"> {
  return async (_args, req) => {
    const revokedRefs = revokeSessionState(deps);
    const deletedVouchers = await deps.vouchers.deleteAll();
    const { hadSession } = await deps.session.logout(req.signal);
    deps.logger.info({ event: "logout", hadSession, revokedRefs, deletedVouchers }, "session logged out");
    return { hadSession, revokedRefs };
  };
}

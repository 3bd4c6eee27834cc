import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

export function brokerLoginPoll({ session }: Pick<OperationDeps, "session">): OperationHandler<"broker.login_poll"> {
  return ({ loginId }, req) => session.loginPoll(loginId, req.signal);
}

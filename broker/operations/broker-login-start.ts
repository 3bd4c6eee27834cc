import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// The user code goes to the toolkit CLI only (role toolkit), never through a model.
export function brokerLoginStart({ session }: Pick<OperationDeps, "session">): OperationHandler<"broker.login_start"> {
  return (_args, req) => session.loginStart(req.signal);
}

import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// Local only, like hotels.status: the same session serves both clients.
export function bankingStatus({ session }: Pick<OperationDeps, "session">): OperationHandler<"banking.status"> {
  return () => ({ state: session.state(), storeBackend: session.backend().kind });
}

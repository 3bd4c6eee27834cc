import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// Local only: the session manager knows its state without asking the provider.
export function hotelsStatus({ session }: Pick<OperationDeps, "session">): OperationHandler<"hotels.status"> {
  return () => ({ state: session.state(), storeBackend: session.backend().kind, ...(session.refreshInterrupted?.() === true ? { refreshInterrupted: true as const } : {}) });
}

import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// Local only: the session manager knows its state, and the broker its write gates (whether each is
// set, never a value), without asking the provider.
export function hotelsStatus({ session, writes }: Pick<OperationDeps, "session" | "writes">): OperationHandler<"hotels.status"> {
  return () => ({
    state: session.state(),
    storeBackend: session.backend().kind,
    ...(session.refreshInterrupted?.() === true ? { refreshInterrupted: true as const } : {}),
    ...(writes === undefined ? {} : { writeGates: writes.gates() }),
  });
}

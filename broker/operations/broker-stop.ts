import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

// The server writes this reply before it closes, so the CLI can tell "stopping" from "crashed".
export function brokerStop({ requestStop }: Pick<OperationDeps, "requestStop">): OperationHandler<"broker.stop"> {
  return () => {
    requestStop();
    return { stopping: true as const };
  };
}

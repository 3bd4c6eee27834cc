import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";
import { requireWrites } from "./deps.js";

// One approved write, at most once per requestHash (broker/writes/execute.ts has the rules).
export function hotelsExecuteWrite(deps: Pick<OperationDeps, "writes">): OperationHandler<"hotels.execute_write_v1"> {
  return (args, req) => requireWrites(deps).executor.execute(args, req);
}

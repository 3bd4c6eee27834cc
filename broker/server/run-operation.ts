import { BrokerError } from "../../shared/protocol/broker-error.js";
import { OPERATIONS, type OperationName } from "../../shared/protocol/operations.js";
import type { HandlerMap, OperationHandler, RunOperation } from "../types.js";
import { isPromiseLike } from "./lazy-runner.js";

/**
 * Parses an operation's arguments, calls its handler and checks the result against the protocol.
 * A handler that answers synchronously gets its checked result back synchronously.
 */
export function checkedRunner(handlers: HandlerMap): RunOperation {
  return (op, rawArgs, req) => {
    const schema = OPERATIONS[op];
    const args = schema.args.safeParse(rawArgs ?? {});
    if (!args.success) {
      const issue = args.error.issues[0];
      const where = issue?.path.length ? issue.path.join(".") : "args";
      throw new BrokerError("bad_request", `invalid arguments for ${op}: ${where}: ${issue?.message ?? "invalid"}`.slice(0, 300));
    }
    // Results are strict: a field the schema does not know (a provider id, say) never goes out.
    const check = (result: unknown): unknown => {
      const checked = schema.result.safeParse(result);
      if (!checked.success) throw new BrokerError("internal", `${op} produced a result the protocol does not allow`);
      return checked.data;
    };
    const pending = (handlers[op] as OperationHandler<OperationName>)(args.data, req);
    return isPromiseLike(pending) ? Promise.resolve(pending).then(check) : check(pending);
  };
}

import { PROTOCOL_VERSION } from "../../shared/protocol/handshake.js";
import { toIsoTimestamp } from "../../shared/time.js";
import type { OperationHandler } from "../types.js";
import type { OperationDeps } from "./deps.js";

export function brokerStatus(deps: Pick<OperationDeps, "session" | "info" | "refs" | "capabilities">): OperationHandler<"broker.status"> {
  return () => {
    const { session, info } = deps;
    const backend = session.backend();
    const accessExpiresAt = session.accessExpiresAt();
    return {
      state: session.state(),
      storeBackend: backend.kind,
      ...(session.refreshInterrupted?.() === true ? { refreshInterrupted: true as const } : {}),
      ...(backend.note === undefined ? {} : { storeNote: backend.note.slice(0, 200) }),
      brokerVersion: info.version,
      protocol: PROTOCOL_VERSION,
      pid: info.pid,
      startedAt: toIsoTimestamp(info.startedAt),
      socketPath: info.socketPath,
      connections: info.connections(),
      activeRefs: { bookingRefs: deps.refs.size, paymentHandoffs: deps.capabilities.size },
      accessExpiresAt: accessExpiresAt === undefined ? null : toIsoTimestamp(accessExpiresAt),
    };
  };
}

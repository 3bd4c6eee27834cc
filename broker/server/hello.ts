import type { Role } from "../../shared/protocol/common.js";
import { serializeMessage } from "../../shared/protocol/envelope.js";
import { HelloSchema, isSupportedProtocol, PROTOCOL_VERSION, unsupportedProtocol, type Welcome } from "../../shared/protocol/handshake.js";
import { ROLE_OPERATIONS, type OperationName } from "../../shared/protocol/operation-names.js";
import { parseLine } from "../../shared/protocol/read-buffer.js";

export type HelloAnswer =
  | { kind: "refused"; outcome: "bad_request" | "unsupported_protocol"; role?: Role; line: string }
  /** `verified` is the array the welcome's list was copied from: status replies compare it by identity. */
  | { kind: "welcome"; role: Role; verified: readonly OperationName[]; line: string };

/** The answer to a connection's first line: a welcome for a supported hello, else the refusal to send before closing. */
export function answerHello(line: string, brokerVersion: string, verifiedOperations: (role: Role) => readonly OperationName[]): HelloAnswer {
  const hello = parseLine(line, HelloSchema);
  if (!hello.ok) {
    const refusal = serializeMessage({ type: "error", error: { ...hello.error, message: "the first message must be a protocol hello" } });
    return { kind: "refused", outcome: "bad_request", line: refusal };
  }
  const role = hello.value.client;
  if (!isSupportedProtocol(hello.value.protocol)) return { kind: "refused", outcome: "unsupported_protocol", role, line: serializeMessage(unsupportedProtocol()) };
  const verified = verifiedOperations(role);
  const welcome: Welcome = { type: "welcome", protocol: PROTOCOL_VERSION, brokerVersion, operations: [...ROLE_OPERATIONS[role]], verifiedOperations: [...verified] };
  return { kind: "welcome", role, verified, line: serializeMessage(welcome) };
}

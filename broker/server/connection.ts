import type { Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import type { Role } from "../../shared/protocol/common.js";
import { BrokerError, toWireError } from "../../shared/protocol/errors.js";
import { errorResponse, RequestSchema, serializeMessage, serializeResponse } from "../../shared/protocol/envelope.js";
import { HelloSchema, isSupportedProtocol, PROTOCOL_VERSION, unsupportedProtocol, type Welcome } from "../../shared/protocol/handshake.js";
import { isAllowed, OPERATIONS, ROLE_OPERATIONS, type OperationName } from "../../shared/protocol/operations.js";
import { LineTooLongError, parseLine, ReadBuffer } from "../../shared/protocol/read-buffer.js";
import type { Audit } from "../audit.js";
import type { HandlerMap, OperationHandler, PeerCredentials } from "../types.js";

export interface ConnectionOptions {
  handlers: HandlerMap;
  brokerVersion: string;
  /** Per-request deadline; a handler still running then is answered with `timeout`. */
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  maxInFlight: number;
  audit: Audit;
  peer: PeerCredentials;
  /** Aborted when the broker stops: in-flight handlers see it through their signal. */
  stopping: AbortSignal;
  now?: () => number;
}

/** Serves one accepted, peer-checked connection: hello first, then requests until idle or closed. */
export function serveConnection(socket: Socket, opts: ConnectionOptions): void {
  const now = opts.now ?? performance.now.bind(performance);
  const buffer = new ReadBuffer();
  const closed = new AbortController();
  let role: Role | undefined;
  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;

  const send = (line: string): void => {
    if (!socket.destroyed && socket.writable) socket.write(line);
  };
  const armIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (inFlight === 0) socket.end();
      else armIdle();
    }, opts.idleTimeoutMs);
    idle.unref();
  };

  socket.on("close", () => {
    clearTimeout(idle);
    closed.abort();
  });
  socket.on("error", () => socket.destroy());
  armIdle();

  socket.on("data", (chunk: Buffer) => {
    armIdle();
    buffer.append(chunk);
    for (;;) {
      let line: string | undefined;
      try {
        line = buffer.readLine();
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        // Past the cap nothing more is buffered: drop the peer, keep serving everyone else.
        opts.audit.record({ event: "connection_dropped", role, peer: opts.peer, outcome: "too_large" });
        socket.destroy();
        return;
      }
      if (line === undefined) return;
      if (role === undefined) {
        if (!handshake(line)) return;
      } else {
        void request(role, line);
      }
    }
  });

  function handshake(line: string): boolean {
    const hello = parseLine(line, HelloSchema);
    if (!hello.ok) {
      opts.audit.record({ event: "handshake_refused", peer: opts.peer, outcome: "bad_request" });
      socket.end(serializeMessage({ type: "error", error: { ...hello.error, message: "the first message must be a protocol hello" } }));
      return false;
    }
    if (!isSupportedProtocol(hello.value.protocol)) {
      opts.audit.record({ event: "handshake_refused", role: hello.value.client, peer: opts.peer, outcome: "unsupported_protocol" });
      socket.end(serializeMessage(unsupportedProtocol()));
      return false;
    }
    role = hello.value.client;
    const operations = [...ROLE_OPERATIONS[role]];
    const welcome: Welcome = { type: "welcome", protocol: PROTOCOL_VERSION, brokerVersion: opts.brokerVersion, operations, verifiedOperations: operations };
    send(serializeMessage(welcome));
    return true;
  }

  async function request(who: Role, line: string): Promise<void> {
    const started = now();
    const parsed = parseLine(line, RequestSchema);
    if (!parsed.ok) {
      send(serializeMessage({ id: null, ok: false, error: parsed.error }));
      return;
    }
    const { id, op, args } = parsed.value;
    const finish = (outcome: string, response: Parameters<typeof serializeResponse>[0]): void => {
      send(serializeResponse(response));
      opts.audit.record({ event: "request", role: who, peer: opts.peer, op: op.slice(0, 64), outcome, durationMs: Math.round((now() - started) * 100) / 100 });
    };
    if (!isAllowed(who, op)) {
      return finish("operation_not_allowed", errorResponse(id, new BrokerError("operation_not_allowed", `operation ${JSON.stringify(op)} is not available to the ${who} client`)));
    }
    if (inFlight >= opts.maxInFlight) return finish("busy", errorResponse(id, new BrokerError("busy")));
    inFlight++;
    try {
      const result = await run(who, op, args);
      finish("ok", { id, ok: true, result });
    } catch (err) {
      const wire = toWireError(err);
      finish(wire.code, { id, ok: false, error: wire });
    } finally {
      inFlight--;
    }
  }

  async function run(who: Role, op: OperationName, rawArgs: unknown): Promise<unknown> {
    const schema = OPERATIONS[op];
    const args = schema.args.safeParse(rawArgs ?? {});
    if (!args.success) {
      const issue = args.error.issues[0];
      const where = issue?.path.length ? issue.path.join(".") : "args";
      throw new BrokerError("bad_request", `invalid arguments for ${op}: ${where}: ${issue?.message ?? "invalid"}`.slice(0, 300));
    }
    const deadline = AbortSignal.timeout(opts.requestTimeoutMs);
    const signal = AbortSignal.any([deadline, opts.stopping, closed.signal]);
    const handler = opts.handlers[op] as OperationHandler<OperationName>;
    const work = handler(args.data, { role: who, peer: opts.peer, signal });
    // A handler that ignores its signal still gets a timely answer; its late result is dropped.
    const timedOut = delay(opts.requestTimeoutMs, undefined, { signal: closed.signal, ref: false }).then(() => {
      throw new BrokerError("timeout", `${op} did not finish within ${opts.requestTimeoutMs} ms`);
    });
    work.catch(() => undefined);
    timedOut.catch(() => undefined);
    const result = await Promise.race([work, timedOut]);
    const checked = schema.result.safeParse(result);
    // Results are strict: a field the schema does not know (a provider id, say) never goes out.
    if (!checked.success) throw new BrokerError("internal", `${op} produced a result the protocol does not allow`);
    return checked.data;
  }
}

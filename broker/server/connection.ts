import type { Socket } from "node:net";
import type { Role } from "../../shared/protocol/common.js";
import { BrokerError, toErrorReply } from "../../shared/protocol/errors.js";
import { errorResponse, RequestSchema, serializeMessage, serializeResponse } from "../../shared/protocol/envelope.js";
import { HelloSchema, isSupportedProtocol, PROTOCOL_VERSION, unsupportedProtocol, type Welcome } from "../../shared/protocol/handshake.js";
import { isAllowed, OPERATIONS, ROLE_OPERATIONS, type OperationName } from "../../shared/protocol/operations.js";
import { LineTooLongError, parseLine, ReadBuffer } from "../../shared/protocol/read-buffer.js";
import type { Audit } from "../audit.js";
import type { HandlerMap, OperationHandler, PeerCredentials, RequestContext } from "../types.js";
import { AuditBudget } from "./audit-budget.js";
import type { DeadlineSweeper } from "./deadlines.js";
import type { ReplySink, ResponseWriter } from "./response-writer.js";

export interface ConnectionOptions {
  handlers: HandlerMap;
  brokerVersion: string;
  /** The last known verification for the welcome; it must answer at once (no provider call). */
  verifiedOperations: (role: Role) => readonly OperationName[];
  /** Per-request deadline; a handler still running then is answered with `timeout`. */
  requestTimeoutMs: number;
  /** Overrides requestTimeoutMs per operation. */
  operationTimeoutsMs: Partial<Record<OperationName, number>>;
  deadlines: DeadlineSweeper;
  /** Replies are queued here and written together at the end of the loop turn. */
  writer: ResponseWriter;
  /** Counted from the last complete request, so trickled bytes do not keep a connection alive. */
  idleTimeoutMs: number;
  /** A connection that has not completed its hello by then is closed. */
  helloTimeoutMs: number;
  maxInFlight: number;
  /** Replies queued for a peer that does not read; past this the connection is dropped. */
  maxQueuedBytes: number;
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
  // Requests in flight, aborted together when the connection closes or the broker stops. A Set
  // is cheaper per request than linking each request's signal to a shared one.
  const running = new Set<RequestControl>();
  const abortAll = (): void => running.forEach((c) => c.abort());
  if (opts.stopping.aborted) abortAll();
  else opts.stopping.addEventListener("abort", abortAll, { once: true });
  let role: Role | undefined;
  let welcomeVerified: readonly OperationName[] | undefined;
  let inFlight = 0;

  // Backpressure: while the peer leaves replies unread we stop reading its requests (the kernel
  // then stalls its writes), instead of queueing answers without bound.
  let dropped = false;
  const sink: ReplySink = {
    socket,
    backedUp: () => {
      if (socket.writableLength > opts.maxQueuedBytes) return drop("output_backlog");
      if (socket.isPaused()) return;
      socket.pause();
      socket.once("drain", () => socket.resume());
    },
  };
  const send = (line: string): void => opts.writer.write(sink, line);
  const drop = (outcome: string): void => {
    if (!dropped) opts.audit.record({ event: "connection_dropped", role, peer: opts.peer, outcome });
    dropped = true;
    socket.destroy();
  };
  const audit = new AuditBudget(opts.audit, opts.peer, now());

  // Idleness is checked by the server's deadline sweeper against the last complete request, so
  // traffic only updates a number instead of re-arming a timer on every request.
  let lastActivity = now();
  let cancelIdle = (): void => undefined;
  const checkIdle = (): void => {
    const quiet = now() - lastActivity;
    if (quiet >= opts.idleTimeoutMs && inFlight === 0) {
      // A reply made in this same turn is still queued: it leaves before the end.
      opts.writer.flush();
      // end() waits for unread replies to leave, which a peer that never reads would hold forever.
      if (socket.writableLength > 0) socket.destroy();
      else socket.end();
    } else cancelIdle = opts.deadlines.add(Math.max(1, opts.idleTimeoutMs - quiet), checkIdle);
  };
  cancelIdle = opts.deadlines.add(opts.idleTimeoutMs, checkIdle);
  // 64 connections holding half a hello each once locked every real client out.
  let cancelHello = opts.deadlines.add(opts.helloTimeoutMs, () => {
    opts.audit.record({ event: "handshake_refused", peer: opts.peer, outcome: "timeout" });
    socket.write(serializeMessage({ type: "error", error: toErrorReply(new BrokerError("timeout", `no hello within ${opts.helloTimeoutMs} ms`)) }));
    socket.destroy();
  });

  socket.on("close", () => {
    cancelIdle();
    cancelHello();
    audit.report(role);
    abortAll();
    opts.stopping.removeEventListener("abort", abortAll);
  });
  socket.on("error", () => socket.destroy());
  // The peer ended its side (we do not allow half-open): queued replies go out before Node ends ours.
  socket.on("end", () => opts.writer.flush());

  socket.on("data", (chunk: Buffer) => {
    buffer.append(chunk);
    let complete = false;
    for (;;) {
      let line: string | undefined;
      try {
        line = buffer.readLine();
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        // Past the cap nothing more is buffered: drop the peer, keep serving everyone else.
        opts.writer.flush();
        return drop("too_large");
      }
      if (line === undefined) {
        if (complete) lastActivity = now();
        return;
      }
      complete = true;
      if (role === undefined) {
        if (!handshake(line)) return;
      } else {
        request(role, line);
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
    cancelHello();
    cancelHello = () => undefined;
    const operations = [...ROLE_OPERATIONS[role]];
    welcomeVerified = opts.verifiedOperations(role);
    const verifiedOperations = [...welcomeVerified];
    const welcome: Welcome = { type: "welcome", protocol: PROTOCOL_VERSION, brokerVersion: opts.brokerVersion, operations, verifiedOperations };
    send(serializeMessage(welcome));
    return true;
  }

  // Synchronous until a handler returns a promise: status reads answer within the 'data' callback,
  // with no promise, deadline or abort bookkeeping. That bookkeeping (and the microtask hops it
  // brings) would be most of the broker's own cost per request.
  function request(who: Role, line: string): void {
    const started = now();
    const parsed = parseLine(line, RequestSchema);
    if (!parsed.ok) {
      send(serializeMessage({ id: null, ok: false, error: parsed.error }));
      return;
    }
    const { id, op, args } = parsed.value;
    const finish = (outcome: string, response: Parameters<typeof serializeResponse>[0]): void => {
      send(serializeResponse(response));
      const ended = now();
      audit.record({ event: "request", role: who, peer: opts.peer, op: op.slice(0, 64), outcome, durationMs: Math.round((ended - started) * 100) / 100 }, ended);
    };
    const fail = (err: unknown): void => {
      const reply = toErrorReply(err);
      finish(reply.code, { id, ok: false, error: reply });
    };
    const succeed = (result: unknown): void => {
      try {
        finish("ok", { id, ok: true, result });
      } catch (err) {
        fail(err);
      }
    };
    if (!isAllowed(who, op)) {
      return finish("operation_not_allowed", errorResponse(id, new BrokerError("operation_not_allowed", `operation ${JSON.stringify(op)} is not available to the ${who} client`)));
    }
    if (inFlight >= opts.maxInFlight) return finish("busy", errorResponse(id, new BrokerError("busy")));
    let outcome: unknown;
    try {
      outcome = start(who, op, args);
    } catch (err) {
      return fail(err);
    }
    // `start` returns its own promise or a schema-checked plain value, never another thenable.
    if (!(outcome instanceof Promise)) return succeed(outcome);
    inFlight++;
    outcome
      .then(succeed, fail)
      // Not even an error reply could be made: the connection is dropped rather than left hanging.
      .catch(() => socket.destroy())
      .finally(() => inFlight--);
  }

  /** Runs the handler: its checked result when it answered synchronously, else a promise of it. */
  function start(who: Role, op: OperationName, rawArgs: unknown): unknown {
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
    const handler = opts.handlers[op] as OperationHandler<OperationName>;
    // A signal is made only if the handler asks for it (most never do).
    const controller = new RequestControl(who, opts.peer, welcomeVerified);
    const pending = handler(args.data, controller);
    if (!isPromiseLike(pending)) return check(pending);
    running.add(controller);
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        cancelDeadline();
        running.delete(controller);
        return true;
      };
      // One entry in the server's sweeper rather than a timer per request.
      const timeoutMs = opts.operationTimeoutsMs[op] ?? opts.requestTimeoutMs;
      const cancelDeadline = opts.deadlines.add(timeoutMs, () => {
        // A handler that ignores its signal still gets a timely answer; its late result is dropped.
        if (!settle()) return;
        controller.abort();
        reject(new BrokerError("timeout", `${op} did not finish within ${timeoutMs} ms`));
      });
      pending.then(
        (value) => settle() && resolve(value),
        (err: unknown) => settle() && reject(err instanceof Error ? err : new Error(String(err))),
      );
    }).then(check);
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/**
 * A request's context, with its cancellation allocated lazily: most operations (status reads) never
 * look at their signal, and an AbortController per request would be the largest cost on the hot path.
 */
class RequestControl implements RequestContext {
  private controller: AbortController | undefined;
  private aborted = false;

  constructor(
    readonly role: Role,
    readonly peer: PeerCredentials,
    readonly welcomeVerified: readonly OperationName[] | undefined,
  ) {}

  abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }
}

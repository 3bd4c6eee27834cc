import type { Socket } from "node:net";
import type { Role } from "../../shared/protocol/common.js";
import { BrokerError, toErrorReply } from "../../shared/protocol/broker-error.js";
import { errorResponse, RequestSchema, serializeMessage, serializeResponse, type Response } from "../../shared/protocol/envelope.js";
import { isAllowed, type OperationName } from "../../shared/protocol/operation-names.js";
import { LineTooLongError, parseLine, ReadBuffer } from "../../shared/protocol/read-buffer.js";
import type { Clock } from "../../shared/time.js";
import type { Audit } from "../audit.js";
import type { PeerCredentials, RequestContext, RunOperation } from "../types.js";
import { AuditBudget } from "./audit-budget.js";
import { withDeadline, type DeadlineSweeper } from "./deadlines.js";
import { answerHello } from "./hello.js";
import type { ReplySink, ResponseWriter } from "./response-writer.js";
import { isPromiseLike } from "./lazy-runner.js";

export interface ConnectionOptions {
  /** Parses, runs and checks one operation (see run-operation.ts). */
  run: RunOperation;
  /** Called after each welcome is queued. */
  welcomed?: () => void;
  /** While `run` is still loading: a promise that settles when the attempt ends (see holdForRunner). */
  runnerLoading?: () => Promise<void> | undefined;
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
  now?: Clock;
}

/** Serves one accepted, peer-checked connection: hello first, then requests until idle or closed. */
export function serveConnection(socket: Socket, opts: ConnectionOptions): void {
  const connection = new Connection(socket, opts);
  socket.on("close", () => connection.closed());
  socket.on("error", () => socket.destroy());
  // The peer ended its side (we do not allow half-open): queued replies go out before Node ends ours.
  socket.on("end", () => opts.writer.flush());
  socket.on("data", (chunk: Buffer) => connection.receive(chunk));
}

class Connection {
  private readonly now: Clock;
  private readonly buffer = new ReadBuffer();
  // Requests in flight, aborted together when the connection closes or the broker stops. A Set
  // is cheaper per request than linking each request's signal to a shared one.
  private readonly running = new Set<RequestControl>();
  private readonly abortAll = (): void => this.running.forEach((c) => c.abort());
  private readonly sink: ReplySink;
  private readonly audit: AuditBudget;
  private role: Role | undefined;
  private welcomeVerified: readonly OperationName[] | undefined;
  private inFlight = 0;
  private dropped = false;
  private holding = false;
  // Idleness is checked by the server's deadline sweeper against the last complete request, so
  // traffic only updates a number instead of re-arming a timer on every request.
  private lastActivity: number;
  private cancelIdle: () => void;
  private cancelHello: () => void;

  constructor(
    private readonly socket: Socket,
    private readonly opts: ConnectionOptions,
  ) {
    this.now = opts.now ?? performance.now.bind(performance);
    if (opts.stopping.aborted) this.abortAll();
    else opts.stopping.addEventListener("abort", this.abortAll, { once: true });
    this.sink = { socket, backedUp: () => this.backedUp() };
    this.audit = new AuditBudget(opts.audit, opts.peer, this.now());
    this.lastActivity = this.now();
    this.cancelIdle = opts.deadlines.add(opts.idleTimeoutMs, () => this.checkIdle());
    // 64 connections holding half a hello each once locked every real client out.
    this.cancelHello = opts.deadlines.add(opts.helloTimeoutMs, () => this.helloTimedOut());
  }

  receive(chunk: Buffer): void {
    this.buffer.append(chunk);
    this.readLines(false);
  }

  private readLines(afterLoad: boolean): void {
    let complete = false;
    for (;;) {
      if (!afterLoad && this.role !== undefined && this.holdForRunner()) break;
      let line: string | undefined;
      try {
        line = this.buffer.readLine();
      } catch (err) {
        if (!(err instanceof LineTooLongError)) throw err;
        // Past the cap nothing more is buffered: drop the peer, keep serving everyone else.
        this.opts.writer.flush();
        return this.drop("too_large");
      }
      if (line === undefined) break;
      complete = true;
      if (this.role === undefined) {
        if (!this.hello(line)) return;
      } else this.request(this.role, line);
    }
    if (complete) this.lastActivity = this.now();
  }

  /**
   * While the operations load (the broker's first client), requests wait in the read buffer with the
   * socket paused, then run in order: answered as a loaded broker answers them (synchronous status
   * reads, no `busy` for a pipelining client). After a failed load they run anyway, each answered
   * with the error.
   */
  private holdForRunner(): boolean {
    if (this.holding) return true;
    const loading = this.opts.runnerLoading?.();
    if (loading === undefined) return false;
    this.holding = true;
    this.socket.pause();
    void loading.then(() => {
      this.holding = false;
      if (this.socket.destroyed) return;
      this.socket.resume();
      this.readLines(true);
    });
    return true;
  }

  closed(): void {
    this.cancelIdle();
    this.cancelHello();
    this.audit.report(this.role);
    this.abortAll();
    this.opts.stopping.removeEventListener("abort", this.abortAll);
  }

  private hello(line: string): boolean {
    const answer = answerHello(line, this.opts.brokerVersion, this.opts.verifiedOperations);
    if (answer.kind === "refused") {
      this.opts.audit.record({ event: "handshake_refused", role: answer.role, peer: this.opts.peer, outcome: answer.outcome });
      this.socket.end(answer.line);
      return false;
    }
    this.role = answer.role;
    this.welcomeVerified = answer.verified;
    this.cancelHello();
    this.cancelHello = () => undefined;
    this.send(answer.line);
    this.opts.welcomed?.();
    return true;
  }

  private helloTimedOut(): void {
    this.opts.audit.record({ event: "handshake_refused", peer: this.opts.peer, outcome: "timeout" });
    this.socket.write(serializeMessage({ type: "error", error: toErrorReply(new BrokerError("timeout", `no hello within ${this.opts.helloTimeoutMs} ms`)) }));
    this.socket.destroy();
  }

  // Synchronous until a handler returns a promise: status reads answer within the 'data' callback,
  // with no promise, deadline or abort bookkeeping. That bookkeeping (and the microtask hops it
  // brings) would be most of the broker's own cost per request.
  private request(who: Role, line: string): void {
    const started = this.now();
    const parsed = parseLine(line, RequestSchema);
    if (!parsed.ok) return this.send(serializeMessage({ id: null, ok: false, error: parsed.error }));
    const { id, op, args } = parsed.value;
    const reply = new Reply(this, who, id, op, started);
    if (!isAllowed(who, op)) {
      return reply.finish("operation_not_allowed", errorResponse(id, new BrokerError("operation_not_allowed", `operation ${JSON.stringify(op)} is not available to the ${who} client`)));
    }
    if (this.inFlight >= this.opts.maxInFlight) return reply.finish("busy", errorResponse(id, new BrokerError("busy")));
    let outcome: unknown;
    try {
      outcome = this.start(who, op, args);
    } catch (err) {
      return reply.fail(err);
    }
    // `start` returns its own promise or a checked plain value, never another thenable.
    if (!(outcome instanceof Promise)) return reply.succeed(outcome);
    this.inFlight++;
    outcome
      .then((result) => reply.succeed(result), (err: unknown) => reply.fail(err))
      // Not even an error reply could be made: the connection is dropped rather than left hanging.
      .catch(() => this.socket.destroy())
      .finally(() => this.inFlight--);
  }

  /** Runs the operation: its checked result when it answered synchronously, else a promise of it. */
  private start(who: Role, op: OperationName, rawArgs: unknown): unknown {
    // A signal is made only if the handler asks for it (most never do).
    const controller = new RequestControl(who, this.opts.peer, this.welcomeVerified);
    const pending = this.opts.run(op, rawArgs, controller);
    if (!isPromiseLike(pending)) return pending;
    this.running.add(controller);
    const timeoutMs = this.opts.operationTimeoutsMs[op] ?? this.opts.requestTimeoutMs;
    return withDeadline(pending, {
      deadlines: this.opts.deadlines,
      timeoutMs,
      settled: () => this.running.delete(controller),
      // A handler that ignores its signal still gets a timely answer; its late result is dropped.
      expired: () => {
        controller.abort();
        return new BrokerError("timeout", `${op} did not finish within ${timeoutMs} ms`);
      },
    });
  }

  /** Queues a line for the peer; the writer sends it at the end of this turn of the loop. */
  send(line: string): void {
    this.opts.writer.write(this.sink, line);
  }

  /** The request's audit line, within the connection's budget. */
  recordRequest(who: Role, op: string, outcome: string, started: number): void {
    const ended = this.now();
    this.audit.record({ event: "request", role: who, peer: this.opts.peer, op: op.slice(0, 64), outcome, durationMs: Math.round((ended - started) * 100) / 100 }, ended);
  }

  // Backpressure: while the peer leaves replies unread we stop reading its requests (the kernel
  // then stalls its writes), instead of queueing answers without bound.
  private backedUp(): void {
    if (this.socket.writableLength > this.opts.maxQueuedBytes) return this.drop("output_backlog");
    if (this.socket.isPaused()) return;
    this.socket.pause();
    this.socket.once("drain", () => this.socket.resume());
  }

  private drop(outcome: string): void {
    if (!this.dropped) this.opts.audit.record({ event: "connection_dropped", role: this.role, peer: this.opts.peer, outcome });
    this.dropped = true;
    this.socket.destroy();
  }

  private checkIdle(): void {
    const quiet = this.now() - this.lastActivity;
    // Requests held while the operations load are not answered yet: the connection is not idle.
    if (quiet >= this.opts.idleTimeoutMs && this.inFlight === 0 && !this.holding) {
      // A reply made in this same turn is still queued: it leaves before the end.
      this.opts.writer.flush();
      // end() waits for unread replies to leave, which a peer that never reads would hold forever.
      if (this.socket.writableLength > 0) this.socket.destroy();
      else this.socket.end();
    } else this.cancelIdle = this.opts.deadlines.add(Math.max(1, this.opts.idleTimeoutMs - quiet), () => this.checkIdle());
  }
}

/** One request's way back: its reply line and its audit line, with the outcome the line names. */
class Reply {
  constructor(
    private readonly connection: Pick<Connection, "send" | "recordRequest">,
    private readonly who: Role,
    private readonly id: string,
    private readonly op: string,
    private readonly started: number,
  ) {}

  finish(outcome: string, response: Response): void {
    this.connection.send(serializeResponse(response));
    this.connection.recordRequest(this.who, this.op, outcome, this.started);
  }

  fail(err: unknown): void {
    const reply = toErrorReply(err);
    this.finish(reply.code, { id: this.id, ok: false, error: reply });
  }

  succeed(result: unknown): void {
    try {
      this.finish("ok", { id: this.id, ok: true, result });
    } catch (err) {
      this.fail(err);
    }
  }
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

import { connect as netConnect, type Socket } from "node:net";
import type { Role } from "./common.js";
import { BrokerError, fromErrorReply } from "./broker-error.js";
import { MAX_RESPONSE_LINE_BYTES, ResponseSchema, serializeMessage } from "./envelope.js";
import { HandshakeReplySchema, PROTOCOL_VERSION, type Welcome } from "./handshake.js";
import { OPERATIONS, type OperationArgs, type OperationName, type OperationResult } from "./operations.js";
import { parseLine, ReadBuffer } from "./read-buffer.js";
import { checkSocketPath, peerCheck, type SocketTrustOptions } from "./socket-trust.js";

/** Nobody answers at the socket path (no broker, or it died mid-call). Not a wire error code. */
export class BrokerUnavailableError extends Error {
  override readonly name = "BrokerUnavailableError";
}

export interface BrokerConnection {
  readonly welcome: Welcome;
  call<Op extends OperationName>(op: Op, args: OperationArgs<Op>, opts?: { timeoutMs?: number }): Promise<OperationResult<Op>>;
  close(): void;
  readonly closed: boolean;
}

export interface ConnectOptions {
  socketPath: string;
  role: Role;
  clientVersion: string;
  /** Wait for the connection and the welcome, and the default wait for each call. */
  timeoutMs: number;
  connect?: (path: string) => Socket;
  /** Whom the socket must belong to; the current uid and the real peer reader by default. */
  trust?: SocketTrustOptions;
}

interface Pending {
  op: OperationName;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Checks that the socket is ours (directory, file, listening process), connects, says hello for
 * `role`, and returns a connection that pipelines calls by id. A socket that may be someone else's
 * is refused with BrokerUntrustedError before a byte is sent: whoever answers gets the hello and,
 * through `tbank-mcp login`, the person's approval of a device code.
 */
export async function connectBroker(opts: ConnectOptions): Promise<BrokerConnection> {
  if ((await checkSocketPath(opts.socketPath, opts.trust)) === "absent") throw new BrokerUnavailableError("the socket file does not exist");
  return open(opts, await peerCheck(opts.socketPath, opts.trust));
}

function open(opts: ConnectOptions, checkPeer: (socket: Socket) => Error | undefined): Promise<BrokerConnection> {
  const socket = (opts.connect ?? netConnect)(opts.socketPath);
  const buffer = new ReadBuffer({ maxLineBytes: MAX_RESPONSE_LINE_BYTES });
  const pending = new Map<string, Pending>();
  let nextId = 1;
  let closed = false;

  return new Promise<BrokerConnection>((resolveConnect, rejectConnect) => {
    let welcome: Welcome | undefined;
    const handshakeTimer = setTimeout(() => fail(new BrokerError("timeout", "the broker did not answer the hello in time")), opts.timeoutMs);

    const fail = (err: Error): void => {
      if (closed) return;
      closed = true;
      clearTimeout(handshakeTimer);
      socket.destroy();
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(err);
      }
      pending.clear();
      if (welcome === undefined) rejectConnect(err);
    };

    socket.once("error", (err: NodeJS.ErrnoException) => {
      fail(new BrokerUnavailableError(`cannot reach the broker (${err.code ?? "error"})`));
    });
    socket.once("close", () => fail(new BrokerUnavailableError("the broker closed the connection")));
    socket.once("connect", () => {
      const refused = checkPeer(socket);
      if (refused) return fail(refused);
      socket.write(serializeMessage({ type: "hello", protocol: PROTOCOL_VERSION, client: opts.role, clientVersion: opts.clientVersion }));
    });

    socket.on("data", (chunk: Buffer) => {
      buffer.append(chunk);
      for (;;) {
        let line: string | undefined;
        try {
          line = buffer.readLine();
        } catch {
          return fail(new BrokerError("too_large", "the broker sent a line over the response limit"));
        }
        if (line === undefined) return;
        if (welcome === undefined) {
          const reply = parseLine(line, HandshakeReplySchema);
          if (!reply.ok) return fail(new BrokerError("internal", "the broker sent an invalid handshake reply"));
          if (reply.value.type === "error") return fail(fromErrorReply(reply.value.error));
          welcome = reply.value;
          clearTimeout(handshakeTimer);
          resolveConnect(connection(welcome));
          continue;
        }
        const response = parseLine(line, ResponseSchema);
        if (!response.ok) return fail(new BrokerError("internal", "the broker sent an invalid response"));
        const entry = response.value.id === null ? undefined : pending.get(response.value.id);
        if (!entry || response.value.id === null) continue;
        pending.delete(response.value.id);
        clearTimeout(entry.timer);
        if (!response.value.ok) {
          entry.reject(fromErrorReply(response.value.error));
          continue;
        }
        const result = OPERATIONS[entry.op].result.safeParse(response.value.result);
        if (result.success) entry.resolve(result.data);
        else entry.reject(new BrokerError("internal", `the broker sent an invalid result for ${entry.op}`));
      }
    });

    function connection(w: Welcome): BrokerConnection {
      return {
        welcome: w,
        get closed() {
          return closed;
        },
        call: (op, args, callOpts) =>
          new Promise((resolve, reject) => {
            if (closed) return reject(new BrokerUnavailableError("the connection to the broker is closed"));
            const id = String(nextId++);
            const timeoutMs = callOpts?.timeoutMs ?? opts.timeoutMs;
            const timer = setTimeout(() => {
              pending.delete(id);
              reject(new BrokerError("timeout", `${op} got no answer within ${timeoutMs} ms`));
            }, timeoutMs);
            pending.set(id, { op, resolve: resolve, reject, timer });
            socket.write(serializeMessage({ id, op, args }));
          }),
        close: () => {
          if (closed) return;
          closed = true;
          for (const p of pending.values()) {
            clearTimeout(p.timer);
            p.reject(new BrokerUnavailableError("the connection was closed by the client"));
          }
          pending.clear();
          socket.end();
        },
      };
    }
  });
}

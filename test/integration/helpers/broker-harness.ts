import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nullAudit, type Audit, type AuditEvent } from "../../../broker/audit.js";
import { runBroker, type RunBrokerOptions } from "../../../broker/main.js";
import type { HandlerMap } from "../../../broker/types.js";
import { nullLogger } from "../../../shared/logger.js";
import { OPERATION_NAMES, ROLE_OPERATIONS } from "../../../shared/protocol/operations.js";
import { SAMPLES } from "../../fixtures/operation-samples.js";

// The operations whose real handlers answer synchronously (the server's fast path).
const SYNC_OPERATIONS = new Set(["hotels.status", "banking.status", "broker.status", "broker.stop", "banking.consume_payment_handoff"]);

/**
 * Handlers that answer every operation with its sample result (the server is under test, not
 * them): synchronously where the real handler is synchronous, through a promise elsewhere.
 */
export function sampleHandlers(overrides: Partial<HandlerMap> = {}): HandlerMap {
  const map = Object.fromEntries(OPERATION_NAMES.map((op) => [op, SYNC_OPERATIONS.has(op) ? () => SAMPLES[op].result : () => Promise.resolve(SAMPLES[op].result)])) as unknown as HandlerMap;
  return { ...map, ...overrides };
}

export function recordingAudit(): Audit & { events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  return { events, record: (e) => void events.push(e) };
}

export async function tempBrokerDirs(): Promise<{ root: string; stateDir: string; socketPath: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "tbk-"));
  return { root, stateDir: join(root, "state"), socketPath: join(root, "run", "auth.sock"), cleanup: () => rm(root, { recursive: true, force: true }) };
}

export async function startTestBroker(opts: Partial<RunBrokerOptions> & { socketPath: string; stateDir: string; handlers?: HandlerMap }) {
  const uid = process.getuid?.() ?? 0;
  const result = await runBroker({
    version: "0.0.0-test",
    requestTimeoutMs: 2000,
    logger: nullLogger,
    audit: nullAudit,
    readPeer: () => ({ pid: 1, uid, gid: 0 }),
    // The sample handlers answer everything, so this broker calls every operation verified.
    createParts: () => Promise.resolve({ handlers: opts.handlers ?? sampleHandlers(), verifiedOperations: (role) => ROLE_OPERATIONS[role], close: () => Promise.resolve() }),
    ...opts,
  });
  if (result.kind !== "running") throw new Error("expected a running broker");
  return result;
}

/** A line-oriented raw client, for framing tests that a well-behaved client cannot express. */
export class RawClient {
  readonly socket: Socket;
  private buffered = "";
  private readonly lines: string[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  constructor(path: string) {
    this.socket = connect(path);
    this.socket.setEncoding("utf8");
    this.socket.on("data", (d: string) => {
      this.buffered += d;
      let i: number;
      while ((i = this.buffered.indexOf("\n")) >= 0) {
        this.lines.push(this.buffered.slice(0, i));
        this.buffered = this.buffered.slice(i + 1);
      }
      this.wake();
    });
    this.socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on("error", () => undefined);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  write(s: string | Buffer): void {
    this.socket.write(s);
  }

  async next(timeoutMs = 2000): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.lines.length === 0) {
      if (this.closed) return undefined;
      if (Date.now() > deadline) throw new Error("no line in time");
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return JSON.parse(this.lines.shift()!) as Record<string, unknown>;
  }

  async hello(client: "hotels" | "banking" | "toolkit"): Promise<Record<string, unknown> | undefined> {
    this.write(`${JSON.stringify({ type: "hello", protocol: 2, client, clientVersion: "test" })}\n`);
    return this.next();
  }

  async call(id: string, op: string, args: unknown = {}): Promise<Record<string, unknown> | undefined> {
    this.write(`${JSON.stringify({ id, op, args })}\n`);
    return this.next();
  }

  async waitClosed(timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  close(): void {
    this.socket.destroy();
  }
}

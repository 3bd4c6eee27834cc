import { describe, expect, it } from "vitest";
import { DeadlineSweeper, withDeadline } from "../../broker/server/deadlines.js";
import { answerHello } from "../../broker/server/hello.js";
import { lazyRunner } from "../../broker/server/lazy-runner.js";
import { checkedRunner } from "../../broker/server/run-operation.js";
import type { HandlerMap, RequestContext, RunOperation } from "../../broker/types.js";
import { BrokerError } from "../../shared/protocol/errors.js";
import { OPERATION_NAMES, OPERATIONS, ROLE_OPERATIONS, type OperationName } from "../../shared/protocol/operations.js";
import { SAMPLES } from "../fixtures/operation-samples.js";

const hello = (fields: Record<string, unknown> = {}): string => JSON.stringify({ type: "hello", protocol: 2, client: "hotels", clientVersion: "t", ...fields });
const req = { role: "hotels", peer: { pid: 1, uid: 1, gid: 1 }, signal: new AbortController().signal } satisfies RequestContext;

describe("answerHello", () => {
  const verified: readonly OperationName[] = ["hotels.status"];

  it("welcomes a supported hello with the role's operations and keeps the verified array it copied", () => {
    const answer = answerHello(hello(), "1.2.3", () => verified);
    expect(answer.kind).toBe("welcome");
    if (answer.kind !== "welcome") return;
    expect(answer.role).toBe("hotels");
    expect(answer.verified).toBe(verified);
    expect(JSON.parse(answer.line)).toEqual({ type: "welcome", protocol: 2, brokerVersion: "1.2.3", operations: [...ROLE_OPERATIONS.hotels], verifiedOperations: ["hotels.status"] });
    expect(answer.line.endsWith("\n")).toBe(true);
  });

  it("refuses a line that is not a hello, saying what the first message must be", () => {
    for (const line of ["not json", JSON.stringify({ id: "1", op: "hotels.status" }), hello({ client: "stranger" })]) {
      const answer = answerHello(line, "1", () => verified);
      expect(answer).toMatchObject({ kind: "refused", outcome: "bad_request" });
      expect(answer.role).toBeUndefined();
      expect(JSON.parse(answer.line)).toMatchObject({ type: "error", error: { code: "bad_request", message: "the first message must be a protocol hello" } });
    }
  });

  it("refuses another protocol version with its role, without asking for the verified list", () => {
    const answer = answerHello(hello({ protocol: 3, client: "banking" }), "1", () => {
      throw new Error("not asked");
    });
    expect(answer).toMatchObject({ kind: "refused", outcome: "unsupported_protocol", role: "banking" });
    expect(JSON.parse(answer.line)).toMatchObject({ type: "error", error: { code: "unsupported_protocol" } });
  });
});

describe("withDeadline", () => {
  it("settles with the work when it finishes in time and removes its deadline", async () => {
    let now = 0;
    const deadlines = new DeadlineSweeper(1_000_000, () => now);
    let settled = 0;
    const result = withDeadline(Promise.resolve("done"), { deadlines, timeoutMs: 10, settled: () => settled++, expired: () => new Error("late") });
    await expect(result).resolves.toBe("done");
    expect(settled).toBe(1);
    expect(deadlines.size).toBe(0);
    now = 100;
    deadlines.sweep();
    expect(settled).toBe(1);
    deadlines.close();
  });

  it("rejects at the deadline with the expiry's error and drops a later result", async () => {
    let now = 0;
    const deadlines = new DeadlineSweeper(1_000_000, () => now);
    let finish!: (v: string) => void;
    const events: string[] = [];
    const result = withDeadline(new Promise<string>((r) => (finish = r)), {
      deadlines,
      timeoutMs: 10,
      settled: () => events.push("settled"),
      expired: () => (events.push("expired"), new BrokerError("timeout", "too slow")),
    });
    now = 9;
    deadlines.sweep();
    expect(events).toEqual([]);
    now = 10;
    deadlines.sweep();
    await expect(result).rejects.toMatchObject({ code: "timeout", message: "too slow" });
    finish("late");
    await Promise.resolve();
    expect(events).toEqual(["settled", "expired"]);
    deadlines.close();
  });

  it("turns a non-Error rejection into an Error", async () => {
    const deadlines = new DeadlineSweeper(1_000_000, () => 0);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const result = withDeadline(Promise.reject("plain"), { deadlines, timeoutMs: 10, settled: () => undefined, expired: () => new Error("late") });
    await expect(result).rejects.toThrow("plain");
    deadlines.close();
  });
});

describe("checkedRunner", () => {
  const handlers = (overrides: Partial<Record<OperationName, (args: unknown) => unknown>>): HandlerMap =>
    Object.fromEntries(OPERATION_NAMES.map((op) => [op, overrides[op] ?? (() => SAMPLES[op].result)])) as unknown as HandlerMap;

  it("answers a synchronous handler synchronously, with its result checked", () => {
    const run = checkedRunner(handlers({}));
    expect(run("hotels.status", {}, req)).toEqual(SAMPLES["hotels.status"].result);
  });

  it("refuses bad arguments before the handler runs, naming the field", () => {
    let called = false;
    const run = checkedRunner(handlers({ "hotels.list_bookings": () => ((called = true), SAMPLES["hotels.list_bookings"].result) }));
    expect(() => run("hotels.list_bookings", { limit: "many" }, req)).toThrow(/^invalid arguments for hotels.list_bookings: limit: /);
    expect(called).toBe(false);
  });

  it("refuses a result the protocol does not allow, synchronous or not", async () => {
    const run = checkedRunner(handlers({ "hotels.status": () => ({ ...SAMPLES["hotels.status"].result, orderId: "1" }), "broker.status": () => Promise.resolve({ nope: true }) }));
    expect(() => run("hotels.status", {}, req)).toThrow("hotels.status produced a result the protocol does not allow");
    const pending = run("broker.status", {}, req);
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow("broker.status produced a result the protocol does not allow");
  });

  it("checks every operation with its own schema", () => {
    expect(Object.keys(OPERATIONS)).toEqual([...OPERATION_NAMES]);
  });
});

describe("lazyRunner", () => {
  it("loads once for calls that come while loading, then answers synchronously", async () => {
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner: RunOperation = (op) => `${op} ran`;
    const { run } = lazyRunner(async () => {
      loads++;
      await gate;
      return inner;
    });
    const first = run("hotels.status", {}, req);
    const second = run("broker.status", {}, req);
    expect(first).toBeInstanceOf(Promise);
    release();
    await expect(first).resolves.toBe("hotels.status ran");
    await expect(second).resolves.toBe("broker.status ran");
    expect(run("banking.status", {}, req)).toBe("banking.status ran");
    expect(loads).toBe(1);
  });

  it("tries again after a failed load", async () => {
    let loads = 0;
    const { run } = lazyRunner(() => (++loads === 1 ? Promise.reject(new Error("chunk missing")) : Promise.resolve<RunOperation>(() => "ok")));
    await expect(run("hotels.status", {}, req)).rejects.toThrow("chunk missing");
    await expect(run("hotels.status", {}, req)).resolves.toBe("ok");
    expect(loads).toBe(2);
  });

  it("preloads without a request, answers the next call synchronously, and leaves a failed preload to the request", async () => {
    let loads = 0;
    const ok = lazyRunner(() => (loads++, Promise.resolve<RunOperation>(() => "ok")));
    ok.preload();
    ok.preload();
    await Promise.resolve();
    await Promise.resolve();
    expect(ok.run("hotels.status", {}, req)).toBe("ok");
    expect(loads).toBe(1);
    let attempts = 0;
    const failing = lazyRunner(() => (++attempts === 1 ? Promise.reject(new Error("chunk missing")) : Promise.resolve<RunOperation>(() => "ok")));
    failing.preload();
    await new Promise((r) => setImmediate(r));
    await expect(failing.run("hotels.status", {}, req)).resolves.toBe("ok");
    expect(attempts).toBe(2);
  });

  it("says whether it is still loading, with a promise that settles even when the load fails", async () => {
    let fail = true;
    const runner = lazyRunner(() => (fail ? Promise.reject(new Error("chunk missing")) : Promise.resolve<RunOperation>(() => "ok")));
    const first = runner.loading();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toBeUndefined();
    fail = false;
    await expect(runner.loading()).resolves.toBeUndefined();
    expect(runner.loading()).toBeUndefined();
  });
});

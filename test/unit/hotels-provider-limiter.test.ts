import { describe, expect, it } from "vitest";
import { ConcurrencyLimiter, ProviderError, QUEUE_LIMIT } from "../../mcp/hotels/provider/index.js";

interface Gate {
  promise: Promise<string>;
  open(value?: string): void;
  fail(err: Error): void;
}

function gate(): Gate {
  let open!: (v: string) => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open: (v = "ok") => open(v), fail };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("ConcurrencyLimiter", () => {
  it("runs at most maxConcurrent, queues 32 in FIFO order and rejects the rest locally", async () => {
    const limiter = new ConcurrencyLimiter(2);
    const gates = Array.from({ length: 40 }, () => gate());
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limiter
        .run(() => {
          started.push(i);
          return g.promise;
        })
        .then(
          (v) => ({ ok: true as const, v }),
          (e: unknown) => ({ ok: false as const, e }),
        ),
    );
    expect(limiter.stats()).toEqual({ maxConcurrent: 2, inFlight: 2, queued: 32, queueLimit: QUEUE_LIMIT });
    expect(started).toEqual([0, 1]);

    gates[1]!.open();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.fail(new Error("boom"));
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    const settled = await Promise.all(results);
    expect(started).toEqual(Array.from({ length: 34 }, (_, i) => i));
    const overloaded = settled.filter((r) => !r.ok && r.e instanceof ProviderError && r.e.kind === "overloaded");
    expect(overloaded).toHaveLength(6);
    expect(limiter.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it("an aborted waiter leaves the queue and never runs", async () => {
    const limiter = new ConcurrencyLimiter(1);
    const first = gate();
    const running = limiter.run(() => first.promise);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.run(
      () => {
        ran = true;
        return Promise.resolve("late");
      },
      { signal: controller.signal, routeId: "search" },
    );
    expect(limiter.stats().queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: "aborted", routeId: "search" });
    expect(limiter.stats().queued).toBe(0);
    first.open();
    await running;
    await flush();
    expect(ran).toBe(false);
    expect(limiter.stats().inFlight).toBe(0);
  });

  it("an already aborted signal is refused without running", async () => {
    const limiter = new ConcurrencyLimiter(2);
    await expect(limiter.run(() => Promise.resolve(1), { signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: "aborted" });
    expect(limiter.stats().inFlight).toBe(0);
  });

  it("a task that throws synchronously frees its slot", async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => { throw new Error("sync"); })).rejects.toThrow("sync");
    expect(await limiter.run(() => Promise.resolve("next"))).toBe("next");
  });

  it("refuses impossible settings", () => {
    expect(() => new ConcurrencyLimiter(0)).toThrow(RangeError);
    expect(() => new ConcurrencyLimiter(1.5)).toThrow(RangeError);
  });
});

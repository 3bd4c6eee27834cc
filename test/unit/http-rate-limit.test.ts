import { describe, expect, it } from "vitest";
import { createToolCallLimiter, RATE_LIMIT_WINDOW_MS } from "../../mcp/hotels/http/rate-limit.js";
import { MemorySharedStore } from "../../mcp/hotels/store/memory.js";
import { RedisSharedStore } from "../../mcp/hotels/store/redis.js";
import { startRedisServer } from "../helpers/redis-server.js";


function clock(start = Date.parse("2027-03-01T09:00:00Z")) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function limiter(perMinute: number) {
  const c = clock();
  const store = new MemorySharedStore({ now: c.now });
  return { c, limiter: createToolCallLimiter(store, perMinute, { now: c.now }) };
}

describe("tool call limiter (memory store, injected clock)", () => {
  it("allows N calls in a window, counting down, and refuses call N+1 with the window's reset time", async () => {
    const { c, limiter: l } = limiter(3);
    const windowStart = c.now();
    expect(await l.take("key:a")).toEqual({ allowed: true, remaining: 2 });
    c.advance(10_000);
    expect(await l.take("key:a")).toEqual({ allowed: true, remaining: 1 });
    expect(await l.take("key:a")).toEqual({ allowed: true, remaining: 0 });
    c.advance(20_000);
    expect(await l.take("key:a")).toEqual({ allowed: false, resetAtMs: windowStart + RATE_LIMIT_WINDOW_MS });
    expect(await l.take("key:a")).toEqual({ allowed: false, resetAtMs: windowStart + RATE_LIMIT_WINDOW_MS });
  });

  it("allows again once the window has passed, in a fresh window", async () => {
    const { c, limiter: l } = limiter(2);
    const first = c.now();
    await l.take("sub:x");
    await l.take("sub:x");
    expect(await l.take("sub:x")).toEqual({ allowed: false, resetAtMs: first + RATE_LIMIT_WINDOW_MS });
    c.advance(RATE_LIMIT_WINDOW_MS - 1);
    expect(await l.take("sub:x")).toMatchObject({ allowed: false });
    c.advance(1);
    const second = c.now();
    expect(await l.take("sub:x")).toEqual({ allowed: true, remaining: 1 });
    expect(await l.take("sub:x")).toEqual({ allowed: true, remaining: 0 });
    expect(await l.take("sub:x")).toEqual({ allowed: false, resetAtMs: second + RATE_LIMIT_WINDOW_MS });
  });

  it("keeps each subject's window apart", async () => {
    const { limiter: l } = limiter(1);
    expect(await l.take("key:a")).toEqual({ allowed: true, remaining: 0 });
    expect(await l.take("key:a")).toMatchObject({ allowed: false });
    expect(await l.take("key:b")).toEqual({ allowed: true, remaining: 0 });
    expect(await l.take("sub:a")).toEqual({ allowed: true, remaining: 0 });
  });

  it("refuses a limit that is not a positive whole number", () => {
    const store = new MemorySharedStore();
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createToolCallLimiter(store, bad)).toThrow(RangeError);
  });
});

/** One real redis-server (test/helpers/redis-server.ts), stopped by the caller. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const redis = await startRedisServer();
  return { url: redis.url, stop: () => redis.close() };
}

describe("tool call limiter over one real redis-server", () => {
  it("two instances share each subject's window", async () => {
    const redis = await startRedis();
    const stores = [new RedisSharedStore({ url: redis.url }), new RedisSharedStore({ url: redis.url })];
    try {
      const [a, b] = stores.map((store) => createToolCallLimiter(store, 3));
      const start = Date.now();
      expect(await a!.take("key:shared")).toEqual({ allowed: true, remaining: 2 });
      expect(await b!.take("key:shared")).toEqual({ allowed: true, remaining: 1 });
      expect(await a!.take("key:shared")).toEqual({ allowed: true, remaining: 0 });
      const refused = await b!.take("key:shared");
      expect(refused.allowed).toBe(false);
      const resetAtMs = refused.allowed ? 0 : refused.resetAtMs;
      expect(resetAtMs).toBeGreaterThan(start + RATE_LIMIT_WINDOW_MS - 5_000);
      expect(resetAtMs).toBeLessThanOrEqual(Date.now() + RATE_LIMIT_WINDOW_MS);
      expect(await a!.take("key:shared")).toMatchObject({ allowed: false });
      expect(await b!.take("key:other")).toEqual({ allowed: true, remaining: 2 });
    } finally {
      await Promise.all(stores.map((s) => s.close()));
      await redis.stop();
    }
  });
});

import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSharedStore } from "../../mcp/hotels/store/index.js";
import { MemorySharedStore } from "../../mcp/hotels/store/memory.js";
import { DEFAULT_KEY_PREFIX, RedisSharedStore } from "../../mcp/hotels/store/redis.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { sharedStoreContract } from "./helpers/shared-store-contract.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The same contract for both stores: memory on a fake clock, Redis on a real redis-server in real time.
sharedStoreContract("memory", () => {
  let now = 1_000_000;
  const store = new MemorySharedStore({ now: () => now });
  return Promise.resolve({
    a: store,
    b: store,
    pass: (ms: number) => {
      now += ms;
      return Promise.resolve();
    },
    close: () => store.close(),
  });
});

sharedStoreContract("redis", async () => {
  const server = await startRedisServer();
  const a = createSharedStore(server.url);
  const b = createSharedStore(server.url);
  return {
    a,
    b,
    pass: sleep,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await server.close();
    },
  };
});

describe("Redis store: what only a real server shows", () => {
  let server: RedisServer;
  let raw: ReturnType<typeof createClient>;

  beforeAll(async () => {
    server = await startRedisServer();
    raw = createClient({ url: server.url });
    await raw.connect();
  });
  afterAll(async () => {
    raw.destroy();
    await server.close();
  });

  it("is what createSharedStore builds for a redis:// URL, and memory without one", async () => {
    const store = createSharedStore(server.url);
    expect(store).toBeInstanceOf(RedisSharedStore);
    expect(store.kind).toBe("redis");
    await store.close();
    expect(createSharedStore(undefined).kind).toBe("memory");
  });

  it("keeps TTLs in Redis as PX expiries, under the toolkit's prefix, and update keeps them", async () => {
    const store = createSharedStore(server.url);
    await store.set("journey:jrn_px", "v", 60 * 60_000);
    const pttl = await raw.pTTL(`${DEFAULT_KEY_PREFIX}journey:jrn_px`);
    expect(pttl).toBeGreaterThan(60 * 60_000 - 5_000);
    expect(pttl).toBeLessThanOrEqual(60 * 60_000);
    await store.update("journey:jrn_px", () => "w");
    expect(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_px`)).toBe("w");
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}journey:jrn_px`)).toBeGreaterThan(60 * 60_000 - 5_000);
    await store.hit("rl:tools:alice", 60_000);
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}rl:tools:alice`)).toBeGreaterThan(55_000);
    await store.close();
  });

  it("an update that writes other keys sets them in the same transaction, or not at all, each living its own PX but never less than the key", async () => {
    const store = createSharedStore(server.url);
    await store.set("journey:jrn_tx", "v1", 60 * 60_000);
    await store.update("journey:jrn_tx", () => ({ value: "v2", alongside: [{ key: "journey-part:jrn_tx:p2", value: "part", ttlMs: 90 * 60_000 }] }));
    expect(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_tx`)).toBe("v2");
    expect(await raw.get(`${DEFAULT_KEY_PREFIX}journey-part:jrn_tx:p2`)).toBe("part");
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}journey-part:jrn_tx:p2`)).toBeGreaterThan(90 * 60_000 - 5_000);
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}journey:jrn_tx`)).toBeGreaterThan(60 * 60_000 - 5_000);
    // A shorter PX (an instance whose clock runs ahead of the one that created the key): the key's own TTL.
    await store.update("journey:jrn_tx", () => ({ value: "v2b", alongside: [{ key: "journey-part:jrn_tx:p2b", value: "part", ttlMs: 30_000 }] }));
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}journey-part:jrn_tx:p2b`)).toBeGreaterThan(60 * 60_000 - 5_000);
    await store.update("journey:jrn_tx", () => "v2");
    // A bad TTL is refused before anything is sent: neither key changes.
    await expect(store.update("journey:jrn_tx", () => ({ value: "v3", alongside: [{ key: "journey-part:jrn_tx:p3", value: "x", ttlMs: 0 }] }))).rejects.toThrow(RangeError);
    expect(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_tx`)).toBe("v2");
    expect(await raw.exists(`${DEFAULT_KEY_PREFIX}journey-part:jrn_tx:p3`)).toBe(0);
    await store.close();
  });

  it("compares what it read byte for byte, whatever the script: Cyrillic and emoji update in one round", async () => {
    const store = createSharedStore(server.url);
    await store.set("journey:jrn_ru", JSON.stringify({ city: "Казань «Кремль» 🏨" }), 60_000);
    let runs = 0;
    const after = await store.update("journey:jrn_ru", (c) => {
      runs += 1;
      return JSON.stringify({ ...(JSON.parse(c ?? "{}") as object), seen: "да" });
    });
    expect(runs).toBe(1);
    expect(JSON.parse(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_ru`) ?? "{}")).toEqual({ city: "Казань «Кремль» 🏨", seen: "да" });
    expect(after).toBe(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_ru`));
    await store.close();
  });

  it("an update handed the caller's last read starts from it (no second GET); a read gone stale is never written over", async () => {
    const store = createSharedStore(server.url);
    const calls = async (command: string): Promise<number> => Number(/calls=(\d+)/.exec((await raw.info("commandstats")).split("\n").find((l) => l.startsWith(`cmdstat_${command}:`)) ?? "")?.[1] ?? 0);
    await store.set("journey:jrn_read", "A", 60_000);
    const [getsBefore, evalsBefore] = [await calls("get"), await calls("eval")];
    expect(await store.update("journey:jrn_read", (c) => `${c}+mine`, { lastRead: "A" })).toBe("A+mine");
    // Only the GET inside the compare-and-set script.
    expect([(await calls("get")) - getsBefore, (await calls("eval")) - evalsBefore]).toEqual([1, 1]);

    // Another instance wrote after the caller's read: the update starts over from a fresh read and
    // keeps the other's change.
    await raw.set(`${DEFAULT_KEY_PREFIX}journey:jrn_read`, "B", { KEEPTTL: true });
    expect(await store.update("journey:jrn_read", (c) => `${c}+again`, { lastRead: "A+mine" })).toBe("B+again");
    // A change that would write nothing judged from the stale read is judged again from a fresh one.
    await raw.set(`${DEFAULT_KEY_PREFIX}journey:jrn_read`, "C", { KEEPTTL: true });
    expect(await store.update("journey:jrn_read", (c) => (c === "C" ? "C+seen" : undefined), { lastRead: "B+again" })).toBe("C+seen");
    expect(await raw.get(`${DEFAULT_KEY_PREFIX}journey:jrn_read`)).toBe("C+seen");
    // A key gone since the read stays gone: nothing is created from the hint.
    await raw.del(`${DEFAULT_KEY_PREFIX}journey:jrn_read`);
    expect(await store.update("journey:jrn_read", (c) => `${c}+late`, { lastRead: "C+seen" })).toBeUndefined();
    expect(await raw.exists(`${DEFAULT_KEY_PREFIX}journey:jrn_read`)).toBe(0);
    // An empty value that expires before the script runs is not brought back without a TTL.
    await store.set("journey:jrn_empty", "", 60_000);
    await raw.del(`${DEFAULT_KEY_PREFIX}journey:jrn_empty`);
    expect(await store.update("journey:jrn_empty", () => "x", { lastRead: "" })).toBeUndefined();
    expect(await raw.exists(`${DEFAULT_KEY_PREFIX}journey:jrn_empty`)).toBe(0);
    await store.close();
  });

  it("a window key found without an expiry gets one instead of counting forever", async () => {
    const store = createSharedStore(server.url);
    await raw.set(`${DEFAULT_KEY_PREFIX}rl:stray`, "7");
    expect(await store.hit("rl:stray", 60_000)).toMatchObject({ count: 8 });
    expect(await raw.pTTL(`${DEFAULT_KEY_PREFIX}rl:stray`)).toBeGreaterThan(0);
    await store.close();
  });

  it("an update racing another instance's write retries and keeps both changes", async () => {
    const store = createSharedStore(server.url);
    // The other instance's write is sent from inside `change`, on another connection: it usually
    // reaches Redis before this update's compare-and-set, but on a loaded machine it may come after. So the race
    // is tried until it happens; every attempt that raced must have retried and kept both changes.
    const raced: string[][] = [];
    for (let attempt = 0; attempt < 20 && raced.length === 0; attempt++) {
      const k = `race:${attempt}`;
      await store.set(k, "[]", 60_000);
      let runs = 0;
      const result = await store.update(k, (c) => {
        runs += 1;
        if (runs === 1) void raw.set(`${DEFAULT_KEY_PREFIX}${k}`, JSON.stringify(["other"]), { KEEPTTL: true });
        return JSON.stringify([...(JSON.parse(c ?? "[]") as string[]), "mine"]);
      });
      if (runs === 2) raced.push(JSON.parse(result ?? "null") as string[]);
      else expect(runs).toBe(1);
    }
    expect(raced.length).toBeGreaterThan(0);
    for (const r of raced) expect(r).toEqual(["other", "mine"]);
    await store.close();
  });

  it("ping fails while Redis is down and answers again once it is back", async () => {
    const own = await startRedisServer();
    const store = createSharedStore(own.url);
    try {
      await store.ping();
      await own.stop();
      await expect(store.ping()).rejects.toThrow();
      await expect(store.get("anything")).rejects.toThrow();
      await own.restart();
      await expect.poll(() => store.ping().then(() => "up", () => "down"), { timeout: 10_000, interval: 100 }).toBe("up");
    } finally {
      await store.close();
      await own.close();
    }
  });

  it("a command to a Redis that hangs fails within the command timeout, and the store answers again once it resumes", async () => {
    const own = await startRedisServer();
    const store = new RedisSharedStore({ url: own.url, commandTimeoutMs: 400 });
    try {
      await store.set("k", "v", 60_000);
      own.pause();
      const started = performance.now();
      await expect(store.get("k")).rejects.toThrow(/did not answer within 400 ms/);
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(400);
      expect(waited).toBeLessThan(5_000);
      // From then on a command fails at once and is never sent: nothing piles up behind the hung server.
      const refused = performance.now();
      await expect(store.hit("rl:k", 60_000)).rejects.toThrow(/not answering/);
      expect(performance.now() - refused).toBeLessThan(200);
      own.resume();
      await expect.poll(() => store.get("k").then((v) => v, () => "down"), { timeout: 10_000, interval: 100 }).toBe("v");
      // The refused hit was never applied, not even once Redis answered again.
      expect(await store.get("rl:k")).toBeUndefined();
    } finally {
      own.resume();
      await store.close();
      await own.close();
    }
  });

  it("a store whose Redis never answered fails ping within its connect wait", async () => {
    const own = await startRedisServer();
    await own.close();
    const store = new RedisSharedStore({ url: own.url, connectWaitMs: 300 });
    const started = Date.now();
    await expect(store.ping()).rejects.toThrow(/not connected \(waited 300 ms\)/);
    expect(Date.now() - started).toBeLessThan(1_500);
    await store.close();
    // Closed: a command fails at once instead of waiting for a connection that never comes.
    const closed = Date.now();
    await expect(store.ping()).rejects.toThrow(/closed/);
    expect(Date.now() - closed).toBeLessThan(200);
  });

  it("a command sent while Redis restarts waits for the connection and is answered", async () => {
    const own = await startRedisServer();
    const store = new RedisSharedStore({ url: own.url, connectWaitMs: 8_000 });
    try {
      await store.ping();
      await own.stop();
      await expect.poll(() => store.ping().then(() => "up", () => "down"), { timeout: 5_000, interval: 50 }).toBe("down");
      const pending = store.ping();
      await own.restart();
      await expect(pending).resolves.toBeUndefined();
    } finally {
      await store.close();
      await own.close();
    }
  });
});

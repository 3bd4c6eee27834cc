import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { osClockEnv } from "../fixtures/clock.js";
import { startHttpInstance } from "../helpers/http-instance.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

// The built bin (dist/, bundled with code splitting) on a real redis-server. The source-level
// store tests could not see it: bundled, the `redis` package's exports arrived under `default`
// only, so the store never connected and /readyz said store: unreachable.

/** One RESP command on a fresh connection: what is really in Redis, not what the bin says. */
function redisCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, "127.0.0.1");
    let reply = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => {
      reply += d;
      if (reply.endsWith("\r\n")) socket.end(() => resolve(reply));
    });
    socket.on("error", reject);
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`);
  });
}

describe("tbank-hotels-mcp --http (spawned bin) with TBANK_HOTELS_STORE_URL", () => {
  let sandbox: Sandbox;
  let redis: RedisServer;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    [sandbox, redis] = await Promise.all([startSandbox({ seed: "http-redis-bin", now: Date.now }), startRedisServer()]);
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await Promise.all([sandbox.close(), redis.close()]);
  });

  it("is ready with the store reachable, and keeps a journey in Redis", async () => {
    const env = {
      ...osClockEnv(),
      PATH: process.env.PATH ?? "",
      HOME: "/nonexistent-home",
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      TBANK_HOTELS_STORE_URL: redis.url,
    };
    const { child, url } = await startHttpInstance({ env });
    children.push(child);
    // The store dials Redis in the background and /readyz caches its answer for 5 s.
    let last: unknown;
    for (const until = Date.now() + 12_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      const res = await fetch(new URL("/readyz", url));
      last = await res.json();
      if (res.ok) break;
    }
    expect(last).toMatchObject({ status: "ready", store: "ok", provider: "ok" });

    const client = new Client({ name: "redis-bin-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const checkin = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10);
    const plan = await client.callTool({ name: "tbank_hotels_plan_stay", arguments: { destination: "Казань", checkinDate: checkin, checkoutDate: checkout, rooms: [{ adults: 2, childrenAges: [] }] } });
    await client.close();
    const journeyId = String((plan.structuredContent as { journeyId?: unknown }).journeyId);
    expect(journeyId).toMatch(/^jrn_/);
    expect(await redisCommand(redis.port, "EXISTS", `tbank-hotels:journey:${journeyId}`)).toBe(":1\r\n");
  }, 30_000);
});

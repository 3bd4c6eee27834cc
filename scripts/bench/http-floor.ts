import { Agent, createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { RedisSharedStore } from "../../mcp/hotels/store/redis.js";
import { postJson } from "./lean-client.js";
import { percentile, type BenchRow } from "./stats.js";

// The floor under the overhead goal on this machine: a bare Node HTTP server that, for each POST,
// makes one provider request (the same sandbox, the same 50 ms) and answers. What a call costs it
// beyond the provider is only the client's request, two HTTP hops on loopback and the wake-ups of
// idle processes, with no MCP, no store and no tool: the remote mode cannot do better than this.
//
// With a Redis URL, the floor of a stateless call on Redis: before the provider request, one round
// trip that reads a journey-sized value beside a rate-window hit; after it, one that writes the
// value back if it is still the one read (the two round trips any instance must make to answer a
// call on a journey another instance may have written).

/** About the key of a journey every call reads and writes back once an inspection is in (bench:http). */
export const JOURNEY_BYTES = 2_200;
const FLOOR_JOURNEY = "bench-floor:journey";

/** What the floor under load does for one tool (scripts/bench/http-floor-server.ts). */
export interface ToolPattern {
  requests: number;
  /** Provider requests one after another; the rest go beside the last. */
  rounds: number;
}

const CALLS = 200;
// Between calls, as an agent's turns leave the processes idle.
const GAP_MS = 20;

export function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => (text += chunk));
    res.on("end", () => resolve(text));
    res.on("error", reject);
  });
}

/** The sandbox's cheapest route: the floors' one provider request. */
export function floorProviderUrl(providerBaseUrl: string): URL {
  return new URL("v1/seo/locations?limit=1", providerBaseUrl.endsWith("/") ? providerBaseUrl : `${providerBaseUrl}/`);
}

export async function bareProxyFloor(providerBaseUrl: string, redisUrl?: string): Promise<BenchRow> {
  const target = floorProviderUrl(providerBaseUrl);
  const providerAgent = new Agent({ keepAlive: true });
  let waitedMs = 0;
  // Sent until its answer's headers arrived, as the servers' provider-wait metric counts it.
  const provider = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const sent = performance.now();
      const req = request(target, { agent: providerAgent }, (res) => {
        waitedMs += performance.now() - sent;
        readAll(res).then(resolve, reject);
      });
      req.on("error", reject);
      req.end();
    });
  let store: FloorJourneys | undefined;
  // The first failure inside the server, reported instead of the client's hang-up.
  let failed: unknown;
  const server = createServer((req, res) => {
    readAll(req)
      .then(async (body) => {
        const { id } = JSON.parse(body) as { id: number };
        const read = await store?.read(FLOOR_JOURNEY);
        if (store && read === undefined) throw new Error("the floor's journey is gone");
        const answer = await provider();
        if (read !== undefined) await store?.write(FLOOR_JOURNEY, read);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { bytes: answer.length } }));
      })
      .catch((err: unknown) => {
        failed ??= err;
        res.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  const call = (id: number) => postJson(mcpUrl, clientAgent, { jsonrpc: "2.0", id, method: "tools/call", params: { name: "floor", arguments: {} } });
  try {
    if (redisUrl !== undefined) {
      store = floorJourneys(redisUrl);
      await store.write(FLOOR_JOURNEY, undefined);
    }
    for (let i = 0; i < 20; i++) await call(i);
    waitedMs = 0;
    const latencies: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      await new Promise((r) => setTimeout(r, GAP_MS));
      const started = performance.now();
      await call(i);
      latencies.push(performance.now() - started);
    }
    const p50 = percentile(latencies, 50);
    const waited = waitedMs / CALLS;
    const name = store ? "bare Node proxy + Redis read and write, one provider request" : "bare Node proxy, one provider request";
    return { name, figure: `${p50.toFixed(2)} ms`, anchor: `provider wait ${waited.toFixed(2)} ms`, ratio: p50 / waited };
  } catch (err) {
    throw failed ?? err;
  } finally {
    clientAgent.destroy();
    providerAgent.destroy();
    await new Promise((resolve) => server.close(resolve));
    await store?.close();
  }
}

/** The Redis round trips of a stateless call on a journey, by the servers' own store (RedisSharedStore). */
export interface FloorJourneys {
  /** The journey under `key` (undefined when there is none yet), read beside a rate-window hit: one round trip. */
  read(key: string): Promise<string | undefined>;
  /** A new journey-sized value: set when `current` is undefined, else compare-and-set from that read. */
  write(key: string, current: string | undefined): Promise<void>;
  close(): Promise<void>;
}

export function floorJourneys(url: string): FloorJourneys {
  const store = new RedisSharedStore({ url });
  const filler = "x".repeat(JOURNEY_BYTES);
  let version = 0;
  return {
    // Sent in one event-loop turn: one write, one round trip, as the servers send theirs.
    read: async (key) => (await Promise.all([store.get(key), store.hit("bench-floor:hits", 60_000)]))[0],
    async write(key, current) {
      version += 1;
      const next = `{"v":${version},"state":"${filler}"}`;
      if (current === undefined) return store.set(key, next, 3_600_000);
      // From the read just made, as a call's update starts from its read. One session plays a journey.
      const written = await store.update(key, () => next, { lastRead: current });
      if (written !== next) throw new Error("the floor's compare-and-set lost a round nobody else plays");
    },
    close: () => store.close(),
  };
}

import { createHash } from "node:crypto";
import { Agent, createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
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

/** About the part of a journey every call reads and writes back once rates are in (bench:http). */
const JOURNEY_BYTES = 9_700;
const HIT = `local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return c`;
const CAS = `local v = redis.call('GET', KEYS[1]) if not v or redis.sha1hex(v) ~= ARGV[1] then return 0 end redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') return 1`;

const CALLS = 200;
// Between calls, as an agent's turns leave the processes idle.
const GAP_MS = 20;

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => (text += chunk));
    res.on("end", () => resolve(text));
    res.on("error", reject);
  });
}

export async function bareProxyFloor(providerBaseUrl: string, redisUrl?: string): Promise<BenchRow> {
  const target = new URL("v1/seo/locations?limit=1", providerBaseUrl.endsWith("/") ? providerBaseUrl : `${providerBaseUrl}/`);
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
  let store: JourneyStore | undefined;
  // The first failure inside the server, reported instead of the client's hang-up.
  let failed: unknown;
  const server = createServer((req, res) => {
    readAll(req)
      .then(async (body) => {
        const { id } = JSON.parse(body) as { id: number };
        const read = await store?.read();
        const answer = await provider();
        if (read !== undefined) await store?.write(read);
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
    if (redisUrl !== undefined) store = await journeyStore(redisUrl);
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

interface JourneyStore {
  read(): Promise<string>;
  write(current: string): Promise<void>;
  close(): Promise<void>;
}

async function journeyStore(url: string): Promise<JourneyStore> {
  const loaded = await import("redis");
  // Bundled (dist/), esbuild hands this CommonJS package over as `default` only.
  const { createClient } = "createClient" in loaded ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  // One try: a Redis that goes away fails the floor instead of retrying behind it.
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  let lastError: unknown;
  client.on("error", (err: unknown) => (lastError = err));
  const close = async (): Promise<void> => {
    try {
      await client.close();
    } catch {
      // Never connected, or already gone.
    }
  };
  try {
    await client.connect();
  } catch (err) {
    await close();
    throw lastError ?? err;
  }
  const key = "bench-floor:journey";
  const filler = "x".repeat(JOURNEY_BYTES);
  let version = 0;
  const value = () => `{"v":${version},"state":"${filler}"}`;
  try {
    await client.set(key, value(), { expiration: { type: "PX", value: 3_600_000 } });
  } catch (err) {
    await close();
    throw err;
  }
  return {
    async read() {
      // Sent in one event-loop turn: one write, one round trip, as the servers send theirs.
      const [value] = await Promise.all([client.get(key), client.eval(HIT, { keys: ["bench-floor:hits"], arguments: ["60000"] })]);
      if (value === null) throw new Error("the floor's journey is gone");
      return value;
    },
    async write(current) {
      version += 1;
      const next = value();
      const sha1 = createHash("sha1").update(current).digest("hex");
      const written = await client.eval(CAS, { keys: [key], arguments: [sha1, next] });
      if (written !== 1) throw new Error("the floor's compare-and-set lost a round nobody else plays");
    },
    close,
  };
}

import { Agent, createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { postJson } from "./lean-client.js";
import { percentile, type BenchRow } from "./stats.js";

// The floor under the overhead goal on this machine: a bare Node HTTP server that, for each POST,
// makes one provider request (the same sandbox, the same 50 ms) and answers. What a call costs it
// beyond the provider is only the client's request, two HTTP hops on loopback and the wake-ups of
// idle processes, with no MCP, no store and no tool: the remote mode cannot do better than this.

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

export async function bareProxyFloor(providerBaseUrl: string): Promise<BenchRow> {
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
  const server = createServer((req, res) => {
    readAll(req)
      .then(async (body) => {
        const { id } = JSON.parse(body) as { id: number };
        const answer = await provider();
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { bytes: answer.length } }));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  const call = (id: number) => postJson(mcpUrl, clientAgent, { jsonrpc: "2.0", id, method: "tools/call", params: { name: "floor", arguments: {} } });
  try {
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
    return { name: "bare Node proxy, one provider request", figure: `${p50.toFixed(2)} ms`, anchor: `provider wait ${waited.toFixed(2)} ms`, ratio: p50 / waited };
  } finally {
    clientAgent.destroy();
    providerAgent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

import { Agent, createServer, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ProviderWaitMeter } from "../../shared/http/provider-wait.js";
import { floorJourneys, floorProviderUrl, readAll, type ToolPattern } from "./http-floor.js";

// bench:http's floor under load: a bare Node server in a process of its own that the load's
// sessions play the golden journey against, as they play the real instances. For each tools/call it
// makes the provider requests the real server made for that tool (how many, and in how many rounds
// one after another: measured one call at a time in the phase before), then answers the few fields
// the journey reads. With a Redis URL, a call first reads a journey-sized value beside a rate-window
// hit, and after its provider requests writes it back (compare-and-set; plan_stay sets a new one),
// as a stateless call does. No MCP, no tool, no parsing: the contention of the machine under this
// load (the sandbox, the clients, a second process, Redis) and nothing else. Kind to itself: its
// provider route is the sandbox's cheapest and its answers are small, so the sandbox and the
// clients work less than for the real servers; a floor, not a twin.
//
// argv: <provider base URL> <pattern JSON: { [tool]: ToolPattern }> [redis URL]

const [providerBaseUrl = "", patternJson = "{}", redisUrl] = process.argv.slice(2);
const patterns = new Map(Object.entries(JSON.parse(patternJson) as Record<string, ToolPattern>));
const target = floorProviderUrl(providerBaseUrl);
const providerAgent = new Agent({ keepAlive: true });
const store = redisUrl === undefined ? undefined : floorJourneys(redisUrl);
// Read as the servers' tbank_hotels_provider_wait_seconds_total is.
const wait = new ProviderWaitMeter();
let journeys = 0;

function provider(): Promise<void> {
  return new Promise((resolve, reject) => {
    const answered = wait.begin();
    const req = request(target, { agent: providerAgent }, (res) => {
      answered();
      res.resume();
      res.on("end", resolve);
      res.on("error", reject);
    });
    req.on("error", (err) => {
      answered();
      reject(err);
    });
    req.end();
  });
}

/** `rounds - 1` requests one after another, then the rest at once. */
async function providerRequests({ requests, rounds }: ToolPattern): Promise<void> {
  const alone = Math.max(0, Math.min(requests, rounds) - 1);
  for (let k = 0; k < alone; k++) await provider();
  await Promise.all(Array.from({ length: requests - alone }, () => provider()));
}

async function toolCall(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const tool = name.replace(/^tbank_hotels_/, "");
  const journeyId = typeof args.journeyId === "string" ? args.journeyId : `jrn_floor_${process.pid}_${++journeys}`;
  const key = `bench-floor:journey:${journeyId}`;
  const read = await store?.read(key);
  const pattern = patterns.get(tool);
  if (pattern && pattern.requests > 0) await providerRequests(pattern);
  await store?.write(key, read);
  switch (tool) {
    case "plan_stay":
      return { status: "ok", journeyId };
    case "compare_stay_options":
      return { status: "ok", comparisonRows: [{ optionId: "opt_floor" }] };
    case "get_selected_stay_rates":
      return { status: "ready" };
    default:
      return { status: "ok" };
  }
}

function answer(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { "content-type": body === undefined ? "text/plain" : "application/json" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/metrics") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(`tbank_hotels_provider_wait_seconds_total ${wait.busyMs / 1000}\n`);
    return;
  }
  readAll(req)
    .then(async (text) => {
      const message = JSON.parse(text) as { id?: number; method: string; params?: { name?: string; arguments?: Record<string, unknown>; protocolVersion?: string } };
      if (message.id === undefined) return answer(res, 202);
      if (message.method === "initialize") {
        return answer(res, 200, { jsonrpc: "2.0", id: message.id, result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bench-floor", version: "1" } } });
      }
      const structuredContent = await toolCall(message.params?.name ?? "", message.params?.arguments ?? {});
      answer(res, 200, { jsonrpc: "2.0", id: message.id, result: { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent } });
    })
    .catch((err: unknown) => {
      process.stderr.write(`bench floor: ${err instanceof Error ? err.message : String(err)}\n`);
      res.destroy();
    });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}/mcp` });
});
// Stopped by the parent going away (its IPC channel closing): with the server, the provider's
// connections and the store closed, nothing keeps this process alive.
process.on("disconnect", () => {
  server.close();
  server.closeAllConnections();
  providerAgent.destroy();
  void store?.close();
});

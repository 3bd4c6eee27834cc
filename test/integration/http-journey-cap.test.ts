import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHotelsHttp, type HotelsHttpServer } from "../../mcp/hotels/http/server.js";
import { MAX_JOURNEYS } from "../../mcp/hotels/journey/store.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig, type ConfigProblem, type Env } from "../../shared/config/index.js";

// One instance without Redis keeps journeys in memory. stdio's cap (MAX_JOURNEYS, one person's) would
// evict journeys still in use on an endpoint with 200 people planning at once (bench:http found it),
// so the HTTP mode has its own, TBANK_HOTELS_HTTP_MAX_JOURNEYS.

const base: Env = { HOME: "/nonexistent-home" };
const configOf = (env: Env) => parseConfig({ ...base, ...env }, { platform: "linux", stat: () => undefined });
const problems = (env: Env): ConfigProblem[] => {
  const result = configOf(env);
  return result.ok ? [] : result.problems;
};

describe("HTTP-mode journey cap: configuration", () => {
  it("defaults to 1000 journeys, well above stdio's", () => {
    const result = configOf({});
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.config.http.maxJourneys).toBe(1000);
    expect(result.config.http.maxJourneys).toBeGreaterThan(MAX_JOURNEYS);
  });

  it("refuses values out of range, naming the variable", () => {
    for (const value of ["0", "100001", "lots"]) expect(problems({ TBANK_HOTELS_HTTP_MAX_JOURNEYS: value }).map((p) => p.variable)).toEqual(["TBANK_HOTELS_HTTP_MAX_JOURNEYS"]);
  });
});

describe("HTTP-mode journey cap: a live --http server", () => {
  let sandbox: Sandbox;
  const servers: HotelsHttpServer[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "http-journey-cap", now: Date.now });
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const s of servers) await s.close();
    await sandbox.close();
  });

  async function connect(env: Env): Promise<Client> {
    const result = configOf({ TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate, TBANK_HOTELS_HTTP_PORT: "0", ...env });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const server = await startHotelsHttp(result.config);
    servers.push(server);
    const client = new Client({ name: "journey-cap-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return client;
  }

  // A stay a month from whatever today is: the server and the sandbox read the machine's clock here.
  const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const plan = async (client: Client): Promise<string> => {
    const result = await client.callTool({
      name: "tbank_hotels_plan_stay",
      arguments: { destination: "Казань", checkinDate: day(30), checkoutDate: day(32), rooms: [{ adults: 2, childrenAges: [] }] },
    });
    const data = result.structuredContent as { status: string; journeyId?: string };
    expect(data.status).toBe("ok");
    return String(data.journeyId);
  };
  const status = async (client: Client, journeyId: string): Promise<string> => {
    const result = await client.callTool({ name: "tbank_hotels_get_stay_options", arguments: { journeyId, limit: 1 } });
    return String((result.structuredContent as { status: string }).status);
  };

  it("keeps more journeys than stdio's cap by default", async () => {
    const client = await connect({ TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: "1000" });
    // Identical plans share one provider search (30 s cache), so each later plan only opens a journey.
    const first = await plan(client);
    for (let i = 0; i < MAX_JOURNEYS; i++) await plan(client);
    expect(await status(client, first)).toBe("ok");
  });

  it("takes its cap from TBANK_HOTELS_HTTP_MAX_JOURNEYS: the earliest journey makes room", async () => {
    const client = await connect({ TBANK_HOTELS_HTTP_MAX_JOURNEYS: "2" });
    const first = await plan(client);
    const second = await plan(client);
    const third = await plan(client);
    expect(await status(client, first)).toBe("journey_not_found");
    expect([await status(client, second), await status(client, third)]).toEqual(["ok", "ok"]);
  });
});

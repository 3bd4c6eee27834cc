import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHotelsHttp, type HotelsHttpServer } from "../../mcp/hotels/http/server.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig, type ConfigProblem, type Env } from "../../shared/config/index.js";

// A shared endpoint gets its own provider limits (TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS,
// TBANK_HOTELS_HTTP_PROVIDER_QUEUE); stdio keeps one person's (2..8 in flight, 32 queued).

const base: Env = { HOME: "/nonexistent-home" };

function parsed(env: Env) {
  const result = parseConfig({ ...base, ...env }, { platform: "linux", stat: () => undefined });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.config;
}

function problems(env: Env): ConfigProblem[] {
  const result = parseConfig({ ...base, ...env }, { platform: "linux", stat: () => undefined });
  return result.ok ? [] : result.problems;
}

describe("HTTP-mode provider limits: configuration", () => {
  it("defaults to 64 in flight and a queue 16 times that; stdio keeps 2", () => {
    const config = parsed({});
    expect(config.http.providerMaxConcurrent).toBe(64);
    expect(config.http.providerQueueLimit).toBe(1024);
    expect(config.hotels.maxConcurrentRequests).toBe(2);
  });

  it("sizes the default queue from the in-flight limit, or takes its own", () => {
    expect(parsed({ TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS: "200" }).http).toMatchObject({ providerMaxConcurrent: 200, providerQueueLimit: 3200 });
    expect(parsed({ TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS: "200", TBANK_HOTELS_HTTP_PROVIDER_QUEUE: "0" }).http).toMatchObject({ providerMaxConcurrent: 200, providerQueueLimit: 0 });
  });

  it("refuses values out of range, naming the variable", () => {
    for (const value of ["0", "513", "many"]) expect(problems({ TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS: value }).map((p) => p.variable)).toEqual(["TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS"]);
    expect(problems({ TBANK_HOTELS_HTTP_PROVIDER_QUEUE: "8193" }).map((p) => p.variable)).toEqual(["TBANK_HOTELS_HTTP_PROVIDER_QUEUE"]);
    // The stdio limit's range is unchanged: a shared endpoint's number does not fit one person's.
    expect(problems({ TBANK_HOTELS_MAX_CONCURRENT_REQUESTS: "64" }).map((p) => p.variable)).toEqual(["TBANK_HOTELS_MAX_CONCURRENT_REQUESTS"]);
  });
});

describe("HTTP-mode provider limits: a live --http server", () => {
  let sandbox: Sandbox;
  const servers: HotelsHttpServer[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "http-provider-limits", now: Date.now });
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const s of servers) await s.close();
    await sandbox.close();
  });

  /** connection_status's load line: "<in flight>/<max> in flight, <queued>/<queue limit> queued, …". */
  async function loadLine(env: Env): Promise<string> {
    const config = parsed({ TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate, TBANK_HOTELS_HTTP_PORT: "0", ...env });
    const server = await startHotelsHttp(config);
    servers.push(server);
    const client = new Client({ name: "limits-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    const result = await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} });
    return String((result.structuredContent as { load?: unknown }).load);
  }

  it("reports the endpoint's limits, not stdio's, in connection_status", async () => {
    expect(await loadLine({})).toMatch(/^0\/64 in flight, 0\/1024 queued,/);
    // The stdio variable does not reach the HTTP mode's provider client.
    expect(await loadLine({ TBANK_HOTELS_MAX_CONCURRENT_REQUESTS: "8", TBANK_HOTELS_HTTP_MAX_CONCURRENT_REQUESTS: "3", TBANK_HOTELS_HTTP_PROVIDER_QUEUE: "7" })).toMatch(/^0\/3 in flight, 0\/7 queued,/);
  });
});

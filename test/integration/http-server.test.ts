import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createClient } from "redis";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHotelsHttp, HttpStartupError, type HotelsHttpDeps, type HotelsHttpServer } from "../../mcp/hotels/http/server.js";
import type { HttpAuthenticator, ToolCallLimiter } from "../../mcp/hotels/http/contract.js";
import { HTTP_REQUESTS_PER_TOOL_CALL } from "../../mcp/hotels/http/request-guard.js";
import { createSharedStore } from "../../mcp/hotels/store/index.js";
import type { SharedStore } from "../../mcp/hotels/store/types.js";
import { HOTELS_TOOLS } from "../../mcp/hotels/tools/index.js";
import { goldenJourney } from "../../scripts/bench/mcp.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { parseConfig } from "../../shared/config/index.js";
import { startRedisServer } from "../helpers/redis-server.js";

// The remote mode in process, on a free port, against a sandbox over real HTTP. The sandbox and the
// server read the OS clock, like the golden journey's dates.

const MCP_ACCEPT = "application/json, text/event-stream";
const ALLOWED_ORIGIN = "https://console.example";

describe("tbank-hotels-mcp --http, in process", () => {
  let sandbox: Sandbox;
  const servers: HotelsHttpServer[] = [];
  const clients: Client[] = [];

  async function start(env: Record<string, string> = {}, deps: HotelsHttpDeps = {}): Promise<HotelsHttpServer> {
    const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl, TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate, TBANK_HOTELS_HTTP_PORT: "0", ...env });
    if (!parsed.ok) throw new Error(`bad test config: ${JSON.stringify(parsed.problems)}`);
    const server = await startHotelsHttp(parsed.config, { explicitToolsets: env.TBANK_HOTELS_TOOLSETS !== undefined, ...deps });
    servers.push(server);
    return server;
  }

  async function connect(server: HotelsHttpServer): Promise<Client> {
    const client = new Client({ name: "http-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    clients.push(client);
    return client;
  }

  const post = (server: HotelsHttpServer, body: unknown, headers: Record<string, string> = {}, path = "/mcp"): Promise<Response> =>
    fetch(new URL(path, server.url), { method: "POST", headers: { "content-type": "application/json", accept: MCP_ACCEPT, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

  const toolCall = (id: number | string, name = "tbank_hotels_resolve_destination", args: Record<string, unknown> = { query: "Казань" }) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "http-server", now: Date.now });
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const s of servers) await s.close();
    await sandbox.close();
  });

  describe("one server with defaults", () => {
    let server: HotelsHttpServer;
    beforeAll(async () => {
      server = await start({ TBANK_HOTELS_HTTP_ALLOWED_ORIGINS: ALLOWED_ORIGIN, TBANK_HOTELS_HTTP_MAX_BODY_BYTES: "4096" });
    });

    it("plays the golden journey over Streamable HTTP with the SDK client, stateless", async () => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = await connect(server);
      const steps = await goldenJourney(client);
      expect(steps.map((s) => s.tool)).toEqual(expect.arrayContaining(["plan_stay", "compare_stay_options", "select_stay_rate", "create_checkout_handoff"]));
      expect(steps.at(-1)).toMatchObject({ tool: "create_checkout_handoff", status: "handoff_ready" });
      // No session: every POST is answered by whichever pooled server is free.
      const res = await post(server, { jsonrpc: "2.0", id: 1, method: "ping" });
      expect(res.headers.get("mcp-session-id")).toBeNull();
      expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    });

    it("GET and DELETE /mcp are 405 with Allow: POST", async () => {
      for (const method of ["GET", "DELETE"]) {
        const res = await fetch(server.url, { method, headers: { accept: MCP_ACCEPT } });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toContain("POST");
      }
    });

    it("refuses a Host it does not answer to (DNS rebinding) with 421", async () => {
      const { request } = await import("node:http");
      const url = new URL(server.url);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: "/mcp", method: "POST", headers: { host: "evil.example", "content-type": "application/json", accept: MCP_ACCEPT } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
      });
      expect(status).toBe(421);
    });

    it("refuses a foreign Origin; an allowed origin gets CORS, the preflight too", async () => {
      const foreign = await post(server, { jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();

      const allowed = await post(server, { jsonrpc: "2.0", id: 1, method: "ping" }, { origin: ALLOWED_ORIGIN });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      expect(allowed.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");

      const preflight = await fetch(server.url, { method: "OPTIONS", headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
      for (const h of ["Authorization", "X-Api-Key", "Content-Type", "Mcp-Protocol-Version", "Mcp-Session-Id"]) expect(preflight.headers.get("access-control-allow-headers")).toContain(h);
      const foreignPreflight = await fetch(server.url, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
      expect(foreignPreflight.status).toBe(403);

      // The server's own origin (its landing page calling it) is same-origin, not foreign.
      const own = await post(server, { jsonrpc: "2.0", id: 1, method: "ping" }, { origin: new URL(server.url).origin });
      expect(own.status).toBe(200);
    });

    it("judges malformed targets and Hosts itself, as it judges any other request (the adapter would refuse or rewrite them)", async () => {
      const { connect: dial } = await import("node:net");
      const url = new URL(server.url);
      const raw = (target: string, host: string | null = url.host, method = "GET") =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const socket = dial(Number(url.port), url.hostname, () => socket.end(`${method} ${target} HTTP/1.${host === null ? 0 : 1}\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`));
          let text = "";
          socket.on("data", (d: Buffer) => (text += d.toString("utf8")));
          socket.on("error", reject);
          socket.on("close", () => resolve({ status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) }));
        });
      for (const target of ["/mcp\\x", "/a/../mcp", "/./mcp", "/a/%2e%2e/mcp", "/%2E/mcp", "/%6Dcp", "*", `http://${url.host}/mcp`]) {
        const res = await raw(target);
        expect([res.status, JSON.parse(res.body)], target).toEqual([404, { error: "not_found", error_description: "no such path; the MCP endpoint is /mcp" }]);
      }
      expect((await raw("*", url.host, "OPTIONS")).status).toBe(204);
      for (const host of ["evil example", "evil.example:99999", null]) expect((await raw("/mcp", host)).status, String(host)).toBe(421);
      expect((await raw("/healthz", "evil example")).status).toBe(200);
      expect((await raw("/a/../mcp?api_key=secret-value")).status).toBe(400);
    });

    it("answers 413 to a body over the cap, declared or chunked", async () => {
      const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(5000) } });
      const declared = await post(server, big);
      expect(declared.status).toBe(413);
      const chunked = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: MCP_ACCEPT },
        body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(big)), c.close()) }),
        duplex: "half",
      });
      expect(chunked.status).toBe(413);
      // Under the cap the same server answers.
      expect((await post(server, { jsonrpc: "2.0", id: 2, method: "ping" })).status).toBe(200);
    });

    it("refuses a key in the query string with 400 naming the headers, before any auth", async () => {
      for (const param of ["api_key", "key", "access_token", "token"]) {
        const res = await post(server, { jsonrpc: "2.0", id: 1, method: "ping" }, {}, `/mcp?${param}=sk-secret-value-123`);
        expect(res.status).toBe(400);
        const body = (await res.json()) as { error: string; error_description: string };
        expect(body.error).toBe("invalid_request");
        expect(body.error_description).toContain("Authorization: Bearer");
        expect(body.error_description).toContain("X-Api-Key");
        expect(JSON.stringify(body)).not.toContain("sk-secret-value-123");
      }
    });

    it("/healthz is alive, /readyz checks store and provider, OAuth metadata is 404 without OAuth", async () => {
      const health = await fetch(new URL("/healthz", server.url));
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await fetch(new URL("/readyz", server.url));
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", store: "ok", provider: "ok" });
      expect((await fetch(new URL("/.well-known/oauth-protected-resource", server.url))).status).toBe(404);
    });

    it("/metrics counts a tool call by tool and status, with its latency", async () => {
      await post(server, toolCall(7));
      const text = await (await fetch(new URL("/metrics", server.url))).text();
      expect(text).toMatch(/tbank_hotels_tool_calls_total\{tool="tbank_hotels_resolve_destination",status="resolved"\} [1-9]/);
      expect(text).toMatch(/tbank_hotels_tool_call_duration_seconds_count\{tool="tbank_hotels_resolve_destination"\} [1-9]/);
      expect(text).toMatch(/tbank_hotels_http_requests_total\{route="mcp",status="200"\} [1-9]/);
      expect(text).toContain("tbank_hotels_rate_limited_total 0");
      // What the instance waited on the Hotels API: the latency its own overhead is judged against.
      expect(Number(/^tbank_hotels_provider_requests_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
      expect(Number(/^tbank_hotels_provider_wait_seconds_total ([\d.e-]+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    });

    it("serves the landing page with a strict CSP and this server's URL in the snippets", async () => {
      const res = await fetch(new URL("/", server.url), { headers: { "accept-language": "ru-RU,ru;q=0.9" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain(`claude mcp add --transport http tbank-hotels ${server.url}`);
      expect(html).toContain(`url = &#34;${server.url}&#34;`);
      expect(html).toContain("tbank_hotels_plan_stay");
      expect(html.indexOf('lang="ru"')).toBeLessThan(html.indexOf('<section lang="en"'));
    });
  });

  it("lists only journey, lowlevel (without the order reads) and always-on tools, even with TBANK_HOTELS_TOOLSETS=all, and says what it left out", async () => {
    const warnings: string[] = [];
    const server = await start({ TBANK_HOTELS_TOOLSETS: "all", TBANK_AUTH_BROKER_SOCKET: "/nonexistent/broker.sock", TBANK_HOTELS_ENABLE_MUTATIONS: "true" }, { warn: (m) => warnings.push(m) });
    const client = await connect(server);
    const listed = new Set((await client.listTools()).tools.map((t) => t.name));
    const toolset = new Map(HOTELS_TOOLS.map((t) => [t.name, t.toolset]));
    for (const name of listed) expect(["journey", "lowlevel", "always"]).toContain(toolset.get(name));
    // The order reads are lowlevel tools the remote mode never serves (issue 28).
    const orderReads = ["get_reservation", "get_evo_booking", "get_booking_task_status", "check_ls_order", "get_review_order_status"].map((n) => `tbank_hotels_${n}`);
    for (const t of HOTELS_TOOLS) expect(listed.has(t.name)).toBe(["journey", "lowlevel", "always"].includes(t.toolset) && !orderReads.includes(t.name));
    expect(warnings).toEqual([expect.stringContaining("customer, booking, mutations")]);
    // The broker socket is never dialled: connection_status reads customer tools as not configured.
    const status = (await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} })) as CallToolResult;
    expect(status.structuredContent).toMatchObject({ customerReadiness: { state: "not_configured" } });
  });

  it("limits tool calls per key: the (N+1)th gets status=rate_limited while tools/list still works; the HTTP guard answers 429", async () => {
    const perMinute = 2;
    const server = await start({ TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: String(perMinute) });
    const client = await connect(server);
    // As hosts do: the listed output schemas are what the client checks every result against.
    await client.listTools();
    for (let i = 0; i < perMinute; i++) {
      const ok = (await client.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } })) as CallToolResult;
      expect(ok.structuredContent).toMatchObject({ status: "resolved" });
    }
    // Through the SDK client, which checks the result against the listed output schema.
    const limited = (await client.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } })) as CallToolResult;
    expect(limited.isError).toBe(false);
    expect(limited.structuredContent).toMatchObject({ status: "rate_limited", retryAllowed: true, resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) as string });
    expect(String(limited.structuredContent?.nextStep)).toMatch(/^wait until \d\d:\d\d:\d\d UTC \(in \d+ seconds\) before calling tools again; tell the person/);
    const text = limited.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    expect(text).toContain("status=rate_limited retryAllowed=true");
    expect(text).toContain(String(limited.structuredContent?.resetsAt));
    // A tool without a status of its own fits the listed schema too.
    const status = (await client.callTool({ name: "tbank_hotels_connection_status", arguments: {} })) as CallToolResult;
    expect(status.structuredContent).toMatchObject({ status: "rate_limited" });
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
    await client.ping();
    const metrics = await (await fetch(new URL("/metrics", server.url))).text();
    expect(metrics).toContain("tbank_hotels_rate_limited_total 2");

    // Far past any honest client's pace: the guard answers before the MCP layer.
    const statuses: number[] = [];
    for (let i = 0; i < perMinute * HTTP_REQUESTS_PER_TOOL_CALL; i++) statuses.push((await post(server, { jsonrpc: "2.0", id: i, method: "ping" })).status);
    const refused = await post(server, { jsonrpc: "2.0", id: 0, method: "ping" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses[0]).toBe(200);
  });

  it("refuses a batch carrying a tool call, since each call is counted against the limit on its own", async () => {
    const server = await start();
    const res = await post(server, [toolCall(1), { jsonrpc: "2.0", id: 2, method: "ping" }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringContaining("not in a batch") as string } });
  });

  it("answers every POST /mcp through the SDK's transport, which judges the headers and the message", async () => {
    const server = await start({ TBANK_HOTELS_HTTP_ALLOWED_ORIGINS: ALLOWED_ORIGIN });
    const handled = vi.spyOn(WebStandardStreamableHTTPServerTransport.prototype, "handleRequest");
    const cases: { body: unknown; headers?: Record<string, string | string[]>; status: number; result?: unknown; error?: number }[] = [
      { body: toolCall(1), status: 200, result: { structuredContent: { status: "resolved" } } },
      { body: { ...toolCall("id-2"), params: { name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" }, _meta: { progressToken: 5 } } }, status: 200, result: { structuredContent: { status: "resolved" } } },
      { body: toolCall(3, "tbank_hotels_no_such_tool"), status: 200, result: { isError: true } },
      { body: toolCall(5), headers: { "mcp-protocol-version": "2025-06-18" }, status: 200, result: { structuredContent: { status: "resolved" } } },
      { body: toolCall(6), headers: { "content-type": "application/json; charset=utf-8", origin: ALLOWED_ORIGIN }, status: 200, result: { structuredContent: { status: "resolved" } } },
      { body: toolCall(7), headers: { "mcp-protocol-version": "1999-01-01" }, status: 400, error: -32000 },
      { body: toolCall(8), headers: { accept: "application/json" }, status: 406, error: -32000 },
      { body: toolCall(9), headers: { "content-type": "text/plain" }, status: 415, error: -32000 },
      // Two Content-Type lines reach the transport joined, and it refuses them.
      { body: toolCall(11), headers: { "content-type": ["application/json", "text/plain"] }, status: 415, error: -32000 },
    ];
    // node:http, not fetch: fetch joins repeated headers into one line.
    const answer = (c: (typeof cases)[number]) =>
      new Promise<{ status?: number; headers: Record<string, unknown>; body: unknown }>((resolve, reject) => {
        const req = httpRequest(server.url, { method: "POST", headers: { "content-type": "application/json", accept: MCP_ACCEPT, ...c.headers } }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text === "" ? null : (JSON.parse(text) as unknown) }));
        });
        req.on("error", reject);
        req.end(JSON.stringify(c.body));
      });
    try {
      for (const c of cases) {
        handled.mockClear();
        const got = await answer(c);
        expect(handled.mock.calls.length, JSON.stringify(c)).toBe(1);
        expect(got.status, JSON.stringify(c)).toBe(c.status);
        if (c.result) expect(got.body, JSON.stringify(c)).toMatchObject({ jsonrpc: "2.0", id: (c.body as { id: unknown }).id, result: c.result });
        if (c.error) expect(got.body, JSON.stringify(c)).toMatchObject({ jsonrpc: "2.0", error: { code: c.error } });
        // A tool's answer carries the headers every answer of the server's own carries.
        if (c.status === 200) expect([got.headers["content-type"], got.headers["cache-control"], got.headers["x-content-type-options"]]).toEqual(["application/json", "no-store", "nosniff"]);
        if (c.headers?.origin) expect([got.headers["access-control-allow-origin"], got.headers.vary]).toEqual([ALLOWED_ORIGIN, "Origin"]);
      }
    } finally {
      handled.mockRestore();
    }
  });

  it("a call that has answered is over: releasing its pooled server aborts nothing of it", async () => {
    const server = await start();
    // The SDK aborts the signal of every request still in flight when its server is closed: building
    // the DOMException and dispatching the event cost ~0.1 ms of CPU per call (bench:http profiles).
    const aborts = vi.spyOn(AbortController.prototype, "abort");
    try {
      for (const id of [1, 2]) expect(((await (await post(server, toolCall(id))).json()) as { result?: { structuredContent?: unknown } }).result?.structuredContent).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(aborts).not.toHaveBeenCalled();
    } finally {
      aborts.mockRestore();
    }
  });

  it("stops a call that outlives the request timeout with 504, and the next call gets its own answer", async () => {
    const server = await start({ TBANK_HOTELS_HTTP_REQUEST_TIMEOUT_MS: "1000" });
    sandbox.control.setFault("hotel", { kind: "latency", ms: 2500, times: 1 });
    const started = Date.now();
    const slow = await post(server, toolCall(7, "tbank_hotels_get_hotel", { hotelId: "1" }));
    expect(slow.status).toBe(504);
    expect(await slow.json()).toMatchObject({ error: { message: expect.stringContaining("longer than 1000 ms") as string } });
    expect(Date.now() - started).toBeLessThan(2400);
    // The abandoned call's server is closed and never reused: its late answer reaches no one.
    await new Promise((r) => setTimeout(r, 1800));
    const next = await post(server, toolCall(8));
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ id: 8, result: { structuredContent: { status: "resolved" } } });
  });

  it("behind auth, /metrics needs the same credential as /mcp, and failed attempts meet the HTTP guard (429)", async () => {
    const authenticator: HttpAuthenticator = {
      authenticate: (req) =>
        Promise.resolve(
          req.headers["x-api-key"] === "good"
            ? { ok: true, principal: { subject: "key:test", via: "api_key", scopes: [] } }
            : { ok: false, status: 401, error: "invalid_token", description: "send the key in X-Api-Key", wwwAuthenticate: 'Bearer realm="test"' },
        ),
    };
    const server = await start({ TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: "1" }, { authenticator });
    const bare = await fetch(new URL("/metrics", server.url));
    expect(bare.status).toBe(401);
    expect(await bare.text()).not.toContain("tbank_hotels");
    const metrics = await fetch(new URL("/metrics", server.url), { headers: { "x-api-key": "good" } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("tbank_hotels_provider_wait_seconds_total");
    // Guessing keys: each failure counts against the address, so the guard cuts the guesser off.
    const statuses: number[] = [];
    for (let i = 0; i < HTTP_REQUESTS_PER_TOOL_CALL + 1; i++) statuses.push((await post(server, { jsonrpc: "2.0", id: i, method: "ping" }, { "x-api-key": `guess-${i}` })).status);
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
    const refused = await post(server, { jsonrpc: "2.0", id: 99, method: "ping" }, { "x-api-key": "another-guess" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("with Redis, a call about a journey starts reading it while its rate limit is checked, and the tool uses that read", async () => {
    const redis = await startRedisServer();
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const store = createSharedStore(redis.url);
    try {
      const gate = { hold: Promise.resolve(), allowed: true };
      let checking: () => void = () => undefined;
      const limiter: ToolCallLimiter = {
        take: async () => {
          checking();
          await gate.hold;
          return gate.allowed ? { allowed: true, remaining: 99 } : { allowed: false, resetAtMs: Date.now() + 60_000 };
        },
      };
      const server = await start({}, { store, limiter });
      const client = await connect(server);
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const planned = (await client.callTool({ name: "tbank_hotels_plan_stay", arguments: { destination: "Казань", checkinDate: day(20), checkoutDate: day(22), rooms: [{ adults: 2, childrenAges: [] }] } })) as CallToolResult;
      const journeyId = String((planned.structuredContent as { journeyId?: unknown }).journeyId);
      expect(journeyId).toMatch(/^jrn_/);
      const gets = async (): Promise<number> => Number(/calls=(\d+)/.exec((await raw.info("commandstats")).split("\n").find((l) => l.startsWith("cmdstat_get:")) ?? "")?.[1] ?? 0);

      let release: () => void = () => undefined;
      gate.hold = new Promise((resolve) => (release = resolve));
      const checked = new Promise<void>((resolve) => (checking = resolve));
      const before = await gets();
      const answer = post(server, toolCall(7, "tbank_hotels_compare_stay_options", { journeyId }));
      await checked;
      // The limit is still being checked, and the journey's read has already reached Redis.
      // Polled well within the 1 s a prefetched read is kept for the tool.
      let during = before;
      for (const deadline = performance.now() + 500; during === before && performance.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        during = await gets();
      }
      expect(during).toBe(before + 1);
      release();
      expect(await (await answer).json()).toMatchObject({ id: 7, result: { structuredContent: { status: "ok", journeyId } } });
      // That read was the tool's: no second read of the journey, only the compare-and-set script's own
      // GET when the comparison is saved (its collection is this instance's own: not read at all).
      expect(await gets()).toBe(before + 2);

      // Over the limit: the first refusal started a read (nothing had refused this caller yet); the
      // calls after it start none. The answer can come back before that read reaches Redis (it did
      // under load), so the count is taken once the read has landed.
      gate.allowed = false;
      expect(await (await post(server, toolCall(8, "tbank_hotels_compare_stay_options", { journeyId }))).json()).toMatchObject({ result: { structuredContent: { status: "rate_limited" } } });
      let refused = await gets();
      for (const deadline = performance.now() + 2_000; refused === before + 2 && performance.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        refused = await gets();
      }
      expect(refused).toBe(before + 3);
      for (let id = 9; id < 14; id += 1) await (await post(server, toolCall(id, "tbank_hotels_compare_stay_options", { journeyId }))).json();
      expect(await gets()).toBe(refused);
    } finally {
      await store.close();
      raw.destroy();
      await redis.close();
    }
  });

  it("/readyz is 503 naming the store when the store is down", async () => {
    const memory = createSharedStore(undefined);
    const down: SharedStore = { ...bind(memory), ping: () => Promise.reject(new Error("connection refused")) };
    const server = await start({}, { store: down });
    const ready = await fetch(new URL("/readyz", server.url));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", store: "unreachable", provider: "ok" });
    const html = await (await fetch(new URL("/", server.url))).text();
    expect(html).toMatch(/store: <span class="down">unreachable/);
  });

  it("refuses to start with auth=none on a non-loopback address", async () => {
    const parsed = parseConfig({ HOME: "/nonexistent-home", TBANK_HOTELS_HTTP_HOST: "0.0.0.0", TBANK_HOTELS_HTTP_PORT: "0" });
    if (!parsed.ok) throw new Error("config");
    await expect(startHotelsHttp(parsed.config)).rejects.toThrow(HttpStartupError);
    await expect(startHotelsHttp(parsed.config)).rejects.toThrow(/TBANK_HOTELS_HTTP_AUTH=none is allowed only on a loopback address/);
  });
});

/** The store's methods bound to it, so a spread copy keeps working. */
function bind(store: SharedStore): SharedStore {
  return {
    kind: store.kind,
    get: (k) => store.get(k),
    set: (k, v, ttl) => store.set(k, v, ttl),
    update: (k, change) => store.update(k, change),
    del: (k) => store.del(k),
    hit: (k, w) => store.hit(k, w),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}

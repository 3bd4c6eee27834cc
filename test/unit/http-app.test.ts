import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { Hono } from "hono";
import { createHotelsApp, type HotelsAppDeps } from "../../mcp/hotels/http/app.js";
import type { HttpAuthenticator, ToolCallLimiter } from "../../mcp/hotels/http/contract.js";
import { createHttpMetrics } from "../../mcp/hotels/http/metrics.js";
import type { McpPool } from "../../mcp/hotels/http/mcp-pool.js";
import { accessLog, authenticate, closeWhile, hostCheck, noCredentialInUrl, originCheck, routeOf, siteReady } from "../../mcp/hotels/http/middleware.js";
import type { Readiness, ReadinessReport } from "../../mcp/hotels/http/readiness.js";
import type { HotelsHttpEnv, Site } from "../../mcp/hotels/http/reply.js";
import { RequestGuard } from "../../mcp/hotels/http/request-guard.js";
import { ProviderWaitMeter } from "../../shared/http/provider-wait.js";
import { nullLogger } from "../../shared/logger.js";

// Each concern of the remote mode's Hono app in process, through app.request(): no socket. The
// node bindings the app reads (the request stream, its socket's address, the response's events)
// are stand-ins built here.

const HOST = "127.0.0.1:8080";
const ORIGIN = "https://console.example";
const RESOLVE = "tbank_hotels_resolve_destination";

const goodKey: HttpAuthenticator = {
  authenticate: (req) =>
    Promise.resolve(
      req.headers["x-api-key"] === "good"
        ? { ok: true, principal: { subject: "key:test", via: "api_key", scopes: [] } }
        : { ok: false, status: 401, error: "invalid_token", description: "send the key in X-Api-Key", wwwAuthenticate: 'Bearer realm="test"' },
    ),
};

function site(authenticator: HttpAuthenticator = goodKey): Site {
  return { publicUrl: new URL(`http://${HOST}/mcp`), allowedHosts: new Set([HOST]), authenticator };
}

/** What @hono/node-server hands the app: the request as a node stream, and the response's events. */
function bindings(body = "", headers: Record<string, string> = {}) {
  const incoming = Object.assign(Readable.from(body === "" ? [] : [Buffer.from(body)]), { headers: { ...headers }, rawHeaders: Object.entries(headers).flat(), socket: { remoteAddress: "10.0.0.7" } });
  const outgoing = Object.assign(new EventEmitter(), { destroy: vi.fn() });
  return { incoming, outgoing } as unknown as HotelsHttpEnv["Bindings"];
}

const REPORT: ReadinessReport = { ready: true, store: "ok", provider: "ok", checkedAt: "2026-12-05T00:00:00.000Z" };

interface Harness {
  app: Hono<HotelsHttpEnv>;
  served: unknown[];
  abandoned: object[];
  lines: Record<string, unknown>[];
  state: { draining: boolean };
  deps: HotelsAppDeps;
}

function harness(overrides: { limiter?: ToolCallLimiter; serve?: McpPool["serve"]; authenticator?: HttpAuthenticator; maxBodyBytes?: number; requestTimeoutMs?: number } = {}): Harness {
  const served: unknown[] = [];
  const abandoned: object[] = [];
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const state = { draining: false };
  const pool = {
    identity: { serverInfo: { name: "t", version: "1" }, instructions: undefined, capabilities: {}, tools: [] },
    serve:
      overrides.serve ??
      ((_request: Request, body: unknown) => {
        served.push(body);
        return Promise.resolve(new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} }), { status: 200, headers: { "Content-Type": "application/json" } }));
      }),
    abandon: (key: object) => void abandoned.push(key),
  } satisfies McpPool;
  const metrics = createHttpMetrics(new ProviderWaitMeter());
  const readiness = { check: () => Promise.resolve(REPORT) } as unknown as Readiness;
  const guard = new RequestGuard(1000);
  const deps: HotelsAppDeps = {
    site: Promise.resolve(site(overrides.authenticator)),
    allowedOrigins: [ORIGIN],
    metrics,
    logger,
    readiness,
    guard,
    draining: () => state.draining,
    landing: { auth: "api_key", tools: () => [] },
    mcp: {
      pool,
      guard,
      limiter: overrides.limiter ?? { take: () => Promise.resolve({ allowed: true, remaining: 9 }) },
      journeys: {} as HotelsAppDeps["mcp"]["journeys"],
      metrics,
      toolLabel: (name) => name,
      logger,
      maxBodyBytes: overrides.maxBodyBytes ?? 4096,
      requestTimeoutMs: overrides.requestTimeoutMs ?? 1000,
      now: () => Date.parse("2026-12-05T12:00:00Z"),
      track: () => undefined,
    },
  };
  return { app: createHotelsApp(deps), served, abandoned, lines, state, deps };
}

const toolCall = (id: number, name = RESOLVE) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: { query: "Казань" } } });

function post(h: Harness, body: string, headers: Record<string, string> = {}, path = "/mcp"): Promise<Response> {
  const all = { host: HOST, "content-type": "application/json", "x-api-key": "good", ...headers };
  return Promise.resolve(h.app.request(path, { method: "POST", headers: all, body }, bindings(body, all)));
}

function get(h: Harness, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Response> {
  const all = { host: HOST, ...headers };
  return Promise.resolve(h.app.request(path, { method, headers: all }, bindings("", all)));
}

describe("routeOf", () => {
  it("labels the served paths and nothing else, undecoded", () => {
    expect(["/mcp", "/", "/healthz", "/readyz", "/metrics", "/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp", "/%6Dcp", "/mcp/"].map(routeOf)).toEqual([
      "mcp",
      "landing",
      "healthz",
      "readyz",
      "metrics",
      "resource_metadata",
      "resource_metadata",
      "other",
      "other",
    ]);
  });
});

describe("middleware, one at a time", () => {
  const ok = (app: Hono<HotelsHttpEnv>) => app.all("*", (c) => c.text("passed"));

  it("noCredentialInUrl refuses a key in the query with 400, naming the headers, never the key", async () => {
    const app = ok(new Hono<HotelsHttpEnv>().use(noCredentialInUrl));
    const refused = await app.request("/mcp?api_key=sk-secret-123");
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(JSON.parse(text)).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("X-Api-Key") as string });
    expect(text).not.toContain("sk-secret-123");
    expect(await (await app.request("/mcp?journey=1")).text()).toBe("passed");
  });

  it("hostCheck answers 421 to a Host the site does not answer to, and to none", async () => {
    const app = ok(new Hono<HotelsHttpEnv>().use(siteReady(Promise.resolve(site())), hostCheck));
    expect((await app.request("/mcp", { headers: { host: HOST } })).status).toBe(200);
    const foreign = await app.request("/mcp", { headers: { host: "evil.example" } });
    expect([foreign.status, ((await foreign.json()) as { error: string }).error]).toEqual([421, "misdirected_request"]);
    expect((await app.request("/mcp")).status).toBe(421);
  });

  it("originCheck refuses a foreign Origin, adds CORS for a configured one, answers preflights", async () => {
    const app = ok(new Hono<HotelsHttpEnv>().use(siteReady(Promise.resolve(site())), originCheck([ORIGIN])));
    expect((await app.request("/mcp", { headers: { origin: "https://evil.example" } })).status).toBe(403);
    const allowed = await app.request("/mcp", { headers: { origin: ORIGIN } });
    expect([allowed.status, allowed.headers.get("access-control-allow-origin"), allowed.headers.get("vary")]).toEqual([200, ORIGIN, "Origin"]);
    // The server's own origin (its landing page) is no foreign page, but gets no CORS either.
    const own = await app.request("/mcp", { headers: { origin: `http://${HOST}` } });
    expect([own.status, own.headers.get("access-control-allow-origin")]).toEqual([200, null]);
    const preflight = await app.request("/mcp", { method: "OPTIONS", headers: { origin: ORIGIN } });
    expect([preflight.status, preflight.headers.get("access-control-allow-methods"), preflight.headers.get("access-control-max-age")]).toEqual([204, "POST, GET, OPTIONS", "600"]);
    const bare = await app.request("/anything", { method: "OPTIONS" });
    expect([bare.status, bare.headers.get("allow")]).toEqual([204, "POST, GET, OPTIONS"]);
  });

  it("closeWhile adds Connection: close to every answer once draining", async () => {
    let draining = false;
    const app = ok(new Hono<HotelsHttpEnv>().use(closeWhile(() => draining)));
    expect((await app.request("/")).headers.get("connection")).toBeNull();
    draining = true;
    expect((await app.request("/")).headers.get("connection")).toBe("close");
  });

  it("authenticate sets the principal, refuses with the authenticator's status, and sends a guesser to the guard", async () => {
    const guard = new RequestGuard(2);
    const app = new Hono<HotelsHttpEnv>()
      .use(accessLog(createHttpMetrics(new ProviderWaitMeter()), nullLogger), siteReady(Promise.resolve(site())), authenticate(guard))
      .all("*", (c) => c.text(`${c.get("principal").subject} ${c.get("who").subject}`));
    const call = (key: string) => app.request("/mcp", { headers: { "x-api-key": key } }, bindings("", { "x-api-key": key }));
    expect(await (await call("good")).text()).toBe("key:test key:test");
    const wrong = await call("guess-1");
    expect([wrong.status, wrong.headers.get("www-authenticate")]).toEqual([401, 'Bearer realm="test"']);
    expect((await call("guess-2")).status).toBe(401);
    const cut = await call("guess-3");
    expect([cut.status, ((await cut.json()) as { error: string }).error, Number(cut.headers.get("retry-after")) > 0]).toEqual([429, "too_many_requests", true]);
  });

  it("accessLog writes one line per request without the query, and counts it by route and status", async () => {
    const lines: Record<string, unknown>[] = [];
    const metrics = createHttpMetrics(new ProviderWaitMeter());
    const logger = pino({}, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = new Hono<HotelsHttpEnv>().use(accessLog(metrics, logger)).all("*", (c) => c.text("seen", 202));
    await app.request("/mcp?journey=jrn_1");
    expect(lines).toEqual([expect.objectContaining({ msg: "request", method: "GET", path: "/mcp", status: 202 })]);
    expect(await metrics.registry.metrics()).toContain('tbank_hotels_http_requests_total{route="mcp",status="202"} 1');
  });
});

describe("the composed app", () => {
  it("probes answer before the Host check; /readyz says draining", async () => {
    const h = harness();
    const health = await h.app.request("/healthz", { headers: { host: "10.1.2.3:8080" } }, bindings());
    expect([health.status, await health.json(), health.headers.get("cache-control")]).toEqual([200, { status: "ok" }, "no-store"]);
    expect(await (await get(h, "/readyz")).json()).toEqual({ status: "ready", store: "ok", provider: "ok" });
    h.state.draining = true;
    const draining = await get(h, "/readyz");
    expect([draining.status, await draining.json(), draining.headers.get("connection")]).toEqual([503, { status: "draining" }, "close"]);
  });

  it("GET /mcp is 405, a draining server answers POST /mcp 503, unknown paths 404", async () => {
    const h = harness();
    const got = await get(h, "/mcp");
    expect([got.status, got.headers.get("allow"), ((await got.json()) as { error: { code: number } }).error.code]).toEqual([405, "POST, OPTIONS", -32000]);
    expect(await (await get(h, "/nope")).json()).toEqual({ error: "not_found", error_description: "no such path; the MCP endpoint is /mcp" });
    h.state.draining = true;
    const refused = await post(h, toolCall(1));
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([503, "1"]);
    expect(h.served).toEqual([]);
  });

  it("/mcp and /metrics need the credential; OAuth metadata is 404 without OAuth, served with it", async () => {
    const h = harness();
    expect((await post(h, toolCall(1), { "x-api-key": "bad" })).status).toBe(401);
    expect((await get(h, "/metrics")).status).toBe(401);
    expect((await get(h, "/metrics", { "x-api-key": "good" })).status).toBe(200);
    expect((await get(h, "/.well-known/oauth-protected-resource")).status).toBe(404);
    const oauth = harness({ authenticator: { ...goodKey, resourceMetadata: () => ({ resource: "x" }) } });
    const doc = await get(oauth, "/.well-known/oauth-protected-resource/mcp");
    expect([doc.status, doc.headers.get("cache-control"), await doc.json()]).toEqual([200, "max-age=300", { resource: "x" }]);
  });

  it("reads the body once, under the cap: 413 past it, 400 for bad JSON or a batch with a tool call", async () => {
    const h = harness({ maxBodyBytes: 64 });
    const big = await post(h, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(100) } }));
    expect([big.status, big.headers.get("connection")]).toEqual([413, "close"]);
    expect(((await (await post(h, "{not json")).json()) as { error: { code: number } }).error.code).toBe(-32700);
    const batch = await post(harness(), `[${toolCall(1)},${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })}]`);
    expect([batch.status, ((await batch.json()) as { error: { code: number } }).error.code]).toEqual([400, -32600]);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" });
    expect((await post(h, ping)).status).toBe(200);
    expect(h.served).toEqual([JSON.parse(ping)]);
  });

  it("a body cut off mid-way cuts the connection and never reaches the pool", async () => {
    const h = harness();
    const headers = { host: HOST, "content-type": "application/json", "x-api-key": "good" };
    const env = bindings("", headers);
    const cut = new Readable({ read: () => cut.destroy(new Error("aborted")) });
    Object.assign(cut, { headers, rawHeaders: Object.entries(headers).flat(), socket: { remoteAddress: "10.0.0.7" } });
    await h.app.request("/mcp", { method: "POST", headers, body: "{" }, { ...env, incoming: cut as unknown as typeof env.incoming });
    expect(env.outgoing.destroy).toHaveBeenCalledOnce();
    expect(h.served).toEqual([]);
  });

  it("a tool call over the limit is a rate_limited result the pool never sees; a down store is 503", async () => {
    const limited = harness({ limiter: { take: () => Promise.resolve({ allowed: false, resetAtMs: Date.parse("2026-12-05T12:00:30Z") }) } });
    const res = await post(limited, toolCall(4));
    expect(await res.json()).toMatchObject({ id: 4, result: { isError: false, structuredContent: { status: "rate_limited", resetsAt: "2026-12-05T12:00:30Z" } } });
    expect(limited.served).toEqual([]);
    expect(await limited.deps.metrics.registry.metrics()).toContain("tbank_hotels_rate_limited_total 1");
    const down = harness({ limiter: { take: () => Promise.reject(new Error("redis gone")) } });
    const unavailable = await post(down, toolCall(5));
    expect([unavailable.status, unavailable.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(down.lines.some((l) => l.msg === "rate limit store unavailable")).toBe(true);
  });

  it("a tool call the pool answers gets the server's own headers; one past the timeout is 504 and abandoned", async () => {
    const h = harness();
    const answered = await post(h, toolCall(6), { origin: ORIGIN });
    expect([answered.status, answered.headers.get("cache-control"), answered.headers.get("x-content-type-options"), answered.headers.get("access-control-allow-origin")]).toEqual([200, "no-store", "nosniff", ORIGIN]);
    const slow = harness({ requestTimeoutMs: 20, serve: () => new Promise<Response>(() => undefined) });
    const late = await post(slow, toolCall(7));
    expect(late.status).toBe(504);
    expect(((await late.json()) as { error: { message: string } }).error.message).toContain("longer than 20 ms");
    expect(slow.abandoned).toHaveLength(1);
  });

  it("the landing page is GET and HEAD only; a failing route is a 500 JSON-RPC error, logged", async () => {
    const h = harness();
    const page = await get(h, "/", { "accept-language": "en" });
    expect([page.status, page.headers.get("x-frame-options"), (await page.text()).includes("<html")]).toEqual([200, "DENY", true]);
    expect((await get(h, "/", {}, "HEAD")).status).toBe(200);
    const posted = await post(h, "", {}, "/");
    expect([posted.status, posted.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    const broken = harness({ serve: () => Promise.reject(new Error("boom")) });
    const failed = await post(broken, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    expect([failed.status, await failed.json()]).toEqual([500, { jsonrpc: "2.0", id: null, error: { code: -32000, message: "internal error" } }]);
    expect(broken.lines).toContainEqual(expect.objectContaining({ msg: "request failed", err: "boom" }));
  });
});

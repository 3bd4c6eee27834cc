import { execFile, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goldenJourney } from "../../scripts/bench/mcp.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { osClockEnv } from "../fixtures/clock.js";
import { startHttpInstance } from "../helpers/http-instance.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

// Issue 17 with real processes: two `tbank-hotels-mcp --http` instances on one real redis-server,
// reached the way a hosted deployment is — API keys minted with `tbank-mcp http-key add`, then an
// OAuth pair checking sandbox-issued JWTs. Every call of the golden journey alternates instances.

const run = promisify(execFile);
const LIMIT = 12;

/** Calls go to the instances in turn: any instance must answer any call of a journey. */
function alternating(clients: Client[]): Pick<Client, "callTool"> {
  let next = 0;
  return { callTool: (params, ...rest) => clients[next++ % clients.length]!.callTool(params, ...rest) };
}

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "e2e-instances", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

describe("two remote instances on one redis-server", () => {
  let sandbox: Sandbox;
  let redis: RedisServer;
  let dir: string;
  let base: Record<string, string>;
  const children: ChildProcess[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    [sandbox, redis, dir] = await Promise.all([startSandbox({ seed: "http-instances", now: Date.now }), startRedisServer(), mkdtemp(join(tmpdir(), "tbk-http-"))]);
    base = {
      ...osClockEnv(),
      PATH: process.env.PATH ?? "",
      HOME: dir,
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE: sandbox.urls.hotelPageUrlTemplate,
      TBANK_HOTELS_STORE_URL: redis.url,
      TBANK_HOTELS_HTTP_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    };
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await Promise.all([sandbox?.close(), redis?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it("API keys: the golden journey alternates instances; a wrong key, a key in the URL and a foreign Host are refused; the rate limit spans both", async () => {
    const keysFile = join(dir, "keys", "api-keys");
    const added = await run(process.execPath, ["dist/tbank-mcp.js", "http-key", "add", "--file", keysFile, "--label", "e2e"], { env: base });
    const key = added.stdout.trim();
    expect(key).toMatch(/^tbk_/);
    const env = { ...base, TBANK_HOTELS_HTTP_AUTH: "api_key", TBANK_HOTELS_HTTP_API_KEYS_FILE: keysFile };
    // One after the other: a failed start leaves no running child behind uncounted.
    const a = await startHttpInstance({ env });
    children.push(a.child);
    const b = await startHttpInstance({ env });
    children.push(b.child);

    const pair = [await connect(a.url, { authorization: `Bearer ${key}` }), await connect(b.url, { "x-api-key": key })];
    clients.push(...pair);
    const steps = await goldenJourney(alternating(pair), { countTokens: false });
    expect(steps.map((s) => s.status)).toEqual(["ok", "ok", "ok", "ready", "rate_selected", "preview_ready", "checkout_ready", "handoff_ready"]);

    const ping = (url: string, headers: Record<string, string>) => fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
    const wrong = await ping(a.url, { authorization: "Bearer tbk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    const inUrl = await ping(`${b.url}?api_key=${key}`, {});
    expect(inUrl.status).toBe(400);
    expect(await inUrl.text()).toContain("X-Api-Key");
    // fetch() will not send another Host: a raw request, as a page rebound to 127.0.0.1 would.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const u = new URL(a.url);
      const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { host: "evil.example", authorization: `Bearer ${key}`, "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
    });
    expect(rebinding).toBe(421);

    // The journey took 8 of the key's LIMIT calls, on both instances; the rest run out wherever they land.
    const statuses: string[] = [];
    for (let i = 0; i < LIMIT - steps.length + 2; i++) {
      const r = (await pair[i % 2]!.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } })) as CallToolResult;
      statuses.push((r.structuredContent as { status: string }).status);
    }
    expect(statuses.slice(0, LIMIT - steps.length)).toEqual(Array<string>(LIMIT - steps.length).fill("resolved"));
    expect(statuses.slice(LIMIT - steps.length)).toEqual(["rate_limited", "rate_limited"]);
    // tools/list is never limited.
    expect((await pair[0]!.listTools()).tools.length).toBeGreaterThan(0);
  }, 90_000);

  it("OAuth: a sandbox-issued token works on either instance; expired, wrong-audience and scope-less tokens are refused", async () => {
    // Behind one load balancer both instances are one resource: the public URL is the token's audience.
    const env = { ...base, TBANK_HOTELS_HTTP_AUTH: "oauth", TBANK_HOTELS_HTTP_OAUTH_ISSUER: sandbox.urls.authIssuerUrl, TBANK_HOTELS_HTTP_PUBLIC_URL: "https://hotels-mcp.example.test/mcp" };
    // One after the other: a failed start leaves no running child behind uncounted.
    const a = await startHttpInstance({ env });
    children.push(a.child);
    const b = await startHttpInstance({ env });
    children.push(b.child);
    const meta = await (await fetch(new URL("/.well-known/oauth-protected-resource", a.url))).json() as { resource: string; authorization_servers: string[] };
    expect(meta).toMatchObject({ resource: "https://hotels-mcp.example.test/mcp", authorization_servers: [sandbox.urls.authIssuerUrl] });

    const now = Math.floor(Date.now() / 1000);
    const good = await sandbox.control.mintAccessToken({ aud: meta.resource, sub: "partner-1" });
    const pair = [await connect(a.url, { authorization: `Bearer ${good}` }), await connect(b.url, { authorization: `Bearer ${good}` })];
    clients.push(...pair);
    for (const c of pair) {
      const r = (await c.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ status: "resolved" });
    }
    const refused = async (token: string): Promise<{ status: number; challenge: string }> => {
      const res = await fetch(b.url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
      return { status: res.status, challenge: res.headers.get("www-authenticate") ?? "" };
    };
    const expired = await refused(await sandbox.control.mintAccessToken({ aud: meta.resource, iat: now - 3600, exp: now - 600 }));
    expect(expired.status).toBe(401);
    expect(expired.challenge).toContain("resource_metadata=");
    expect((await refused(await sandbox.control.mintAccessToken({ aud: "https://elsewhere.example/mcp" }))).status).toBe(401);
    const scopeless = await refused(await sandbox.control.mintAccessToken({ aud: meta.resource, scope: "profile" }));
    expect(scopeless.status).toBe(403);
    expect(scopeless.challenge).toContain("insufficient_scope");
  }, 60_000);
});

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type OutgoingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAuthenticator } from "../../mcp/hotels/http/auth/index.js";
import type { AuthOutcome, HttpAuthenticator } from "../../mcp/hotels/http/contract.js";
import { startHotelsHttp } from "../../mcp/hotels/http/server.js";
import { addKey, revokeKey } from "../../scripts/cli/commands/http-key.js";
import type { CommandIo } from "../../scripts/cli/io.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import type { HttpAuthConfig, HttpConfig } from "../../shared/config/http.js";
import { parseConfig } from "../../shared/config/index.js";

// The authenticators run on real IncomingMessage objects: a tiny node:http server hands each
// request to authenticate() and answers with the outcome. Keys are made by the real
// `tbank-mcp http-key` functions, tokens by the real sandbox identity provider.

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "http-auth-"));
  dirs.push(dir);
  return dir;
}

function httpConfig(auth: HttpAuthConfig, over: Partial<HttpConfig> = {}): HttpConfig {
  return {
    host: "127.0.0.1",
    port: 8080,
    publicUrl: undefined,
    auth,
    allowedHosts: [],
    allowedOrigins: [],
    toolCallsPerMinute: 60,
    storeUrl: undefined,
    maxBodyBytes: 1_048_576,
    requestTimeoutMs: 60_000,
    drainMs: 0,
    providerMaxConcurrent: 64,
    providerQueueLimit: 1024,
    maxJourneys: 1000,
    ...over,
  };
}

function cliIo(): CommandIo & { out: () => string } {
  let out = "";
  return { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: {}, signal: new AbortController().signal, out: () => out };
}

async function newKey(file: string, label = "test"): Promise<{ key: string; id: string }> {
  const io = cliIo();
  const { id } = await addKey({ file, label }, io);
  return { key: io.out().trim(), id };
}

interface Probe {
  origin: string;
  /** The outcome authenticate() gave for a request carrying exactly these header lines. */
  send(headers?: OutgoingHttpHeaders, path?: string): Promise<AuthOutcome>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server whose authenticator may be made once its own URL (the OAuth resource) is known. */
async function probe(make: (origin: string) => HttpAuthenticator): Promise<Probe> {
  const made: { auth?: HttpAuthenticator } = {};
  const server = createServer((req, res) => {
    void made.auth!.authenticate(req, new URL(req.url ?? "/", "http://127.0.0.1")).then((outcome) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(outcome));
    });
  });
  const origin = await listen(server);
  made.auth = make(origin);
  return {
    origin,
    // node:http, not fetch: fetch merges repeated headers, and the tests need to send them apart.
    send: (headers = {}, path = "/mcp") =>
      new Promise((resolve, reject) => {
        const req = request(`${origin}${path}`, { method: "POST", headers }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body) as AuthOutcome));
        });
        req.on("error", reject);
        req.end();
      }),
  };
}

describe("API keys", () => {
  async function keyed() {
    const file = join(tempDir(), "keys", "http-keys.jsonl");
    const first = await newKey(file, "first");
    const second = await newKey(file, "second");
    const p = await probe(() => createAuthenticator(httpConfig({ mode: "api_key", keysFile: file })));
    return { file, first, second, p };
  }

  it("accepts a key as Authorization: Bearer and as X-Api-Key, as the key's id", async () => {
    const { first, second, p } = await keyed();
    expect(first.key).toMatch(/^tbk_[A-Za-z0-9_-]{43}$/);
    expect(await p.send({ authorization: `Bearer ${first.key}` })).toEqual({ ok: true, principal: { subject: `key:${first.id}`, via: "api_key", scopes: [] } });
    expect(await p.send({ "x-api-key": second.key })).toEqual({ ok: true, principal: { subject: `key:${second.id}`, via: "api_key", scopes: [] } });
    expect(await p.send({ authorization: `bearer ${second.key}` })).toMatchObject({ ok: true, principal: { subject: `key:${second.id}` } });
  });

  it("without a key: 401 with the bare challenge and a description naming both headers", async () => {
    const { p } = await keyed();
    const outcome = await p.send();
    expect(outcome).toMatchObject({ ok: false, status: 401, error: "invalid_token", wwwAuthenticate: 'Bearer realm="tbank-hotels"' });
    expect(outcome.ok === false && outcome.description).toMatch(/Authorization: Bearer <key> or X-Api-Key: <key>/);
  });

  it("a wrong or malformed key: 401 invalid_token, the same answer either way, never echoing the key", async () => {
    const { first, p } = await keyed();
    const forged = `tbk_${"A".repeat(43)}`;
    const wrong = await p.send({ authorization: `Bearer ${forged}` });
    expect(wrong).toMatchObject({ ok: false, status: 401, error: "invalid_token" });
    expect(wrong.ok === false && wrong.wwwAuthenticate).toMatch(/^Bearer realm="tbank-hotels", error="invalid_token", error_description="[^"]+"$/);
    for (const other of [{ "x-api-key": "tbk_short" }, { authorization: `Bearer ${first.key.slice(0, -1)}B` }, { "x-api-key": "hello" }]) {
      expect(await p.send(other)).toEqual(wrong);
    }
    expect(JSON.stringify(wrong)).not.toContain(forged);
  });

  it("a key sent twice, or in both headers, is a 400; another Authorization scheme is a 401", async () => {
    const { first, second, p } = await keyed();
    expect(await p.send({ authorization: `Bearer ${first.key}`, "x-api-key": first.key })).toMatchObject({ ok: false, status: 400, error: "invalid_request" });
    expect(await p.send({ "x-api-key": [first.key, second.key] })).toMatchObject({ ok: false, status: 400, error: "invalid_request" });
    expect(await p.send({ authorization: `Basic ${Buffer.from(`x:${first.key}`).toString("base64")}` })).toMatchObject({ ok: false, status: 401, error: "invalid_token" });
  });

  it("a revoked key stops working at the next request, without a restart; a new key starts working", async () => {
    const { file, first, second, p } = await keyed();
    expect(await p.send({ "x-api-key": first.key })).toMatchObject({ ok: true });
    await revokeKey({ file, id: first.id }, cliIo());
    expect(await p.send({ "x-api-key": first.key })).toMatchObject({ ok: false, status: 401, error: "invalid_token" });
    expect(await p.send({ "x-api-key": second.key })).toMatchObject({ ok: true, principal: { subject: `key:${second.id}` } });
    const third = await newKey(file, "third");
    expect(await p.send({ authorization: `Bearer ${third.key}` })).toMatchObject({ ok: true, principal: { subject: `key:${third.id}` } });
  });

  it("refuses every key while the file is readable by others or malformed, and recovers when it is fixed", async () => {
    const { file, first, p } = await keyed();
    chmodSync(file, 0o644);
    expect(await p.send({ "x-api-key": first.key })).toMatchObject({ ok: false, status: 401 });
    chmodSync(file, 0o600);
    expect(await p.send({ "x-api-key": first.key })).toMatchObject({ ok: true });
  });

  it("will not start with a keys file that is readable by others, missing or malformed", async () => {
    const dir = tempDir();
    const file = join(dir, "keys.jsonl");
    await newKey(file);
    chmodSync(file, 0o644);
    expect(() => createAuthenticator(httpConfig({ mode: "api_key", keysFile: file }))).toThrow(/readable by group or others \(mode 644\); run chmod 600/);
    expect(() => createAuthenticator(httpConfig({ mode: "api_key", keysFile: join(dir, "absent.jsonl") }))).toThrow(/does not exist; create a key with tbank-mcp http-key add/);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, '{"id":"abcdef123456","label":"x","sha256":"00","createdAt":"2027-01-01T00:00:00Z"}\n', { mode: 0o600 });
    expect(() => createAuthenticator(httpConfig({ mode: "api_key", keysFile: bad }))).toThrow(/malformed: line 1: invalid sha256/);
  });
});

describe("no auth", () => {
  it("is anonymous on loopback and refused on any other bind", async () => {
    const p = await probe(() => createAuthenticator(httpConfig({ mode: "none" })));
    expect(await p.send()).toEqual({ ok: true, principal: { subject: "anonymous", via: "none", scopes: [] } });
    expect(() => createAuthenticator(httpConfig({ mode: "none" }, { host: "0.0.0.0" }))).toThrow(/only allowed on a loopback address/);
  });
});

describe("OAuth resource server with sandbox-issued tokens", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "http-auth" });
    return () => sandbox.close();
  });

  /** The client_credentials grant, as a service would use it (Basic client authentication). */
  async function grant(fields: Record<string, string>, secret = sandbox.control.serviceClient().clientSecret) {
    const { clientId } = sandbox.control.serviceClient();
    const res = await fetch(`${sandbox.urls.authIssuerUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "client_credentials", ...fields }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function token(resource: string, scope = "hotels"): Promise<string> {
    const reply = await grant({ resource, scope });
    expect(reply.status).toBe(200);
    return reply.body.access_token as string;
  }

  /** An OAuth probe whose clock is Date.now plus `skew.ms`. */
  async function oauthProbe(over: { jwksUrl?: string; issuer?: string } = {}) {
    const skew = { ms: 0 };
    const p = await probe((origin) =>
      createAuthenticator(
        httpConfig({ mode: "oauth", issuer: over.issuer ?? sandbox.urls.authIssuerUrl, jwksUrl: over.jwksUrl, requiredScope: "hotels" }, { publicUrl: `${origin}/mcp` }),
        { now: () => Date.now() + skew.ms },
      ),
    );
    return { p, skew, resource: `${p.origin}/mcp` };
  }

  it("the sandbox publishes jwks_uri and issues RFC 9068 access tokens for a resource", async () => {
    const meta = (await (await fetch(`${sandbox.urls.authIssuerUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(meta.jwks_uri).toBe(`${sandbox.urls.origin}/oauth/jwks`);
    expect(meta.grant_types_supported).toContain("client_credentials");
    const jwks = (await (await fetch(meta.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");

    const reply = await grant({ resource: "https://hotels.example.test/mcp", scope: "hotels" });
    expect(reply).toMatchObject({ status: 200, body: { token_type: "Bearer", expires_in: 600, scope: "hotels" } });
    const jwt = reply.body.access_token as string;
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "RS256", typ: "at+jwt", kid: jwks.keys[0]!.kid });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({ iss: sandbox.urls.origin, sub: "tbank-sandbox-service", aud: "https://hotels.example.test/mcp", scope: "hotels" });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(typeof claims.jti).toBe("string");

    expect(await grant({ resource: "https://hotels.example.test/mcp" }, "wrong-secret")).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(await grant({ scope: "hotels" })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await grant({ resource: "not a url" })).toMatchObject({ status: 400, body: { error: "invalid_target" } });
  });

  it("accepts a token for this resource with the scope, naming its caller by a hash of the subject, never the subject", async () => {
    const { p, resource } = await oauthProbe();
    const outcome = await p.send({ authorization: `Bearer ${await token(resource, "hotels banking")}` });
    expect(outcome).toMatchObject({ ok: true, principal: { via: "oauth", scopes: ["hotels", "banking"] } });
    const subject = outcome.ok ? outcome.principal.subject : "";
    // The subject names the caller in the request log and in rate-limit keys in Redis: a `sub` is often an email.
    expect(subject).toMatch(/^sub:[0-9a-f]{24}$/);
    expect(subject).not.toContain("sandbox");
    const again = await p.send({ authorization: `Bearer ${await token(resource, "hotels")}` });
    expect(again.ok && again.principal.subject).toBe(subject);
    const other = await p.send({ authorization: `Bearer ${await sandbox.control.mintAccessToken({ aud: resource, scope: "hotels", sub: "someone@example.com" })}` });
    expect(other.ok && other.principal.subject).toMatch(/^sub:[0-9a-f]{24}$/);
    expect(other.ok && other.principal.subject).not.toBe(subject);
  });

  it("also with a configured jwksUrl instead of discovery, and with an scp array", async () => {
    const { p, resource } = await oauthProbe({ jwksUrl: `${sandbox.urls.origin}/oauth/jwks` });
    const jwt = await sandbox.control.mintAccessToken({ aud: resource, scope: undefined, scp: ["hotels"], sub: "partner-7" });
    const outcome = await p.send({ authorization: `Bearer ${jwt}` });
    expect(outcome).toMatchObject({ ok: true, principal: { scopes: ["hotels"] } });
    expect(outcome.ok && outcome.principal.subject).toMatch(/^sub:[0-9a-f]{24}$/);
  });

  it("without a token: 401 pointing at the RFC 9728 metadata", async () => {
    const { p } = await oauthProbe();
    const outcome = await p.send();
    expect(outcome).toMatchObject({
      ok: false,
      status: 401,
      wwwAuthenticate: `Bearer resource_metadata="${p.origin}/.well-known/oauth-protected-resource", scope="hotels"`,
    });
  });

  it("serves the RFC 9728 metadata document", async () => {
    let auth: HttpAuthenticator | undefined;
    const p = await probe((origin) => (auth = createAuthenticator(httpConfig({ mode: "oauth", issuer: sandbox.urls.authIssuerUrl, jwksUrl: undefined, requiredScope: "hotels" }, { publicUrl: `${origin}/mcp` }))));
    expect(auth!.resourceMetadata?.()).toEqual({
      resource: `${p.origin}/mcp`,
      authorization_servers: [sandbox.urls.authIssuerUrl],
      bearer_methods_supported: ["header"],
      scopes_supported: ["hotels"],
      resource_name: "T-Bank Hotels MCP",
    });
  });

  it("an expired token is refused once the clock passes exp (plus a small tolerance)", async () => {
    const { p, skew, resource } = await oauthProbe();
    const header = { authorization: `Bearer ${await token(resource)}` };
    skew.ms = 600_000 + 5_000;
    expect(await p.send(header)).toMatchObject({ ok: true });
    skew.ms = 600_000 + 15_000;
    const outcome = await p.send(header);
    expect(outcome).toMatchObject({ ok: false, status: 401, error: "invalid_token", description: "the access token has expired; get a new one" });
    expect(outcome.ok === false && outcome.wwwAuthenticate).toBe(
      `Bearer resource_metadata="${p.origin}/.well-known/oauth-protected-resource", error="invalid_token", error_description="the access token has expired; get a new one"`,
    );
  });

  it("a token for another resource is refused", async () => {
    const { p, resource } = await oauthProbe();
    for (const jwt of [await token(`${resource}-other`), await sandbox.control.mintAccessToken({ aud: "https://elsewhere.example/mcp" })]) {
      expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 401, error: "invalid_token", description: expect.stringMatching(/for another resource/) as string });
    }
  });

  it("a token from another issuer is refused, even signed with the right key", async () => {
    const { p, resource } = await oauthProbe();
    const jwt = await sandbox.control.mintAccessToken({ aud: resource, iss: "https://evil.example" });
    expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 401, description: expect.stringMatching(/not issued by/) as string });
  });

  it("a token without the scope: 403 insufficient_scope naming it", async () => {
    const { p, resource } = await oauthProbe();
    for (const jwt of [await token(resource, "banking"), await sandbox.control.mintAccessToken({ aud: resource, scope: undefined })]) {
      const outcome = await p.send({ authorization: `Bearer ${jwt}` });
      expect(outcome).toMatchObject({ ok: false, status: 403, error: "insufficient_scope" });
      expect(outcome.ok === false && outcome.wwwAuthenticate).toMatch(/error="insufficient_scope", error_description="[^"]+", scope="hotels"$/);
    }
  });

  it("a token without exp is refused", async () => {
    const { p, resource } = await oauthProbe();
    const jwt = await sandbox.control.mintAccessToken({ aud: resource, exp: undefined });
    expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 401, description: "the access token's exp claim is missing" });
  });

  it("a token signed by another key, unsigned (alg none) or HMAC-signed is refused", async () => {
    const { p, resource } = await oauthProbe();
    const real = await token(resource);
    const claims = decodeJwt(real);
    const { kid } = decodeProtectedHeader(real);
    const { privateKey } = await generateKeyPair("RS256");
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: kid! }).sign(privateKey);
    const foreignNoKid = await new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).sign(privateKey);
    for (const jwt of [foreign, foreignNoKid]) {
      expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 401, description: expect.stringMatching(/signature does not match/) as string });
    }
    const enc = (v: unknown): string => base64url.encode(JSON.stringify(v));
    const none = `${enc({ alg: "none", typ: "JWT" })}.${enc(claims)}.`;
    const hmac = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid: kid! }).sign(new TextEncoder().encode("the-public-modulus-as-a-secret"));
    for (const jwt of [none, hmac]) {
      expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 401, error: "invalid_token", description: expect.stringMatching(/algorithm this server does not accept/) as string });
    }
  });

  it("when the issuer's keys cannot be fetched: 503 for a token, still 401 for garbage", async () => {
    const closed = createServer();
    const origin = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    closers.pop();
    const { p, resource } = await oauthProbe({ issuer: origin });
    const jwt = await sandbox.control.mintAccessToken({ aud: resource, iss: origin });
    expect(await p.send({ authorization: `Bearer ${jwt}` })).toMatchObject({ ok: false, status: 503, error: "temporarily_unavailable" });
    expect(await p.send({ authorization: "Bearer not.a.jwt" })).toMatchObject({ ok: false, status: 401, error: "invalid_token" });
  });

  it("through the real server: metadata, a 401 challenge, then an MCP session with a sandbox token", async () => {
    const parsed = parseConfig({
      HOME: "/nonexistent-home",
      TBANK_HOTELS_API_BASE_URL: sandbox.urls.hotelsApiBaseUrl,
      TBANK_HOTELS_HTTP_PORT: "0",
      TBANK_HOTELS_HTTP_AUTH: "oauth",
      TBANK_HOTELS_HTTP_OAUTH_ISSUER: sandbox.urls.authIssuerUrl,
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const server = await startHotelsHttp(parsed.config);
    closers.push(() => server.close());
    const origin = new URL(server.url).origin;

    const meta = await fetch(`${origin}/.well-known/oauth-protected-resource`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ resource: server.url, authorization_servers: [sandbox.urls.authIssuerUrl], scopes_supported: ["hotels"] });

    const ping = { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) };
    const anonymous = await fetch(server.url, ping);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource", scope="hotels"`);
    const elsewhere = await token("https://elsewhere.example/mcp");
    const wrongAudience = await fetch(server.url, { ...ping, headers: { ...ping.headers, authorization: `Bearer ${elsewhere}` } });
    expect(wrongAudience.status).toBe(401);
    expect(wrongAudience.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);

    const client = new Client({ name: "http-auth-test", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${await token(server.url)}` } } });
    await client.connect(transport);
    closers.push(() => client.close());
    const result = await client.callTool({ name: "tbank_hotels_resolve_destination", arguments: { query: "Казань" } });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ status: "resolved" });
  });
});

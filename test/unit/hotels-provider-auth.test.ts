import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import type { HotelsAuthProfile } from "../../shared/config/auth-profile.js";
import { createHotelsProvider, ProviderError, type FetchLike, type HotelsProviderConfig } from "../../mcp/hotels/provider/index.js";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PKCS8_PEM = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PKCS1_PEM = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const PKCS1_BODY = PKCS1_PEM.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");

const dir = mkdtempSync(join(tmpdir(), "hotels-provider-auth-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, PKCS1_PEM, { mode });
  chmodSync(path, mode);
  return path;
}

/** A provider whose fetch records the headers of every request and answers a valid filters body. */
function harness(auth: HotelsAuthProfile, now: () => number = Date.now) {
  const sent: Headers[] = [];
  const fetch: FetchLike = (_url, init) => {
    sent.push(new Headers(init.headers));
    return Promise.resolve(Response.json({ destinationId: "1004", filters: [] }));
  };
  const config: HotelsProviderConfig = { apiBaseUrl: "https://hotels.example.test/api", auth, timeoutMs: 5000, maxConcurrentRequests: 2 };
  const provider = createHotelsProvider(config, { fetch, now });
  const call = () => provider.api.searchFilters("1004");
  return { sent, provider, call };
}

type JwtProfile = Extract<HotelsAuthProfile, { kind: "service_jwt" }>;
const jwtProfile = (key: JwtProfile["key"], over: Partial<Omit<JwtProfile, "kind">> = {}): JwtProfile => ({
  kind: "service_jwt",
  issuer: "HOTELSSEARCHAPI",
  audience: ["HOTELSAPI", "HOTELSQA"],
  key,
  header: "Authorization",
  prefix: "Bearer",
  ...over,
});

async function verify(token: string, key: KeyObject = publicKey) {
  return (await jwtVerify(token, key, { algorithms: ["RS384"] })).payload;
}

describe("Hotels provider auth profiles", () => {
  it("anonymous sends no Authorization header at all", async () => {
    const { sent, call, provider } = harness({ kind: "anonymous" });
    await call();
    expect([...sent[0]!.keys()].sort()).toEqual(["accept"]);
    expect(provider.describeAuth()).toEqual({ authMode: "anonymous", canSign: false, ready: true });
  });

  it("static token: Authorization: Bearer <token> by default, custom header and prefix when configured", async () => {
    const plain = harness({ kind: "static_token", header: "Authorization", prefix: "Bearer ", token: "tok-123" });
    await plain.call();
    expect(plain.sent[0]!.get("authorization")).toBe("Bearer tok-123");
    expect(plain.provider.describeAuth()).toEqual({ authMode: "static_token", canSign: false, ready: true });

    const custom = harness({ kind: "static_token", header: "X-Api-Token", prefix: "Token=", token: "tok-456" });
    await custom.call();
    expect(custom.sent[0]!.get("x-api-token")).toBe("Token=tok-456");
    expect(custom.sent[0]!.has("authorization")).toBe(false);
  });

  it("headers JSON sends exactly those headers", async () => {
    const { sent, call, provider } = harness({ kind: "headers_json", headers: { "X-Integration-Token": "itk", "X-Client-Id": "cid" } });
    await call();
    expect(sent[0]!.get("x-integration-token")).toBe("itk");
    expect(sent[0]!.get("x-client-id")).toBe("cid");
    expect(sent[0]!.has("authorization")).toBe(false);
    expect(provider.describeAuth().authMode).toBe("headers_json");
  });

  it.each([
    ["PKCS#8 PEM", PKCS8_PEM],
    ["PKCS#1 PEM", PKCS1_PEM],
    ["bare PKCS#1 body", PKCS1_BODY],
    ["PKCS#1 PEM with literal \\n", PKCS1_PEM.replaceAll("\n", "\\n")],
  ])("service JWT from a %s key: RS384, iss, aud array, iat, header Bearer<JWT> without a space", async (_form, pem) => {
    const now = 1_790_000_000_123;
    const { sent, call, provider } = harness(jwtProfile({ source: "env", pem }), () => now);
    expect(provider.describeAuth()).toEqual({ authMode: "service_jwt", canSign: true, ready: true });
    await call();
    const header = sent[0]!.get("authorization")!;
    expect(header).toMatch(/^Bearer[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const token = header.slice("Bearer".length);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS384", typ: "JWT" });
    expect(await verify(token)).toEqual({ iss: "HOTELSSEARCHAPI", aud: ["HOTELSAPI", "HOTELSQA"], iat: Math.floor(now / 1000) });
  });

  it("a one-element audience is still an array, and a configured prefix and header are used", async () => {
    const { sent, call } = harness(jwtProfile({ source: "env", pem: PKCS8_PEM }, { audience: ["HOTELSAPI"], header: "X-Service-Jwt", prefix: "Bearer " }));
    await call();
    const header = sent[0]!.get("x-service-jwt")!;
    expect(header.startsWith("Bearer ")).toBe(true);
    expect((await verify(header.slice(7))).aud).toEqual(["HOTELSAPI"]);
  });

  it("re-signs after 30 s on the injected clock, not before", async () => {
    let now = 1_790_000_000_000;
    const { sent, call } = harness(jwtProfile({ source: "env", pem: PKCS8_PEM }), () => now);
    await call();
    now += 29_999;
    await call();
    expect(sent[1]!.get("authorization")).toBe(sent[0]!.get("authorization"));
    now += 1;
    await call();
    const third = sent[2]!.get("authorization")!;
    expect(third).not.toBe(sent[0]!.get("authorization"));
    expect((await verify(third.slice(6))).iat).toBe(Math.floor(now / 1000));
  });

  it("concurrent requests at the boundary share one signature", async () => {
    const { sent, call } = harness(jwtProfile({ source: "env", pem: PKCS8_PEM }));
    await Promise.all([call(), call()]);
    expect(sent[0]!.get("authorization")).toBe(sent[1]!.get("authorization"));
  });

  it("reads a 0600 key file", async () => {
    const { sent, call, provider } = harness(jwtProfile({ source: "file", path: keyFile("ok.pem", 0o600) }));
    expect(provider.describeAuth().canSign).toBe(true);
    await call();
    expect(await verify(sent[0]!.get("authorization")!.slice(6))).toMatchObject({ iss: "HOTELSSEARCHAPI" });
  });

  it("refuses a 0644 key file: canSign=false, and requests fail locally without an HTTP call", async () => {
    const path = keyFile("open.pem", 0o644);
    const { sent, call, provider } = harness(jwtProfile({ source: "file", path }));
    expect(provider.describeAuth()).toEqual({ authMode: "service_jwt", canSign: false, ready: false, problem: "key_file_not_private" });
    const err = await call().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe("auth_unavailable");
    expect((err as ProviderError).retryAllowed).toBe(false);
    expect(JSON.stringify(err)).not.toContain(path);
    expect(sent).toHaveLength(0);
  });

  it("names a missing file, garbage and a short key without echoing them", () => {
    const missing = harness(jwtProfile({ source: "file", path: join(dir, "nope.pem") }));
    expect(missing.provider.describeAuth().problem).toBe("key_file_unreadable");
    const garbage = harness(jwtProfile({ source: "env", pem: "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----" }));
    expect(garbage.provider.describeAuth()).toMatchObject({ canSign: false, problem: "key_invalid" });
    const small = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(harness(jwtProfile({ source: "env", pem: small })).provider.describeAuth().problem).toBe("key_too_small");
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(harness(jwtProfile({ source: "env", pem: ec })).provider.describeAuth().problem).toBe("key_not_rsa");
  });
});

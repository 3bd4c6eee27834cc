import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DeviceGrantProvider } from "../../broker/session/device-grant-provider.js";
import { IdentityProviderError, type IdentityFailureKind } from "../../broker/session/provider.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { CLIENT_ID, login } from "./helpers/sandbox-oauth.js";

const CANARY = "CANARY-provider-9";
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function sandbox(): Promise<Sandbox> {
  const s = await startSandbox({ seed: "provider", canary: CANARY, deviceIntervalSeconds: 0 });
  open.push(s);
  return s;
}

async function kindOf(work: Promise<unknown>): Promise<IdentityFailureKind> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IdentityProviderError);
  // Provider bodies (the sandbox puts the canary in its error bodies) never reach a message.
  expect(String((err as Error).message)).not.toContain(CANARY);
  return (err as IdentityProviderError).kind;
}

const signal = (): AbortSignal => AbortSignal.timeout(5_000);

describe("DeviceGrantProvider failure classification", () => {
  it.each([
    ["a 200 cut in half", { kind: "truncated" }, "indeterminate"],
    ["a 200 far over the size cap", { kind: "oversized", bytes: 512 * 1024 }, "indeterminate"],
    ["a 200 that is not JSON", { kind: "content_type" }, "indeterminate"],
    ["a redirect", { kind: "redirect" }, "protocol"],
    ["a 503", { kind: "status", status: 503 }, "unavailable"],
    ["a 429", { kind: "rate_limit", retryAfterSeconds: 2 }, "unavailable"],
  ] as const)("classifies %s on refresh", async (_label, fault, expected) => {
    const s = await sandbox();
    const tokens = await login(s);
    const provider = new DeviceGrantProvider({ issuerUrl: s.urls.authIssuerUrl, clientId: CLIENT_ID });
    s.control.setFault("token", { ...fault, times: 1 });
    expect(await kindOf(provider.refresh(tokens.refresh_token, signal()))).toBe(expected);
  });

  it("reports Retry-After in milliseconds", async () => {
    const s = await sandbox();
    const provider = new DeviceGrantProvider({ issuerUrl: s.urls.authIssuerUrl, clientId: CLIENT_ID });
    s.control.setFault("token", { kind: "rate_limit", retryAfterSeconds: 7, times: 1 });
    const err = await provider.refresh("rt_whatever", signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "unavailable", status: 429, retryAfterMs: 7_000 });
  });

  it("classifies a refused connection as unreachable (certainly not sent)", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const provider = new DeviceGrantProvider({ issuerUrl: `http://127.0.0.1:${port}` });
    expect(await kindOf(provider.refresh("rt_x", signal()))).toBe("unreachable");
  });

  it("rejects a replayed refresh token as invalid_grant", async () => {
    const s = await sandbox();
    const tokens = await login(s);
    const provider = new DeviceGrantProvider({ issuerUrl: s.urls.authIssuerUrl, clientId: CLIENT_ID });
    await provider.refresh(tokens.refresh_token, signal());
    const err = await provider.refresh(tokens.refresh_token, signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "rejected", oauthError: "invalid_grant" });
    expect((err as Error).message).not.toContain("reuse");
  });

  it("refuses metadata that names another issuer", async () => {
    const fake = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ issuer: "https://evil.example", device_authorization_endpoint: "https://evil.example/d", token_endpoint: "https://evil.example/t" }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    open.push({ close: () => new Promise<void>((resolve) => fake.close(() => resolve())) });
    const provider = new DeviceGrantProvider({ issuerUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/` });
    expect(await kindOf(provider.startDeviceAuthorization(signal()))).toBe("protocol");
  });

  it("revokes a refresh token, ending its session", async () => {
    const s = await sandbox();
    const tokens = await login(s);
    const provider = new DeviceGrantProvider({ issuerUrl: s.urls.authIssuerUrl, clientId: CLIENT_ID });
    await provider.revoke(tokens.refresh_token, signal());
    expect(s.control.identityStats()).toMatchObject({ sessionsActive: 0, revocationRequests: 1 });
  });
});

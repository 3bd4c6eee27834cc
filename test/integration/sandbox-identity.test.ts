import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../scripts/sandbox/index.js";
import { CLIENT_ID, DEVICE_GRANT, login, pollToken, postForm, refresh, startDevice, type Tokens } from "./helpers/sandbox-oauth.js";

const open: Sandbox[] = [];
async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const s = await startSandbox({ seed: "identity-test", ...options });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const bankingStatus = async (s: Sandbox, token: string): Promise<number> =>
  (await fetch(`${s.urls.bankingApiBaseUrl}/v1/travel/spending`, { headers: { authorization: `Bearer ${token}` } })).status;

describe("sandbox identity provider", () => {
  it("publishes RFC 8414 metadata for its endpoints", async () => {
    const s = await sandbox();
    const res = await fetch(`${s.urls.authIssuerUrl}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: s.urls.origin,
      device_authorization_endpoint: `${s.urls.origin}/oauth/device_authorization`,
      token_endpoint: `${s.urls.origin}/oauth/token`,
      revocation_endpoint: `${s.urls.origin}/oauth/revoke`,
    });
    expect(meta.grant_types_supported).toEqual(expect.arrayContaining([DEVICE_GRANT, "refresh_token"]));
  });

  it("runs a full device grant: pending, slow_down, approval over HTTP, tokens", async () => {
    const s = await sandbox({ deviceIntervalSeconds: 1 });
    const device = await startDevice(s);
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device.verification_uri).toBe(`${s.urls.origin}/oauth/device`);
    expect(device.verification_uri_complete).toBe(`${s.urls.origin}/oauth/device?user_code=${device.user_code}`);
    expect(device.interval).toBe(1);
    expect(device.expires_in).toBe(600);

    expect((await pollToken(s, device.device_code)).body.error).toBe("authorization_pending");
    const fast = await pollToken(s, device.device_code);
    expect(fast).toMatchObject({ status: 400, body: { error: "slow_down" } });

    const page = await fetch(device.verification_uri_complete);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('action="/oauth/device/approve"');

    const approved = await postForm(s, "/oauth/device/approve", { user_code: device.user_code.toLowerCase() });
    expect(approved).toEqual({ status: 200, body: { status: "approved" } });

    // slow_down raised the interval to 1 + 5 seconds.
    s.control.advanceClock(6_000);
    const tokens = await pollToken(s, device.device_code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: "Bearer", expires_in: 600, scope: "hotels banking" });
    expect(tokens.body.access_token).toMatch(/^at_/);
    expect(tokens.body.refresh_token).toMatch(/^rt_/);
    expect(s.control.identityStats()).toMatchObject({ sessionsActive: 1, accessTokensIssued: 1 });
  });

  it("approves through control.approveDevice and refuses a second exchange of the device code", async () => {
    const s = await sandbox({ deviceIntervalSeconds: 0 });
    const device = await startDevice(s);
    s.control.approveDevice(device.user_code);
    expect((await pollToken(s, device.device_code)).status).toBe(200);
    expect(await pollToken(s, device.device_code)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("answers 400 to approval of an unknown code and throws from the control API", async () => {
    const s = await sandbox();
    expect(await postForm(s, "/oauth/device/approve", { user_code: "BBBB-BBBB" })).toMatchObject({ status: 400, body: { error: "invalid_user_code" } });
    expect(() => s.control.approveDevice("BBBB-BBBB")).toThrow(/unknown/);
  });

  it("expires device codes after expires_in", async () => {
    const s = await sandbox({ deviceIntervalSeconds: 0, deviceCodeTtlSeconds: 30 });
    const device = await startDevice(s);
    s.control.advanceClock(30_000);
    expect(await pollToken(s, device.device_code)).toMatchObject({ status: 400, body: { error: "expired_token" } });
    expect((await postForm(s, "/oauth/device/approve", { user_code: device.user_code })).status).toBe(400);
  });

  it("answers access_denied when the person denies, by HTTP or by control", async () => {
    const s = await sandbox({ deviceIntervalSeconds: 0 });
    const viaHttp = await startDevice(s);
    expect((await postForm(s, "/oauth/device/approve", { user_code: viaHttp.user_code, action: "deny" })).body).toEqual({ status: "denied" });
    expect((await pollToken(s, viaHttp.device_code)).body.error).toBe("access_denied");
    const viaControl = await startDevice(s);
    s.control.denyDevice(viaControl.user_code);
    expect((await pollToken(s, viaControl.device_code)).body.error).toBe("access_denied");
  });

  it("expires access tokens with the sandbox clock", async () => {
    const s = await sandbox({ accessTokenTtlSeconds: 60 });
    const tokens = await login(s);
    expect(await bankingStatus(s, tokens.access_token)).toBe(200);
    s.control.advanceClock(59_000);
    expect(await bankingStatus(s, tokens.access_token)).toBe(200);
    s.control.advanceClock(1_000);
    expect(await bankingStatus(s, tokens.access_token)).toBe(401);
  });

  it("rotates refresh tokens several times in a row", async () => {
    const s = await sandbox();
    let tokens = await login(s);
    const seen = new Set([tokens.refresh_token]);
    for (let i = 0; i < 4; i++) {
      const reply = await refresh(s, tokens.refresh_token);
      expect(reply.status).toBe(200);
      tokens = reply.body as unknown as Tokens;
      expect(seen.has(tokens.refresh_token)).toBe(false);
      seen.add(tokens.refresh_token);
      expect(await bankingStatus(s, tokens.access_token)).toBe(200);
    }
    expect(s.control.identityStats()).toMatchObject({ refreshRotations: 4, accessTokensIssued: 5, reuseDetections: 0 });
  });

  it("revokes the whole session when a spent refresh token is replayed", async () => {
    const s = await sandbox();
    const first = await login(s);
    const second = (await refresh(s, first.refresh_token)).body as unknown as Tokens;
    const replay = await refresh(s, first.refresh_token);
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await refresh(s, second.refresh_token)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await bankingStatus(s, second.access_token)).toBe(401);
    expect(s.control.identityStats()).toMatchObject({ reuseDetections: 1, sessionsActive: 0, sessionsRevoked: 1 });
  });

  it("refuses an expired refresh token", async () => {
    const s = await sandbox({ refreshTokenTtlSeconds: 3600 });
    const tokens = await login(s);
    s.control.advanceClock(3_600_000);
    expect(await refresh(s, tokens.refresh_token)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("ends the session when its refresh token is revoked, and answers 200 for unknown tokens", async () => {
    const s = await sandbox();
    const tokens = await login(s);
    expect((await postForm(s, "/oauth/revoke", { token: tokens.refresh_token, token_type_hint: "refresh_token" })).status).toBe(200);
    expect(await bankingStatus(s, tokens.access_token)).toBe(401);
    expect((await refresh(s, tokens.refresh_token)).body.error).toBe("invalid_grant");
    expect((await postForm(s, "/oauth/revoke", { token: "rt_nothing" })).status).toBe(200);
    expect(s.control.identityStats()).toMatchObject({ revocationRequests: 2, sessionsRevoked: 1, reuseDetections: 0 });
  });

  it("revokes a single access token without ending the session", async () => {
    const s = await sandbox();
    const tokens = await login(s);
    await postForm(s, "/oauth/revoke", { token: tokens.access_token });
    expect(await bankingStatus(s, tokens.access_token)).toBe(401);
    expect((await refresh(s, tokens.refresh_token)).status).toBe(200);
  });

  it("answers RFC 6749 errors for bad requests", async () => {
    const s = await sandbox();
    expect(await postForm(s, "/oauth/token", { grant_type: "password", username: "x" })).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    expect(await postForm(s, "/oauth/token", {})).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await postForm(s, "/oauth/token", { grant_type: "refresh_token" })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await postForm(s, "/oauth/token", { grant_type: DEVICE_GRANT, client_id: CLIENT_ID })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await postForm(s, "/oauth/token", { grant_type: DEVICE_GRANT, device_code: "dc_x" })).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(await postForm(s, "/oauth/device_authorization", {})).toMatchObject({ status: 401, body: { error: "invalid_client" } });
    expect(await postForm(s, "/oauth/device_authorization", { client_id: CLIENT_ID, scope: "admin" })).toMatchObject({ status: 400, body: { error: "invalid_scope" } });
    const json = await fetch(`${s.urls.origin}/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ grant_type: "refresh_token" }) });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("puts the canary into every token in canary mode", async () => {
    const canary = "CANARY-7f3a";
    const s = await sandbox({ canary, deviceIntervalSeconds: 0 });
    const device = await startDevice(s);
    expect(device.device_code).toContain(canary);
    const tokens = await login(s);
    const rotated = (await refresh(s, tokens.refresh_token)).body as unknown as Tokens;
    for (const token of [tokens.access_token, tokens.refresh_token, rotated.access_token, rotated.refresh_token]) expect(token).toContain(canary);
  });

  it("counts token requests by route id", async () => {
    const s = await sandbox({ deviceIntervalSeconds: 0 });
    const device = await startDevice(s);
    await pollToken(s, device.device_code);
    await pollToken(s, device.device_code);
    s.control.approveDevice(device.user_code);
    await pollToken(s, device.device_code);
    expect(s.control.requestCount("token")).toBe(3);
    expect(s.control.requestCount("device_authorization")).toBe(1);
  });
});

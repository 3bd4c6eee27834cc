import type { Sandbox } from "../../../scripts/sandbox/index.js";

export const CLIENT_ID = "tbank-auth-broker";
export const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

export interface DeviceStart {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface OAuthReply {
  status: number;
  body: Record<string, unknown>;
}

export async function postForm(sandbox: Sandbox, path: string, fields: Record<string, string>): Promise<OAuthReply> {
  const res = await fetch(`${sandbox.urls.authIssuerUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function startDevice(sandbox: Sandbox, scope?: string): Promise<DeviceStart> {
  const reply = await postForm(sandbox, "/oauth/device_authorization", { client_id: CLIENT_ID, ...(scope ? { scope } : {}) });
  if (reply.status !== 200) throw new Error(`device_authorization answered ${reply.status}`);
  return reply.body as unknown as DeviceStart;
}

export function pollToken(sandbox: Sandbox, deviceCode: string): Promise<OAuthReply> {
  return postForm(sandbox, "/oauth/token", { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: CLIENT_ID });
}

export function refresh(sandbox: Sandbox, refreshToken: string): Promise<OAuthReply> {
  return postForm(sandbox, "/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: CLIENT_ID });
}

/** A full device login approved through the control API; the clock moves past the interval first. */
export async function login(sandbox: Sandbox): Promise<Tokens> {
  const device = await startDevice(sandbox);
  sandbox.control.approveDevice(device.user_code);
  sandbox.control.advanceClock(device.interval * 1000);
  const reply = await pollToken(sandbox, device.device_code);
  if (reply.status !== 200) throw new Error(`token answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body as unknown as Tokens;
}

import type { IncomingMessage } from "node:http";
import type { AuthOutcome } from "../contract.js";

export type AuthFailure = Extract<AuthOutcome, { ok: false }>;

export const REALM = "tbank-hotels";

/** RFC 7235 quoted-string: our descriptions are plain text, but a quote or backslash must not end it early. */
const quote = (value: string): string => `"${value.replace(/[\\"]/g, "").replace(/[^\x20-\x7e]/g, "?")}"`;

/** A `Bearer` challenge (RFC 6750 §3); parameters with an undefined value are left out. */
export function bearerChallenge(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${quote(value)}`]));
  return parts.length === 0 ? "Bearer" : `Bearer ${parts.join(", ")}`;
}

/**
 * Every value a client sent for header `name` (lower case). Node keeps only the first
 * Authorization header and joins repeated X-Api-Key ones, so the raw list is the only honest view.
 */
export function headerValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === name) values.push(req.rawHeaders[i + 1] ?? "");
  return values;
}

/** `Authorization: Bearer <credential>` (scheme case-insensitive, RFC 7235 §2.1). */
export function bearerCredential(header: string): string | undefined {
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return m?.[1];
}

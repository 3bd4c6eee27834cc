import { z } from "zod";
import { BodyTooLarge, declaredTooLarge, discard, readCapped } from "../../../../shared/http/capped-body.js";

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const DISCOVERY_TIMEOUT_MS = 5_000;
const MAX_METADATA_BYTES = 262_144;

const ServerMetadataSchema = z.object({ issuer: z.string(), jwks_uri: z.url({ protocol: /^https?$/ }) });

/**
 * The well-known metadata URLs of `issuer`, in the order tried: RFC 8414 §3.1 inserts the
 * well-known segment before the issuer's path; OpenID Connect Discovery appends it.
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  return [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}${path}/.well-known/openid-configuration`];
}

/** The issuer's `jwks_uri`, from metadata whose `issuer` is exactly ours (RFC 8414 §3.3). */
export async function discoverJwksUri(issuer: string, fetchImpl: FetchLike): Promise<string> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let res: Response;
    try {
      res = await fetchImpl(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
    } catch (err) {
      problems.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    if (res.status !== 200 || res.body === null || declaredTooLarge(res.headers, MAX_METADATA_BYTES)) {
      discard(res);
      problems.push(`${url}: HTTP ${res.status}`);
      continue;
    }
    // Read under the cap: an issuer (or whoever answers for it) cannot make the server hold more.
    let text: string;
    try {
      text = (await readCapped(res.body, MAX_METADATA_BYTES)).toString("utf8");
    } catch (err) {
      problems.push(`${url}: ${err instanceof BodyTooLarge ? `larger than ${MAX_METADATA_BYTES} bytes` : "answer cut off"}`);
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`${url}: not JSON`);
      continue;
    }
    const parsed = ServerMetadataSchema.safeParse(body);
    if (!parsed.success) {
      problems.push(`${url}: no valid jwks_uri`);
      continue;
    }
    // A metadata document for another issuer could hand us an attacker's keys.
    if (parsed.data.issuer !== issuer) throw new Error(`${url} names issuer ${parsed.data.issuer}, not ${issuer}`);
    return parsed.data.jwks_uri;
  }
  throw new Error(`cannot discover the JWKS of ${issuer}: ${problems.join("; ")}`);
}

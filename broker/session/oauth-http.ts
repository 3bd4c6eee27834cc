import { IdentityProviderError } from "./provider.js";
import { BodyTooLarge, declaredTooLarge, discard, readCapped as readCappedBody } from "../../shared/http/capped-body.js";
import { isJsonContentType } from "../../shared/http/provider-http.js";
import type { Clock } from "../../shared/time.js";

export type FetchFn = typeof globalThis.fetch;

export const MAX_RESPONSE_BYTES = 64 * 1024;
const MAX_RETRY_AFTER_MS = 3_600_000;

// Failures that happen before a connection exists: the request cannot have reached the server.
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "UND_ERR_CONNECT_TIMEOUT"]);

interface CodedError {
  code?: unknown;
  errors?: unknown;
}

const codeOf = (e: CodedError | undefined): string => (typeof e?.code === "string" ? e.code : "unknown");

function errorCodes(err: unknown): string[] {
  const cause = (err as { cause?: CodedError } | undefined)?.cause;
  if (!cause) return [];
  // Happy-eyeballs connects fail with an AggregateError holding one error per address tried.
  if (Array.isArray(cause.errors)) return (cause.errors as CodedError[]).map(codeOf);
  return [codeOf(cause)];
}

export function certainlyNotSent(err: unknown): boolean {
  const codes = errorCodes(err);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}

export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  const ms = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  if (declaredTooLarge(res.headers, maxBytes)) {
    discard(res);
    throw new Error("response too large");
  }
  if (!res.body) return "";
  try {
    return (await readCappedBody(res.body, maxBytes)).toString("utf8");
  } catch (err) {
    throw err instanceof BodyTooLarge ? new Error("response too large") : err;
  }
}

export interface OAuthRequest {
  url: string;
  /** Form fields for a POST; a GET when absent. */
  form?: Record<string, string>;
  signal: AbortSignal;
  fetch: FetchFn;
  now: Clock;
  maxBytes?: number;
}

export interface OAuthResponse {
  status: number;
  json: unknown;
}

/**
 * One request to the provider. Returns 2xx and 4xx answers with their JSON body; everything else
 * becomes an IdentityProviderError whose message is fixed text (provider bodies may echo secrets).
 * A 2xx that cannot be read is `indeterminate`, because the provider may already have acted on it.
 */
export async function oauthRequest(req: OAuthRequest): Promise<OAuthResponse> {
  let res: Response;
  try {
    res = await req.fetch(req.url, {
      method: req.form ? "POST" : "GET",
      headers: req.form ? { "content-type": "application/x-www-form-urlencoded", accept: "application/json" } : { accept: "application/json" },
      ...(req.form ? { body: new URLSearchParams(req.form).toString() } : {}),
      redirect: "manual",
      signal: req.signal,
    });
  } catch (err) {
    if (!req.signal.aborted && certainlyNotSent(err)) throw new IdentityProviderError("unreachable", "identity provider is unreachable", { cause: err });
    throw new IdentityProviderError("indeterminate", req.signal.aborted ? "identity provider did not answer in time" : "connection to the identity provider failed", { cause: err });
  }
  const status = res.status;
  if (res.type === "opaqueredirect" || (status >= 300 && status < 400)) {
    await res.body?.cancel().catch(() => undefined);
    throw new IdentityProviderError("protocol", "identity provider answered with a redirect", { status });
  }
  if (status >= 500 || status === 429) {
    await res.body?.cancel().catch(() => undefined);
    const retryAfterMs = parseRetryAfter(res.headers.get("retry-after"), req.now());
    throw new IdentityProviderError("unavailable", `identity provider is unavailable (HTTP ${status})`, { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  const unreadable = status < 300 ? "indeterminate" : "protocol";
  let text: string;
  try {
    text = await readCapped(res, req.maxBytes ?? MAX_RESPONSE_BYTES);
  } catch (err) {
    throw new IdentityProviderError(unreadable, "identity provider answer could not be read", { status, cause: err });
  }
  if (!isJsonContentType(res.headers.get("content-type"))) {
    throw new IdentityProviderError(unreadable, "identity provider answered with an unexpected content type", { status });
  }
  try {
    return { status, json: JSON.parse(text) as unknown };
  } catch {
    throw new IdentityProviderError(unreadable, "identity provider answered with malformed JSON", { status });
  }
}

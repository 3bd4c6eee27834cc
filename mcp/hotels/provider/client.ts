import type { z } from "zod";
import { nullLogger, type Logger } from "../../../shared/logger.js";
import type { AuthHeaderProvider } from "./auth.js";
import { BodyTooLarge, declaredTooLarge, discard, MAX_RESPONSE_BYTES, readCapped } from "./capped-body.js";
import { ProviderError, retryAfterSeconds, safeCode, safeRequestId, statusKind, type ProviderErrorInfo } from "./errors.js";
import type { ConcurrencyLimiter } from "./limiter.js";

export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>;

export interface ProviderRequest<S extends z.ZodType> {
  routeId: string;
  method: "GET" | "POST";
  /** Relative to the configured base URL, e.g. "/v3/search". */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Overrides the configured timeout for this call (e.g. a shorter first attempt). */
  timeoutMs?: number;
}

export interface ProviderHttpClientOptions {
  baseUrl: string;
  timeoutMs: number;
  auth: AuthHeaderProvider;
  limiter: ConcurrencyLimiter;
  fetch?: FetchLike;
  now?: () => number;
  logger?: Logger;
}

// Enough for `{code, message, requestId}`; only `code` survives, the rest is dropped unread.
const MAX_ERROR_BODY_BYTES = 16 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Every Hotels API call goes through here: limiter slot, auth headers, timeout, no redirects,
 * the 2 MiB cap, JSON and schema checks, and errors reduced to a ProviderError. No retries: a
 * 401/403 is one HTTP call, and whether a timeout is worth a second try is the journey's call.
 */
export class ProviderHttpClient {
  readonly #opts: ProviderHttpClientOptions;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #logger: Logger;

  constructor(opts: ProviderHttpClientOptions) {
    this.#opts = opts;
    this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.#now = opts.now ?? Date.now;
    this.#logger = opts.logger ?? nullLogger;
  }

  request<S extends z.ZodType>(req: ProviderRequest<S>): Promise<z.infer<S>> {
    return this.#opts.limiter.run(() => this.#send(req), { signal: req.signal, routeId: req.routeId });
  }

  async #send<S extends z.ZodType>(req: ProviderRequest<S>): Promise<z.infer<S>> {
    const started = this.#now();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), req.timeoutMs ?? this.#opts.timeoutMs);
    const signal = req.signal === undefined ? deadline.signal : AbortSignal.any([req.signal, deadline.signal]);
    let phase: "headers" | "body" = "headers";
    let status: number | undefined;
    try {
      const headers: Record<string, string> = { ...(await this.#opts.auth.headers()), accept: "application/json" };
      if (req.body !== undefined) headers["content-type"] = "application/json";
      const res = await this.#fetch(endpoint(this.#opts.baseUrl, req.path, req.query), {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        // Credentials must not travel to wherever a 3xx points; no Hotels route redirects.
        redirect: "manual",
        signal,
      });
      status = res.status;
      phase = "body";
      const value = await this.#read(res, req);
      this.#logger.debug({ routeId: req.routeId, status, durationMs: this.#now() - started }, "provider call");
      return value;
    } catch (err) {
      const error = this.#reduce(err, req, phase, deadline.signal);
      this.#logger.debug({ routeId: req.routeId, status, kind: error.kind, reason: error.reason, durationMs: this.#now() - started }, "provider call failed");
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async #read<S extends z.ZodType>(res: Response, req: ProviderRequest<S>): Promise<z.infer<S>> {
    const base = { routeId: req.routeId, status: res.status, requestId: safeRequestId(res.headers) };
    if (res.status >= 300 && res.status < 400) {
      discard(res);
      throw new ProviderError({ ...base, kind: "redirect_refused" });
    }
    if (res.status < 200 || res.status > 299) throw await this.#statusError(res, base);
    const type = res.headers.get("content-type") ?? "";
    if (res.body === null || !JSON_TYPE.test(type)) {
      discard(res);
      throw new ProviderError({ ...base, kind: "bad_response", issues: ["content_type"] });
    }
    if (declaredTooLarge(res.headers, MAX_RESPONSE_BYTES)) {
      discard(res);
      throw new ProviderError({ ...base, kind: "too_large" });
    }
    let bytes: Buffer;
    try {
      bytes = await readCapped(res.body, MAX_RESPONSE_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) throw new ProviderError({ ...base, kind: "too_large" });
      throw err;
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw new ProviderError({ ...base, kind: "bad_response", issues: ["json"] });
    }
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) throw new ProviderError({ ...base, kind: "bad_response", issues: issuePaths(parsed.error) });
    return parsed.data;
  }

  async #statusError(res: Response, base: Pick<ProviderErrorInfo, "routeId" | "status" | "requestId">): Promise<ProviderError> {
    const status = res.status;
    const info: ProviderErrorInfo = { ...base, kind: statusKind(status) };
    if (status >= 500) info.reason = "server_error";
    if (status === 429) info.retryAfterSeconds = retryAfterSeconds(res.headers, this.#now());
    info.code = await errorCode(res);
    return new ProviderError(info);
  }

  #reduce(err: unknown, req: ProviderRequest<z.ZodType>, phase: "headers" | "body", deadline: AbortSignal): ProviderError {
    if (err instanceof ProviderError) return err;
    if (req.signal?.aborted) return new ProviderError({ kind: "aborted", routeId: req.routeId });
    if (deadline.aborted) return new ProviderError({ kind: "unavailable", routeId: req.routeId, reason: "timeout" });
    // The fetch error names a host or a socket state, never provider text: keep it as the cause.
    const reason = phase === "body" ? "truncated" : "network";
    return new ProviderError({ kind: "unavailable", routeId: req.routeId, reason }, err);
  }
}

/** Reads at most 16 KiB of an error body and keeps only a code-shaped `code` field. */
async function errorCode(res: Response): Promise<string | undefined> {
  if (res.body === null) return undefined;
  if (!JSON_TYPE.test(res.headers.get("content-type") ?? "") || declaredTooLarge(res.headers, MAX_ERROR_BODY_BYTES)) {
    discard(res);
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse((await readCapped(res.body, MAX_ERROR_BODY_BYTES)).toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? safeCode((parsed as { code?: unknown }).code) : undefined;
  } catch {
    return undefined;
  }
}

// Paths only: zod messages can quote received values, and those are provider data.
function issuePaths(error: z.ZodError): string[] {
  const paths = error.issues.slice(0, 5).map((issue) => {
    const segments = issue.path.map((s) => (typeof s === "number" ? String(s) : typeof s === "string" && /^[A-Za-z0-9_$]{1,40}$/.test(s) ? s : "?"));
    return `${segments.join(".") || "(root)"}: ${issue.code}`;
  });
  return paths;
}

/** Joins a configured base URL ("https://host/api") and an API path ("/v3/search"). */
export function endpoint(baseUrl: string, path: string, query: Record<string, string | number | undefined> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

import type { z } from "zod";
import type { HeaderReader, HttpAnswer } from "./answer.js";
import { nullLogger, type Logger } from "../logger.js";
import { BodyTooLarge, declaredTooLarge, discard, readCapped } from "./capped-body.js";
import { ProviderError, retryAfterSeconds, safeCode, safeRequestId, statusKind, type ProviderErrorInfo } from "./provider-error.js";
import { nodeFetch } from "./node-fetch.js";
import type { ProviderWaitMeter } from "./provider-wait.js";
import type { Clock } from "../time.js";

/** A fetch, or anything answering what the core reads of one (node-fetch's lighter answer). */
export type FetchLike = (input: URL, init: RequestInit) => Promise<HttpAnswer>;

/** The largest provider JSON answer either process will hold. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
// Enough for `{code, message, requestId}`; only `code` survives, the rest is dropped unread.
const MAX_ERROR_BODY_BYTES = 16 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function isJsonContentType(value: string | null): boolean {
  return JSON_TYPE.test(value ?? "");
}

export interface Credentials {
  headers: Record<string, string>;
  /** Told of a 401 to these headers; when present, the core sends once more with fresh credentials. */
  rejected?(): void;
}

/** How a process signs its calls: the broker's session bearer, or the Hotels MCP's auth profile. */
export interface ProviderAuth {
  /** Its errors pass through unchanged: they are the caller's own (no session, no signing key). */
  credentials(signal: AbortSignal): Promise<Credentials>;
}

export interface ProviderCall {
  routeId: string;
  method: "GET" | "POST";
  url: URL;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (the broker's x-real-ip on booking writes); credentials and accept win. */
  headers?: Readonly<Record<string, string>>;
}

export interface JsonCall extends ProviderCall {
  /** This call's own deadline, reported as `unavailable`/`timeout` where the caller's abort is `aborted`. */
  timeoutMs?: number;
}

/** A successful (2xx) provider answer whose body has not been read yet. */
export interface OpenResponse {
  status: number;
  headers: HeaderReader;
  body: ReadableStream<Uint8Array>;
  requestId: string | undefined;
}

export interface ProviderHttpOptions {
  auth: ProviderAuth;
  fetch?: FetchLike;
  now?: Clock;
  logger?: Logger;
  /** Told when each request is sent and answered (the remote mode's provider-wait metric). */
  wait?: ProviderWaitMeter;
}

const NEVER = new AbortController().signal;

/**
 * The one HTTP core for provider APIs. Credentialed requests never follow redirects (a 3xx would
 * carry the credentials to wherever it points), bodies are read under a cap, and every failure is
 * reduced to a ProviderError: kind, status, safe code, request id, never body text. No retries
 * beyond the one a `rejected` credential asks for.
 */
export class ProviderHttp {
  readonly #auth: ProviderAuth;
  readonly #fetch: FetchLike;
  readonly #now: Clock;
  readonly #logger: Logger;
  readonly #wait: ProviderWaitMeter | undefined;

  constructor(opts: ProviderHttpOptions) {
    this.#wait = opts.wait;
    this.#auth = opts.auth;
    this.#fetch = opts.fetch ?? nodeFetch;
    this.#now = opts.now ?? Date.now;
    this.#logger = opts.logger ?? nullLogger;
  }

  /** The answer with its body unread, for a caller that streams it under its own cap (vouchers). */
  async open(call: ProviderCall, accept: string): Promise<OpenResponse> {
    return await this.#opened(await this.#send(call, accept, call.signal ?? NEVER, NEVER), call.routeId);
  }

  async json<S extends z.ZodType>(call: JsonCall, schema: S): Promise<z.infer<S>> {
    const started = this.#now();
    const deadline = call.timeoutMs === undefined ? undefined : new AbortController();
    const timer = deadline === undefined ? undefined : setTimeout(() => deadline.abort(), call.timeoutMs);
    const own = deadline?.signal ?? NEVER;
    const signal = call.signal === undefined ? own : deadline === undefined ? call.signal : AbortSignal.any([call.signal, own]);
    let status: number | undefined;
    try {
      const res = await this.#send(call, "application/json", signal, own);
      status = res.status;
      const value = await readJson(await this.#opened(res, call.routeId), call, schema, own);
      this.#logger.debug({ routeId: call.routeId, status, durationMs: this.#now() - started }, "provider call");
      return value;
    } catch (err) {
      const { kind, reason } = err instanceof ProviderError ? err : { kind: undefined, reason: undefined };
      this.#logger.debug({ routeId: call.routeId, status, kind, reason, durationMs: this.#now() - started }, "provider call failed");
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async #send(call: ProviderCall, accept: string, signal: AbortSignal, deadline: AbortSignal): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const credentials = await this.#auth.credentials(signal);
      const headers: Record<string, string> = { ...call.headers, ...credentials.headers, accept };
      if (call.body !== undefined) headers["content-type"] = "application/json";
      let res: HttpAnswer;
      try {
        const body = call.body === undefined ? undefined : JSON.stringify(call.body);
        const answered = this.#wait?.begin();
        try {
          res = await this.#fetch(call.url, { method: call.method, headers, body, redirect: "manual", signal });
        } finally {
          answered?.();
        }
      } catch (err) {
        throw transportFailure(err, call, deadline, "network");
      }
      if (res.status !== 401 || credentials.rejected === undefined) return res;
      credentials.rejected();
      if (attempt > 0) return res;
      discard(res);
    }
  }

  async #opened(res: HttpAnswer, routeId: string): Promise<OpenResponse> {
    const base = { routeId, status: res.status, requestId: safeRequestId(res.headers) };
    if (res.status >= 300 && res.status < 400) {
      discard(res);
      throw new ProviderError({ ...base, kind: "redirect_refused" });
    }
    if (res.status < 200 || res.status > 299) {
      const info: ProviderErrorInfo = { ...base, kind: statusKind(res.status) };
      if (res.status >= 500) info.reason = "server_error";
      if (res.status === 429) info.retryAfterSeconds = retryAfterSeconds(res.headers, this.#now());
      info.code = await errorCode(res);
      throw new ProviderError(info);
    }
    if (res.body === null) throw new ProviderError({ ...base, kind: "bad_response", issues: ["empty_body"] });
    return { status: res.status, headers: res.headers, body: res.body, requestId: base.requestId };
  }
}

async function readJson<S extends z.ZodType>(res: OpenResponse, call: ProviderCall, schema: S, deadline: AbortSignal): Promise<z.infer<S>> {
  const base = { routeId: call.routeId, status: res.status, requestId: res.requestId };
  const refuse = (info: Pick<ProviderErrorInfo, "kind" | "issues">): ProviderError => {
    res.body.cancel().catch(() => undefined);
    return new ProviderError({ ...base, ...info });
  };
  if (!isJsonContentType(res.headers.get("content-type"))) throw refuse({ kind: "bad_response", issues: ["content_type"] });
  if (declaredTooLarge(res.headers, MAX_RESPONSE_BYTES)) throw refuse({ kind: "too_large" });
  let bytes: Buffer;
  try {
    bytes = await readCapped(res.body, MAX_RESPONSE_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw new ProviderError({ ...base, kind: "too_large" });
    throw transportFailure(err, call, deadline, "truncated", res.requestId);
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ProviderError({ ...base, kind: "bad_response", issues: ["json"] });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderError({ ...base, kind: "bad_response", issues: issuePaths(parsed.error) });
  return parsed.data;
}

function transportFailure(err: unknown, call: ProviderCall, deadline: AbortSignal, reason: "network" | "truncated", requestId?: string): ProviderError {
  if (call.signal?.aborted) return new ProviderError({ kind: "aborted", routeId: call.routeId });
  if (deadline.aborted) return new ProviderError({ kind: "unavailable", routeId: call.routeId, reason: "timeout" });
  // The fetch error names a host or a socket state, never provider text: keep it as the cause.
  return new ProviderError({ kind: "unavailable", routeId: call.routeId, reason, requestId }, err);
}

/** Reads at most 16 KiB of an error body and keeps only a code-shaped `code` field. */
async function errorCode(res: HttpAnswer): Promise<string | undefined> {
  if (res.body === null) return undefined;
  if (!isJsonContentType(res.headers.get("content-type")) || declaredTooLarge(res.headers, MAX_ERROR_BODY_BYTES)) {
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
  return error.issues.slice(0, 5).map((issue) => {
    const segments = issue.path.map((s) => (typeof s === "number" ? String(s) : typeof s === "string" && /^[A-Za-z0-9_$]{1,40}$/.test(s) ? s : "?"));
    return `${segments.join(".") || "(root)"}: ${issue.code}`;
  });
}

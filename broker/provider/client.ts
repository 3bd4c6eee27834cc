import type { z } from "zod";
import type { SessionManager } from "../types.js";
import { checkDeclaredLength, MAX_JSON_BYTES, readCapped } from "./capped.js";
import { badResponse, safeRequestId, statusError, transportError } from "./errors.js";

export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>;

/** A successful (2xx) provider answer whose body has not been read yet. */
export interface OpenResponse {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array>;
  requestId: string | undefined;
}

export interface ProviderClientOptions {
  session: Pick<SessionManager, "getAccessToken" | "markRejected">;
  fetch?: FetchLike;
}

/**
 * The broker's only way to talk to provider APIs with the mobile session. Credentialed requests
 * never follow redirects (a 3xx would carry the bearer token to wherever it points), and every
 * error is reduced to status + safe code + request id.
 */
export class ProviderClient {
  readonly #session: ProviderClientOptions["session"];
  readonly #fetch: FetchLike;

  constructor(opts: ProviderClientOptions) {
    this.#session = opts.session;
    this.#fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** GET with the session; a 401 refreshes the session and retries exactly once. */
  async open(url: URL, accept: string, signal: AbortSignal): Promise<OpenResponse> {
    let response = await this.#send(url, accept, signal);
    if (response.res.status === 401) {
      await discard(response.res);
      this.#session.markRejected(response.token);
      response = await this.#send(url, accept, signal);
      if (response.res.status === 401) this.#session.markRejected(response.token);
    }
    const { res } = response;
    const requestId = safeRequestId(res.headers);
    if (res.status < 200 || res.status > 299 || res.body === null) {
      await discard(res);
      throw statusError(res.status, requestId);
    }
    return { status: res.status, headers: res.headers, body: res.body, requestId };
  }

  async getJson<S extends z.ZodType>(url: URL, schema: S, signal: AbortSignal): Promise<z.infer<S>> {
    const res = await this.open(url, "application/json", signal);
    const type = res.headers.get("content-type") ?? "";
    if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
      await res.body.cancel().catch(() => undefined);
      throw badResponse("an unexpected content type", res.requestId);
    }
    let bytes: Buffer;
    try {
      checkDeclaredLength(res.headers, MAX_JSON_BYTES);
      bytes = await readCapped(res.body, MAX_JSON_BYTES);
    } catch (err) {
      await res.body.cancel().catch(() => undefined);
      throw transportError(err, signal, res.requestId);
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch (err) {
      throw badResponse("malformed JSON", res.requestId, err);
    }
    const parsed = schema.safeParse(json);
    // The zod issues name provider fields and may quote values: they stay in the local cause.
    if (!parsed.success) throw badResponse("a response of an unexpected shape", res.requestId, parsed.error);
    return parsed.data;
  }

  async #send(url: URL, accept: string, signal: AbortSignal): Promise<{ res: Response; token: string }> {
    const token = await this.#session.getAccessToken(signal);
    try {
      const res = await this.#fetch(url, {
        method: "GET",
        headers: { authorization: `Bearer ${token}`, accept },
        redirect: "manual",
        signal,
      });
      return { res, token };
    } catch (err) {
      throw transportError(err, signal);
    }
  }
}

async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}

/** Joins a configured base URL ("https://host/api") and an API path ("/v1/orders"). */
export function endpoint(baseUrl: string, path: string, query: Record<string, string | number> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url;
}

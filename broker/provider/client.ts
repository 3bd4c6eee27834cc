import type { z } from "zod";
import { ConcurrencyLimiter, QUEUE_LIMIT } from "../../shared/http/limiter.js";
import { nodeFetch } from "../../shared/http/node-fetch.js";
import { ProviderHttp, type FetchLike, type JsonCall, type OpenResponse, type ProviderCall } from "../../shared/http/provider-http.js";
import type { SessionManager } from "../types.js";
import { brokerError } from "./errors.js";
import type { Err, Ok } from "../../shared/result.js";

// Without a bound, clients pipelining reads send the bank hundreds of requests a second: a bank may
// take that for abuse and lock the person's session. Eight cover both MCPs and the CLI at once.
export const PROVIDER_MAX_IN_FLIGHT = 8;
// Past the queue a call is answered `busy` at once, without touching the bank.
export const PROVIDER_QUEUE_LIMIT = QUEUE_LIMIT;

export interface ProviderClientOptions {
  session: Pick<SessionManager, "getAccessToken" | "markRejected">;
  fetch?: FetchLike;
}

/**
 * The broker's only way to call provider APIs with the mobile session: the shared HTTP core with
 * the session's bearer token, at most PROVIDER_MAX_IN_FLIGHT calls at once. A 401 marks that
 * token rejected and the core sends once more with a refreshed one. Failures leave as BrokerErrors
 * (status, fixed text, request id; `busy` past the queue).
 */
export class ProviderClient {
  readonly #http: ProviderHttp;
  readonly #limiter: ConcurrencyLimiter;
  // The URL objects fetch was called with: how a write tells "never sent" (no session, queue full,
  // aborted while queued) from "sent, answer lost". The core hands fetch the call's own URL.
  readonly #sent = new WeakSet<URL>();

  constructor(opts: ProviderClientOptions) {
    const { session } = opts;
    const credentials = async (signal: AbortSignal) => {
      const token = await session.getAccessToken(signal);
      return { headers: { authorization: `Bearer ${token}` }, rejected: () => session.markRejected(token) };
    };
    const send: FetchLike = opts.fetch ?? nodeFetch;
    const tracked: FetchLike = (input, init) => {
      this.#sent.add(input);
      return send(input, init);
    };
    this.#http = new ProviderHttp({ auth: { credentials }, fetch: tracked });
    this.#limiter = new ConcurrencyLimiter(PROVIDER_MAX_IN_FLIGHT, PROVIDER_QUEUE_LIMIT);
  }

  /** A 2xx answer with its body unread; its slot is released once the headers are in. */
  async open(call: ProviderCall, accept: string): Promise<OpenResponse> {
    try {
      return await this.#limiter.run(() => this.#http.open(call, accept), { signal: call.signal, routeId: call.routeId });
    } catch (err) {
      throw brokerError(err);
    }
  }

  async getJson<S extends z.ZodType>(call: JsonCall, schema: S): Promise<z.infer<S>> {
    try {
      return await this.#limiter.run(() => this.#http.json(call, schema), { signal: call.signal, routeId: call.routeId });
    } catch (err) {
      throw brokerError(err);
    }
  }

  /**
   * A call whose failures stay raw (ProviderError with status and safe code, or the session's own
   * BrokerError), with `sent` saying whether the request left the broker: for a write, only the
   * caller knows which failures mean "refused", "never sent" or "outcome unknown". The one resend
   * is the core's after a 401, which the provider answers before doing anything; the write's
   * clientRequestId makes even that one harmless.
   */
  async tryJson<S extends z.ZodType>(call: JsonCall, schema: S): Promise<Ok<z.infer<S>> | (Err<unknown> & { sent: boolean })> {
    try {
      return { ok: true, value: await this.#limiter.run(() => this.#http.json(call, schema), { signal: call.signal, routeId: call.routeId }) };
    } catch (error) {
      return { ok: false, error, sent: this.#sent.has(call.url) };
    }
  }
}


import type { z } from "zod";
import { ConcurrencyLimiter, QUEUE_LIMIT } from "../../shared/http/limiter.js";
import { ProviderHttp, type FetchLike, type OpenResponse, type ProviderCall } from "../../shared/http/provider-http.js";
import type { SessionManager } from "../types.js";
import { brokerError } from "./errors.js";

// Without a bound, clients pipelining reads sent the bank 1,008 requests in 1.5 s: a bank may take
// that for abuse and lock the person's session. Eight cover both MCPs and the CLI at once.
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

  constructor(opts: ProviderClientOptions) {
    const { session } = opts;
    const credentials = async (signal: AbortSignal) => {
      const token = await session.getAccessToken(signal);
      return { headers: { authorization: `Bearer ${token}` }, rejected: () => session.markRejected(token) };
    };
    this.#http = new ProviderHttp({ auth: { credentials }, fetch: opts.fetch });
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

  async getJson<S extends z.ZodType>(call: ProviderCall, schema: S): Promise<z.infer<S>> {
    try {
      return await this.#limiter.run(() => this.#http.json(call, schema), { signal: call.signal, routeId: call.routeId });
    } catch (err) {
      throw brokerError(err);
    }
  }
}


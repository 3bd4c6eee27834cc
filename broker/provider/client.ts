import type { z } from "zod";
import { ProviderHttp, type FetchLike, type OpenResponse, type ProviderCall } from "../../shared/http/provider-http.js";
import type { SessionManager } from "../types.js";
import { brokerError } from "./errors.js";

export interface ProviderClientOptions {
  session: Pick<SessionManager, "getAccessToken" | "markRejected">;
  fetch?: FetchLike;
}

/**
 * The broker's only way to call provider APIs with the mobile session: the shared HTTP core with
 * the session's bearer token. A 401 marks that token rejected and the core sends once more with a
 * refreshed one. Failures leave as BrokerErrors (status, fixed text, request id).
 */
export class ProviderClient {
  readonly #http: ProviderHttp;

  constructor(opts: ProviderClientOptions) {
    const { session } = opts;
    const credentials = async (signal: AbortSignal) => {
      const token = await session.getAccessToken(signal);
      return { headers: { authorization: `Bearer ${token}` }, rejected: () => session.markRejected(token) };
    };
    this.#http = new ProviderHttp({ auth: { credentials }, fetch: opts.fetch });
  }

  /** A 2xx answer with its body unread. */
  async open(call: ProviderCall, accept: string): Promise<OpenResponse> {
    try {
      return await this.#http.open(call, accept);
    } catch (err) {
      throw brokerError(err);
    }
  }

  async getJson<S extends z.ZodType>(call: ProviderCall, schema: S): Promise<z.infer<S>> {
    try {
      return await this.#http.json(call, schema);
    } catch (err) {
      throw brokerError(err);
    }
  }
}


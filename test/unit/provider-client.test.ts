import { describe, expect, it } from "vitest";
import { ProviderClient } from "../../broker/provider/client.js";
import { ProviderCustomerSchema } from "../../broker/provider/hotels-schemas.js";
import type { FetchLike } from "../../shared/http/provider-http.js";
import { HOTELS_CUSTOMER_ROUTES, routeCall } from "../../shared/http/routes.js";
import { BrokerError } from "../../shared/protocol/errors.js";

const customer = (signal: AbortSignal) => ({ ...routeCall(HOTELS_CUSTOMER_ROUTES, "https://hotels.example.test/api/", "customer"), signal });

function session() {
  const rejected: string[] = [];
  let n = 0;
  return {
    rejected,
    getAccessToken: () => Promise.resolve(`token-${++n}`),
    markRejected: (t: string) => void rejected.push(t),
  };
}

async function errorOf(promise: Promise<unknown>): Promise<BrokerError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof BrokerError)) throw new Error(`expected a BrokerError, got ${String(err)}`);
  return err;
}

const jsonResponse = (body: string, init: ResponseInit = {}) => new Response(body, { status: 200, headers: { "content-type": "application/json" }, ...init });

describe("ProviderClient", () => {
  it("joins base URLs, sends the bearer token and never follows redirects", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetch: FetchLike = (url, init) => {
      seen.push({ url: url.href, init });
      return Promise.resolve(jsonResponse('{"firstName":"Анна"}'));
    };
    const client = new ProviderClient({ session: session(), fetch });
    expect(await client.getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema)).toEqual({ firstName: "Анна" });
    expect(seen[0]!.url).toBe("https://hotels.example.test/api/v1/customer");
    expect(seen[0]!.init.redirect).toBe("manual");
    expect(new Headers(seen[0]!.init.headers).get("authorization")).toBe("Bearer token-1");
  });

  it("marks a 401 token rejected and retries exactly once with the next token", async () => {
    const s = session();
    const statuses = [401, 401, 200];
    const fetch: FetchLike = () => Promise.resolve(jsonResponse("{}", { status: statuses.shift() }));
    const err = await errorOf(new ProviderClient({ session: s, fetch }).getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema));
    expect(err.code).toBe("provider_auth_rejected");
    expect(s.rejected).toEqual(["token-1", "token-2"]);
    expect(statuses).toEqual([200]);
  });

  it("keeps provider bodies and unsafe request ids out of messages", async () => {
    const body = '{"message":"internal trace SECRET-123 for ord_999"}';
    const fetch: FetchLike = () => Promise.resolve(new Response(body, { status: 500, headers: { "x-request-id": "id with spaces SECRET" } }));
    const err = await errorOf(new ProviderClient({ session: session(), fetch }).getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema));
    expect(err).toMatchObject({ code: "provider_unavailable", retryAllowed: true });
    expect(err.message).toBe("the provider is unavailable: HTTP 500");
  });

  it("maps a network failure to provider_unavailable and an aborted request to timeout", async () => {
    const down: FetchLike = () => Promise.reject(new TypeError("fetch failed: connect ECONNREFUSED"));
    expect((await errorOf(new ProviderClient({ session: session(), fetch: down }).getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema))).code).toBe("provider_unavailable");
    const controller = new AbortController();
    // Like fetch: an already aborted signal rejects at once, a later abort rejects the pending call.
    const hang: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        if (init.signal?.aborted) reject(new Error("aborted"));
        init.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    const pending = new ProviderClient({ session: session(), fetch: hang }).getJson(customer(controller.signal), ProviderCustomerSchema);
    controller.abort();
    expect((await errorOf(pending)).code).toBe("timeout");
  });

  it("reports a body over the 2 MiB cap as too_large", async () => {
    const fetch: FetchLike = () => Promise.resolve(jsonResponse("{}", { headers: { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) } }));
    const err = await errorOf(new ProviderClient({ session: session(), fetch }).getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema));
    expect(err).toMatchObject({ code: "too_large", message: "the provider response exceeds the 2097152-byte limit" });
  });

  it("refuses a provider answer of the wrong shape without quoting it", async () => {
    const fetch: FetchLike = () => Promise.resolve(jsonResponse('{"firstName":{"secret":"SECRET-9"}}'));
    const err = await errorOf(new ProviderClient({ session: session(), fetch }).getJson(customer(AbortSignal.timeout(1000)), ProviderCustomerSchema));
    expect(err.code).toBe("provider_error");
    expect(err.message).not.toContain("SECRET");
  });
});

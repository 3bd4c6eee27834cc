import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProviderError } from "../../shared/http/provider-error.js";
import { ProviderHttp, type Credentials, type FetchLike } from "../../shared/http/provider-http.js";
import { HOTELS_CUSTOMER_ROUTES, HOTELS_ROUTES, routeCall, routeUrl } from "../../shared/http/routes.js";

const BASE = "https://hotels.example.test/api/";
const Customer = z.looseObject({ firstName: z.string() });
const call = (signal?: AbortSignal) => ({ ...routeCall(HOTELS_CUSTOMER_ROUTES, BASE, "customer"), signal });
const json = (body: string, status = 200, headers: Record<string, string> = {}) => new Response(body, { status, headers: { "content-type": "application/json", ...headers } });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

function http(fetch: FetchLike, credentials: (signal: AbortSignal) => Promise<Credentials> = () => Promise.resolve({ headers: {} })) {
  return new ProviderHttp({ auth: { credentials }, fetch });
}

describe("route table", () => {
  it("fills each path segment encoded, so an id cannot escape it, and drops undefined query values", () => {
    expect(routeUrl(BASE, HOTELS_CUSTOMER_ROUTES.voucher, { orderId: "a/../b" }).href).toBe("https://hotels.example.test/api/v1/orders/a%2F..%2Fb/voucher");
    expect(routeUrl(BASE, HOTELS_CUSTOMER_ROUTES.orders, {}, { offset: 0, limit: undefined }).href).toBe("https://hotels.example.test/api/v1/orders?offset=0");
    expect(() => routeUrl(BASE, HOTELS_ROUTES.hotel)).toThrow(/hotelId/);
  });
});

describe("ProviderHttp", () => {
  it("sends once more with fresh credentials after a 401 only when the credentials ask for it", async () => {
    const statuses = [401, 200];
    const seen: (string | null)[] = [];
    const rejected: number[] = [];
    let n = 0;
    const fetch: FetchLike = (_url, init) => {
      seen.push(new Headers(init.headers).get("authorization"));
      return Promise.resolve(json('{"firstName":"A"}', statuses.shift()));
    };
    const credentials = () => {
      const id = ++n;
      return Promise.resolve({ headers: { authorization: `t${id}` }, rejected: () => void rejected.push(id) });
    };
    expect(await http(fetch, credentials).json(call(), Customer)).toEqual({ firstName: "A" });
    expect(seen).toEqual(["t1", "t2"]);
    expect(rejected).toEqual([1]);

    let calls = 0;
    const always401: FetchLike = () => (calls++, Promise.resolve(json("{}", 401)));
    expect(await failure(http(always401).json(call(), Customer))).toMatchObject({ kind: "auth_rejected", status: 401 });
    expect(calls).toBe(1);
  });

  it("lets the credentials' own errors through unchanged", async () => {
    const own = new Error("no session");
    const err = await failure(http(() => Promise.reject(new Error("unreached")), () => Promise.reject(own)).json(call(), Customer));
    expect(err).toBe(own);
  });

  it("stops reading a JSON body past 2 MiB even without a content-length", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const fetch: FetchLike = () => Promise.resolve(new Response(endless, { headers: { "content-type": "application/json" } }));
    expect(await failure(http(fetch).json(call(), Customer))).toMatchObject({ kind: "too_large" });
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
  });

  it("names the request id of a body that broke off", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"first'));
        controller.error(new Error("socket hang up"));
      },
    });
    const fetch: FetchLike = () => Promise.resolve(new Response(broken, { headers: { "content-type": "application/json", "x-request-id": "req-7" } }));
    const err = await failure(http(fetch).json(call(), Customer));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: "unavailable", reason: "truncated", requestId: "req-7", retryAllowed: true });
  });

  it("reports its own deadline as unavailable/timeout and the caller's abort as aborted", async () => {
    const hang: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        if (init.signal?.aborted) reject(new Error("aborted"));
        init.signal?.addEventListener("abort", () => reject(new Error("aborted")));
      });
    expect(await failure(http(hang).json({ ...call(), timeoutMs: 20 }, Customer))).toMatchObject({ kind: "unavailable", reason: "timeout" });
    const controller = new AbortController();
    const pending = http(hang).json({ ...call(controller.signal), timeoutMs: 60_000 }, Customer);
    controller.abort();
    expect(await failure(pending)).toMatchObject({ kind: "aborted" });
  });

  it("opens a 2xx answer unread and refuses a redirect without following it", async () => {
    const fetch: FetchLike = (_url, init) => {
      expect(init.redirect).toBe("manual");
      return Promise.resolve(new Response("%PDF-1.7", { headers: { "content-type": "application/pdf" } }));
    };
    const open = await http(fetch).open(call(), "application/pdf");
    expect(await new Response(open.body).text()).toBe("%PDF-1.7");
    const moved: FetchLike = () => Promise.resolve(new Response(null, { status: 302, headers: { location: "https://elsewhere.test/" } }));
    expect(await failure(http(moved).open(call(), "application/pdf"))).toMatchObject({ kind: "redirect_refused", status: 302 });
  });
});

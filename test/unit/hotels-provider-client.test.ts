import { describe, expect, it } from "vitest";
import { createHotelsProvider, ProviderError, type FetchLike } from "../../mcp/hotels/provider/index.js";

const SECRET = "CANARY-client-5678";
const FILTERS = { destinationId: "1004", filters: [] };

function provider(respond: (url: URL, init: RequestInit) => Response | Promise<Response>, now = () => Date.parse("2026-09-01T12:00:00Z")) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    return Promise.resolve(respond(url, init));
  };
  const p = createHotelsProvider({ apiBaseUrl: "https://hotels.example.test/api/", auth: { kind: "anonymous" }, timeoutMs: 2000, maxConcurrentRequests: 2 }, { fetch, now });
  return { calls, api: p.api };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });

function expectNoSecret(err: ProviderError): void {
  for (const text of [err.message, err.stack ?? "", JSON.stringify(err), String(err)]) expect(text).not.toContain(SECRET);
}

describe("ProviderHttpClient via HotelsApi", () => {
  it("joins the base URL, sends the query, never follows redirects and sends JSON bodies", async () => {
    const { calls, api } = provider(() => json(FILTERS));
    await api.searchFilters("1004");
    expect(calls[0]!.url.href).toBe("https://hotels.example.test/api/v1/search/filters?destinationId=1004");
    expect(calls[0]!.init.redirect).toBe("manual");
    expect(calls[0]!.init.method).toBe("GET");
    const { calls: posted, api: api2 } = provider(() => json({ valid: false, promoCode: "X", reason: "not_found" }));
    await api2.validatePromo("co_1", " X ");
    expect(posted[0]!.url.pathname).toBe("/api/v1/checkout/co_1/promocode");
    expect(JSON.parse(posted[0]!.init.body as string)).toEqual({ promoCode: "X" });
    expect(new Headers(posted[0]!.init.headers).get("content-type")).toBe("application/json");
  });

  it("keeps only a code-shaped provider code and the request id of an error, never the body text", async () => {
    const { api } = provider(() => json({ code: "hotel_not_found", message: `no such hotel trace=${SECRET}`, requestId: SECRET }, 404, { "x-request-id": "req-42" }));
    const err = await failure(api.hotel("h1"));
    expect(err.toJSON()).toEqual({
      name: "ProviderError",
      kind: "not_found",
      routeId: "hotel",
      status: 404,
      code: "hotel_not_found",
      requestId: "req-42",
      message: "hotel: the provider does not know this resource, HTTP 404, code hotel_not_found, x-request-id req-42",
      retryAllowed: false,
    });
    expectNoSecret(err);

    const { api: api2 } = provider(() => json({ code: `Bad ${SECRET}` }, 400, { "x-request-id": `id with spaces ${SECRET}` }));
    const bad = await failure(api2.hotel("h1"));
    expect(bad).toMatchObject({ kind: "bad_request", status: 400, code: undefined, requestId: undefined });
    expectNoSecret(bad);
  });

  it.each([
    [409, "conflict"],
    [410, "gone"],
    [405, "bad_request"],
    [502, "unavailable"],
  ] as const)("maps HTTP %i to %s", async (status, kind) => {
    const { api } = provider(() => json({ code: "x" }, status));
    expect((await failure(api.upgrade("co_1"))).kind).toBe(kind);
  });

  it("reads Retry-After as seconds or as an HTTP date", async () => {
    const now = Date.parse("2026-09-01T12:00:00Z");
    const { api } = provider(() => json({ code: "too_many_requests" }, 429, { "retry-after": "Tue, 01 Sep 2026 12:00:07 GMT" }), () => now);
    const err = await failure(api.upgrade("co_1"));
    expect(err).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 7, retryAllowed: true });
  });

  it("refuses a declared content length over 2 MiB before reading, and malformed JSON or shapes as bad_response", async () => {
    const body = new ReadableStream<Uint8Array>({ pull: () => { throw new Error("must not be read"); } });
    const { api } = provider(() => new Response(body, { headers: { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) } }));
    expect((await failure(api.upgrade("co_1"))).kind).toBe("too_large");

    const { api: api2 } = provider(() => new Response('{"offer":', { headers: { "content-type": "application/json" } }));
    expect(await failure(api2.upgrade("co_1"))).toMatchObject({ kind: "bad_response", issues: ["json"] });

    const { api: api3 } = provider(() => json({ offer: { upgradeId: 7, secret: SECRET } }));
    const shape = await failure(api3.upgrade("co_1"));
    expect(shape.kind).toBe("bad_response");
    expect(shape.issues).toContain("offer.upgradeId: invalid_type");
    expectNoSecret(shape);
  });

  it("refuses bad arguments locally, before any HTTP call", async () => {
    const { calls, api } = provider(() => json(FILTERS));
    expect(await failure(api.hotel(".."))).toMatchObject({ kind: "invalid_argument", routeId: "hotel" });
    expect((await failure(api.hotel("a/b"))).kind).toBe("invalid_argument");
    const sorted = { destinationId: "1004", checkinDate: "2026-09-15", checkoutDate: "2026-09-16", guests: [{ adultsCount: 2 }], sort: "price" };
    expect((await failure(api.search(sorted as never))).kind).toBe("invalid_argument");
    const noType = { destinationId: "1004", checkinDate: "2026-09-15", checkoutDate: "2026-09-16", guests: [{ adultsCount: 2 }], filters: [{ filterId: "meal_types", values: ["breakfast"] }] };
    expect((await failure(api.search(noType as never))).kind).toBe("invalid_argument");
    expect((await failure(api.locations({ limit: 500 }))).kind).toBe("invalid_argument");
    expect((await failure(api.validatePromo("co_1", "   "))).kind).toBe("invalid_argument");
    expect(calls).toHaveLength(0);
  });

  it("a network failure is unavailable/network and keeps the transport error as its cause", async () => {
    const { api } = provider(() => Promise.reject(new TypeError("fetch failed")));
    const err = await failure(api.upgrade("co_1"));
    expect(err).toMatchObject({ kind: "unavailable", reason: "network", retryAllowed: true });
    expect(err.cause).toBeInstanceOf(TypeError);
  });

  it("a caller's abort is aborted, not a timeout", async () => {
    const controller = new AbortController();
    const hang = (signal: AbortSignal) =>
      new Promise<Response>((_resolve, reject) => {
        const fail = () => reject(new DOMException("aborted", "AbortError"));
        if (signal.aborted) fail();
        signal.addEventListener("abort", fail);
      });
    const { api } = provider((_url, init) => hang(init.signal!));
    const pending = api.upgrade("co_1", { signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe("aborted");
  });
});

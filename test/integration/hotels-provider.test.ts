import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HotelsAuthProfile } from "../../shared/config/auth-profile.js";
import { createLogger } from "../../shared/logger.js";
import { ratesDriftFactor } from "../../scripts/sandbox/data/pricing.js";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import {
  createHotelsProvider,
  MAX_RESPONSE_BYTES,
  ProviderError,
  type FetchLike,
  type HotelsProviderDeps,
  type ProviderSearchPage,
  type ProviderSearchRequest,
} from "../../mcp/hotels/provider/index.js";

const SEED = "hotels-provider-test";
const CANARY = "CANARY-provider-9c4e";
const STATIC_TOKEN: HotelsAuthProfile = { kind: "static_token", header: "Authorization", prefix: "Bearer ", token: "static-token-123" };
const STAY = { checkinDate: "2027-03-15", checkoutDate: "2027-03-17", guests: [{ adultsCount: 2, childrenAges: [] }] };

let sandbox: Sandbox;
let kazan = "";

function provider(over: { auth?: HotelsAuthProfile; timeoutMs?: number; maxConcurrentRequests?: number } = {}, deps: HotelsProviderDeps = {}) {
  return createHotelsProvider<ProviderSearchPage>(
    { apiBaseUrl: sandbox.urls.hotelsApiBaseUrl, auth: over.auth ?? STATIC_TOKEN, timeoutMs: over.timeoutMs ?? 5000, maxConcurrentRequests: over.maxConcurrentRequests ?? 2 },
    deps,
  );
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

const searchBody = (over: Partial<ProviderSearchRequest> = {}): ProviderSearchRequest => ({ destinationId: kazan, ...STAY, ...over });
const count = (routeId: string) => sandbox.control.requestCount(routeId);

beforeAll(async () => {
  sandbox = await startSandbox({ seed: SEED, canary: CANARY });
  const page = await provider().api.locations({ limit: 100 });
  kazan = page.items.find((l) => l.name === "Казань")!.id;
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.control.clearFaults();
  sandbox.control.resetCounters();
});

describe("HotelsApi against the sandbox", () => {
  it("walks every journey endpoint with typed, validated answers", async () => {
    const { api } = provider();
    const first = await api.locations({ offset: 0, limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.nextOffset).toBe(10);
    expect(first.items.find((l) => l.name === "Калининград")?.timeZone).toBe("Europe/Kaliningrad");
    expect((await api.locations({ offset: first.nextOffset! })).nextOffset).toBeNull();

    const filters = await api.searchFilters(kazan);
    expect(filters.filters.map((f) => f.$objectType).sort()).toEqual(["array", "array", "boolean", "boolean", "boolean", "boolean", "boolean", "radio", "range"]);

    const filtered = searchBody({
      filters: [
        { $objectType: "array", filterId: "meal_types", values: ["breakfast"] },
        { $objectType: "boolean", filterId: "free_cancellation", value: true },
        { $objectType: "radio", filterId: "rating", value: "7" },
        { $objectType: "range", filterId: "price", from: 1000, to: 1_000_000 },
      ],
    });
    const page = await api.search(filtered);
    expect(page.searchId).not.toBe("");
    expect(page.items.length).toBeGreaterThan(0);
    const next = await api.search({ ...filtered, searchId: page.searchId, offset: page.items.length });
    expect(next.searchId).toBe(page.searchId);

    const plain = await api.search(searchBody());
    const item = plain.items.find((i) => i.hasRates && i.hotelId !== undefined)!;
    expect(typeof item.shownPrice.value).toBe("number");
    const hotel = await api.hotel(item.hotelId!);
    expect(hotel.photos[0]).toBe(item.coverPhotoUrl);

    const rates = await api.rates(item.hotelId!, STAY);
    // The card's price is the cheapest rate when the search ran; the rates may have moved since.
    const cheapest = Math.min(...rates.rates.map((r) => r.price.value));
    expect(cheapest / item.shownPrice.value).toBeCloseTo(ratesDriftFactor(SEED, item.hotelId!), 3);
    expect(rates.rates.every((r) => r.maxOccupancy !== undefined && r.maxOccupancy >= 2)).toBe(true);
    const checkout = await api.inspectCheckout({ bookHash: rates.rates[0]!.bookHash, ...STAY });
    expect(checkout.hotelId).toBe(item.hotelId);
    const promo = await api.validatePromo(checkout.checkOutId, "SANDBOX10");
    expect(promo.valid).toBe(true);
    expect((await api.validatePromo(checkout.checkOutId, "NOPE")).valid).toBe(false);
    const upgrade = await api.upgrade(checkout.checkOutId);
    expect(upgrade.offer === null || typeof upgrade.offer.priceDifference.value === "number").toBe(true);
  });

  it("keeps the provider's safe code on a 4xx", async () => {
    const err = await failure(provider().api.hotel("no-such-hotel"));
    expect(err).toMatchObject({ kind: "not_found", status: 404, code: "hotel_not_found", routeId: "hotel" });
    expect(err.requestId).toMatch(/^sbx-/);
  });

  it.each([401, 403])("HTTP %i is auth_rejected after exactly one provider call", async (status) => {
    sandbox.control.setFault("search", { kind: "status", status });
    const err = await failure(provider().api.search(searchBody()));
    expect(err).toMatchObject({ kind: "auth_rejected", status, retryAllowed: false });
    expect(count("search")).toBe(1);
  });

  it("40 concurrent distinct searches at limit 2: 34 reach the provider, 6 are refused locally", async () => {
    sandbox.control.setFault("search", { kind: "latency", ms: 100 });
    const p = provider({ maxConcurrentRequests: 2 });
    const day = (n: number) => `2027-04-${String(n).padStart(2, "0")}`;
    const calls = Array.from({ length: 40 }, (_, i) => p.api.search(searchBody({ checkinDate: day(1 + (i % 20)), checkoutDate: day(2 + (i % 20) + Math.floor(i / 20)) })));
    expect(p.limiter.stats()).toEqual({ maxConcurrent: 2, inFlight: 2, queued: 32, queueLimit: 32 });
    const settled = await Promise.allSettled(calls);
    const rejected = settled.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(6);
    for (const r of rejected) expect(r.reason).toMatchObject({ kind: "overloaded", routeId: "search", retryAllowed: true });
    expect(count("search")).toBe(34);
    expect(p.loadProtection()).toEqual({ maxConcurrent: 2, inFlight: 0, queued: 0, queueLimit: 32, cachedSearches: 0, inFlightSearches: 0 });
  });

  it("coalesces 50 identical searches into one call, reuses it for 30 s, and never caches a failure", async () => {
    let now = 1_800_000_000_000;
    sandbox.control.setFault("search", { kind: "latency", ms: 50 });
    const p = provider({}, { now: () => now });
    const body = searchBody();
    const search = () => p.searchCache.coalesced("kazan 15-17 march", () => p.api.search(body));
    const pages = await Promise.all(Array.from({ length: 50 }, search));
    expect(new Set(pages.map((pg) => pg.searchId)).size).toBe(1);
    expect(count("search")).toBe(1);
    now += 29_000;
    await search();
    expect(count("search")).toBe(1);
    now += 1_000;
    await search();
    expect(count("search")).toBe(2);

    sandbox.control.setFault("search", { kind: "status", status: 503, times: 1 });
    const again = () => p.searchCache.coalesced("kazan 20-21 march", () => p.api.search(searchBody({ checkinDate: "2027-03-20", checkoutDate: "2027-03-21" })));
    expect((await failure(again())).kind).toBe("unavailable");
    expect((await again()).items.length).toBeGreaterThan(0);
    expect(count("search")).toBe(4);
    expect(p.searchCache.stats()).toEqual({ cachedSearches: 2, inFlightSearches: 0 });
  });

  it("refuses a redirect on a credentialed request and never requests its target", async () => {
    sandbox.control.setFault("search", { kind: "redirect" });
    const err = await failure(provider({ auth: STATIC_TOKEN }).api.search(searchBody()));
    expect(err).toMatchObject({ kind: "redirect_refused", status: 302 });
    expect(count("search")).toBe(1);
    expect(count("redirect_target")).toBe(0);
  });

  it("refuses a 3 MiB body by its declared length without reading it", async () => {
    sandbox.control.setFault("locations", { kind: "oversized", bytes: 3 * 1024 * 1024 });
    const err = await failure(provider().api.locations());
    expect(err).toMatchObject({ kind: "too_large", status: 200 });
  });

  it("stops reading an undeclared 3 MiB body just past 2 MiB", async () => {
    sandbox.control.setFault("locations", { kind: "oversized", bytes: 3 * 1024 * 1024 });
    let bytesRead = 0;
    // Hides the content length and counts what the client pulls from the socket.
    const counting: FetchLike = async (url, init) => {
      const res = await fetch(url, init);
      const headers = new Headers(res.headers);
      headers.delete("content-length");
      const body = res.body!.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            bytesRead += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(body, { status: res.status, headers });
    };
    const err = await failure(provider({}, { fetch: counting }).api.locations());
    expect(err.kind).toBe("too_large");
    expect(bytesRead).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(bytesRead).toBeLessThan(MAX_RESPONSE_BYTES + 512 * 1024);
  });

  it("a truncated body is unavailable/truncated", async () => {
    sandbox.control.setFault("locations", { kind: "truncated" });
    expect(await failure(provider().api.locations())).toMatchObject({ kind: "unavailable", reason: "truncated", retryAllowed: true });
  });

  it("a wrong content type is bad_response", async () => {
    sandbox.control.setFault("locations", { kind: "content_type" });
    expect(await failure(provider().api.locations())).toMatchObject({ kind: "bad_response", status: 200, issues: ["content_type"] });
  });

  it("a hanging provider times out as unavailable/timeout, aborts the request and frees the slot", async () => {
    sandbox.control.setFault("search", { kind: "hang", times: 1 });
    const signals: AbortSignal[] = [];
    const recording: FetchLike = (url, init) => {
      if (init.signal) signals.push(init.signal);
      return fetch(url, init);
    };
    const p = provider({ timeoutMs: 300, maxConcurrentRequests: 1 }, { fetch: recording });
    expect(await failure(p.api.search(searchBody()))).toMatchObject({ kind: "unavailable", reason: "timeout" });
    expect(signals.map((s) => s.aborted)).toEqual([true]);
    expect(p.limiter.stats().inFlight).toBe(0);
    expect((await p.api.search(searchBody())).items.length).toBeGreaterThan(0);
  });

  it.each([500, 502, 503])("HTTP %i is unavailable/server_error", async (status) => {
    sandbox.control.setFault("search", { kind: "status", status });
    expect(await failure(provider().api.search(searchBody()))).toMatchObject({ kind: "unavailable", reason: "server_error", status, retryAllowed: true });
    expect(count("search")).toBe(1);
  });

  it("HTTP 429 is rate_limited with retryAfterSeconds", async () => {
    sandbox.control.setFault("search", { kind: "rate_limit", retryAfterSeconds: 7 });
    expect(await failure(provider().api.search(searchBody()))).toMatchObject({ kind: "rate_limited", status: 429, retryAfterSeconds: 7, code: undefined });
  });

  it("never lets the canary of a provider error body into the error or the logs", async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "debug", destination: { write: (line: string) => void lines.push(line) } });
    const p = provider({}, { logger });
    for (const status of [400, 401, 403, 404, 409, 410, 422, 429, 500, 503]) {
      sandbox.control.setFault("search", { kind: "status", status, times: 1 });
      const err = await failure(p.api.search(searchBody()));
      for (const text of [err.message, err.stack ?? "", JSON.stringify(err), String(err), JSON.stringify(err.toJSON())]) expect(text).not.toContain(CANARY);
      expect(err.status).toBe(status);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(CANARY);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getEncoding } from "js-tiktoken";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { ratesFor, type Stay } from "../../scripts/sandbox/data/pricing.js";
import { cashbackPercentFor, CASHBACK_CAP, instalmentOfferFor, maxCashbackPercent } from "../../scripts/sandbox/data/value.js";
import type { FetchLike } from "../../mcp/hotels/provider/index.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";

// The integrator's value reads (issue 15, group A) through a real MCP client against the sandbox:
// each tool's happy path, an argument refused before any HTTP call, and a provider fault.

const SEED = "hotels-mcp";
const CANARY = "CANARY-value-9d2e";
const STAY = { checkinDate: "2027-03-12", checkoutDate: "2027-03-14", guests: [{ adultsCount: 2 }] };
const SANDBOX_STAY: Stay = { ...STAY, guests: [{ adultsCount: 2, childrenAges: [] }] };

const catalog = createCatalog(SEED, () => "http://sandbox.invalid");
const kazan = catalog.locations.find((l) => l.name === "Казань")!;
const hotels = catalog.hotelsOf(kazan.id);
// A hotel with rates and at least one instalment offer: the offers' happy path shows one.
const offered = hotels.find((h) => ratesFor(SEED, h, SANDBOX_STAY, kazan.profile.utcOffset).some((r) => instalmentOfferFor(SEED, h, r)))!;

/** Rewrites the redirect route's answer, as a hostile or broken provider might send it. */
let redirectAnswer: string | undefined;
const rewritingFetch: FetchLike = async (url, init) => {
  if (redirectAnswer !== undefined && url.pathname.endsWith("/redirect-url")) return new Response(JSON.stringify({ url: redirectAnswer }), { status: 200, headers: { "content-type": "application/json" } });
  return fetch(url, init);
};

describe("lowlevel value tools", () => {
  let h: HotelsHarness;
  beforeAll(async () => {
    h = await startHotelsHarness({ sandbox: { canary: CANARY }, env: { TBANK_HOTELS_TOOLSETS: "lowlevel" }, deps: { fetch: rewritingFetch } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.resetCounters();
    redirectAnswer = undefined;
  });

  /** Calls a tool that must refuse its arguments locally: invalid_input, and no request to `routeId`. */
  const refused = async (tool: string, args: Record<string, unknown>, routeId: string) => {
    h.sandbox.control.resetCounters();
    const { data, result } = await h.call(`tbank_hotels_${tool}`, args);
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "invalid_input", retryAllowed: false, provider: { kind: "invalid_argument" } });
    expect(h.sandbox.control.requestCount(routeId)).toBe(0);
  };

  /** A 503 on the route is provider_unavailable, a 422 provider_error; neither shows the provider's text. */
  const faulted = async (tool: string, args: Record<string, unknown>, routeId: string) => {
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault(routeId, { kind: "status", status: 503, times: 1 });
    const down = await h.call(`tbank_hotels_${tool}`, args);
    expect(down.data).toMatchObject({ status: "provider_unavailable", retryAllowed: true, provider: { httpStatus: 503 } });
    h.sandbox.control.setFault(routeId, { kind: "status", status: 422, times: 1 });
    const broken = await h.call(`tbank_hotels_${tool}`, args);
    expect(broken.data).toMatchObject({ status: "provider_error", provider: { httpStatus: 422 } });
    for (const answer of [down, broken]) expect(answer.text + JSON.stringify(answer.data)).not.toContain(CANARY);
    expect(h.sandbox.control.requestCount(routeId)).toBe(2);
  };

  it("lists the eleven value tools, each read-only and open-world, with a one-line description", async () => {
    const { tools } = await h.client.listTools();
    const names = ["get_cashback_percent", "get_max_cashback", "validate_promocode", "get_rate_upgrade", "search_seo", "search_urls", "get_seo_resource", "get_deeplink_token", "get_partner_redirect_url", "get_available_tranche_amount", "get_bnpl_offer"];
    const ours = tools.filter((t) => names.includes(t.name.replace("tbank_hotels_", "")));
    expect(ours).toHaveLength(names.length);
    for (const t of ours) {
      expect(t.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(t.description).not.toContain("\n");
      expect(t.description).toMatch(/prefer tbank_hotels_|already (carry|says)/);
      expect(t.outputSchema).toBeDefined();
    }
    const o200k = getEncoding("o200k_base");
    // About 330 tokens a tool is what the whole lowlevel toolset may spend (9,000 for ~27 tools).
    const listed = o200k.encode(JSON.stringify(ours)).length;
    expect(listed).toBeLessThan(ours.length * 330);
  });

  describe("cashback", () => {
    it("get_cashback_percent: the sandbox's percent for each known hotel, unknown ids left out", async () => {
      const ids = hotels.slice(0, 5).map((x) => x.hotelId);
      const { data, text } = await h.call("tbank_hotels_get_cashback_percent", { hotelIds: [...ids, "99999999"] });
      expect(data.status).toBe("ok");
      expect((data.data as { items: unknown[] }).items).toEqual(hotels.slice(0, 5).map((x) => ({ hotelId: x.hotelId, percent: cashbackPercentFor(SEED, x) })));
      expect(text).toContain("status=ok");
      expect(h.sandbox.control.requestCount("cashback_percent")).toBe(1);
    });
    it("get_cashback_percent: an empty list or a path-like id is refused before HTTP; faults reduce", async () => {
      await refused("get_cashback_percent", { hotelIds: [] }, "cashback_percent");
      await refused("get_cashback_percent", { hotelIds: ["../1"] }, "cashback_percent");
      await faulted("get_cashback_percent", { hotelIds: [hotels[0]!.hotelId] }, "cashback_percent");
    });
    it("get_max_cashback: the destination's highest percent and the cap; a bad date is refused; an unknown city is not_found", async () => {
      const args = { destinationId: kazan.id, checkinDate: STAY.checkinDate, checkoutDate: STAY.checkoutDate };
      const { data } = await h.call("tbank_hotels_get_max_cashback", args);
      expect(data).toMatchObject({ status: "ok", data: { maxPercent: maxCashbackPercent(SEED, hotels), maxAmount: CASHBACK_CAP } });
      await refused("get_max_cashback", { ...args, checkinDate: "12.03.2027" }, "cashback_max");
      await faulted("get_max_cashback", args, "cashback_max");
      expect((await h.call("tbank_hotels_get_max_cashback", { ...args, destinationId: "9999" })).data.status).toBe("not_found");
    });
  });

  describe("promo code and upgrade of a checkout", () => {
    const checkout = async () => {
      const rates = await h.ctx.provider.api.rates(offered.hotelId, STAY);
      const inspected = await h.ctx.provider.api.inspectCheckout({ bookHash: rates.rates[0]!.bookHash, ...STAY });
      h.sandbox.control.resetCounters();
      return inspected.checkOutId;
    };
    it("validate_promocode: valid and expired codes as the provider states them; a blank code is refused; faults reduce", async () => {
      const checkOutId = await checkout();
      const valid = await h.call("tbank_hotels_validate_promocode", { checkOutId, promoCode: "SANDBOX10" });
      expect(valid.data).toMatchObject({ status: "ok", data: { valid: true, promoCode: "SANDBOX10", discount: { type: "percent", percent: 10 } } });
      const expired = await h.call("tbank_hotels_validate_promocode", { checkOutId, promoCode: "SUMMER2025" });
      expect(expired.data).toMatchObject({ status: "ok", data: { valid: false, reason: "expired" } });
      h.sandbox.control.resetCounters();
      await refused("validate_promocode", { checkOutId, promoCode: "   " }, "promo_validate");
      await faulted("validate_promocode", { checkOutId, promoCode: "SANDBOX10" }, "promo_validate");
      expect((await h.call("tbank_hotels_validate_promocode", { checkOutId: "co_unknown", promoCode: "SANDBOX10" })).data.status).toBe("not_found");
    });
    it("get_rate_upgrade: the offer or null; a path-like id is refused; faults reduce", async () => {
      const checkOutId = await checkout();
      const { data } = await h.call("tbank_hotels_get_rate_upgrade", { checkOutId });
      expect(data.status).toBe("ok");
      expect(data.data).toHaveProperty("offer");
      await refused("get_rate_upgrade", { checkOutId: "../co" }, "upgrade");
      await faulted("get_rate_upgrade", { checkOutId }, "upgrade");
    });
  });

  describe("instalments", () => {
    it("get_bnpl_offer: the offers of the hotel's rates by rateId, as the sandbox states them", async () => {
      const { data } = await h.call("tbank_hotels_get_bnpl_offer", { hotelId: offered.hotelId, ...STAY });
      const expected = ratesFor(SEED, offered, SANDBOX_STAY, kazan.profile.utcOffset).flatMap((r) => instalmentOfferFor(SEED, offered, r) ?? []);
      expect(data).toMatchObject({ status: "ok", data: { hotelId: offered.hotelId, offers: expected } });
      expect(expected.length).toBeGreaterThan(0);
    });
    it("get_bnpl_offer: no guests is refused; faults reduce; an unknown hotel is not_found", async () => {
      await refused("get_bnpl_offer", { hotelId: offered.hotelId, ...STAY, guests: [] }, "bnpl_offer");
      await faulted("get_bnpl_offer", { hotelId: offered.hotelId, ...STAY }, "bnpl_offer");
      expect((await h.call("tbank_hotels_get_bnpl_offer", { hotelId: "99999999", ...STAY })).data.status).toBe("not_found");
    });
    it("get_available_tranche_amount: capped at the product's maximum; a lower-case currency is refused; faults reduce", async () => {
      const { data } = await h.call("tbank_hotels_get_available_tranche_amount", { amount: 500_000, currency: "RUB" });
      expect(data).toMatchObject({ status: "ok", data: { available: true, availableAmount: { value: 300_000, currency: "RUB" } } });
      const small = await h.call("tbank_hotels_get_available_tranche_amount", { amount: 500, currency: "RUB" });
      expect(small.data).toMatchObject({ data: { available: false, availableAmount: { value: 0 } } });
      await refused("get_available_tranche_amount", { amount: 10_000, currency: "rub" }, "tranche_amount");
      await faulted("get_available_tranche_amount", { amount: 10_000, currency: "RUB" }, "tranche_amount");
    });
  });

  describe("SEO and URLs", () => {
    it("search_seo: cities and the destination's hotels by name, v3 by default and v1 on request", async () => {
      const { data } = await h.call("tbank_hotels_search_seo", { query: "Казан" });
      expect(data).toMatchObject({ status: "ok", data: { items: [{ type: "city", id: kazan.id, name: "Казань", path: `/travel/hotels/new/cities/${kazan.id}/` }] } });
      const word = hotels[0]!.name.split("«")[1]!.slice(0, 5);
      const inCity = await h.call("tbank_hotels_search_seo", { query: word, destinationId: kazan.id, apiVersion: "v1" });
      const items = (inCity.data.data as { items: { type: string; id: string }[] }).items;
      expect(items.some((i) => i.type === "hotel" && i.id === hotels[0]!.hotelId)).toBe(true);
      expect(h.sandbox.control.requestCount("seo_search")).toBe(1);
      expect(h.sandbox.control.requestCount("seo_search_v1")).toBe(1);
    });
    it("search_seo: a one-letter query is refused; faults reduce", async () => {
      await refused("search_seo", { query: "К" }, "seo_search");
      await faulted("search_seo", { query: "Казань" }, "seo_search");
    });
    it("get_seo_resource: a hotel's page with its canonical URL; a URL in place of a path is refused; faults reduce", async () => {
      const path = `/travel/hotels/new/hotels/${hotels[1]!.hotelId}/`;
      const { data } = await h.call("tbank_hotels_get_seo_resource", { path, apiVersion: "v2" });
      expect(data).toMatchObject({ status: "ok", data: { type: "hotel", id: hotels[1]!.hotelId, h1: hotels[1]!.name, canonicalUrl: `${h.sandbox.urls.origin}${path}` } });
      expect(h.sandbox.control.requestCount("seo_resource_v2")).toBe(1);
      await refused("get_seo_resource", { path: "https://evil.example/x" }, "seo_resource");
      await faulted("get_seo_resource", { path }, "seo_resource");
      expect((await h.call("tbank_hotels_get_seo_resource", { path: "/nowhere/" })).data.status).toBe("not_found");
    });
    it("search_urls: the city page then hotel pages, paged; limit 0 is refused; faults reduce", async () => {
      const { data } = await h.call("tbank_hotels_search_urls", { destinationId: kazan.id, limit: 3 });
      const page = data.data as { items: { type: string; url: string }[]; total: number; nextOffset: number };
      expect(page.items.map((i) => i.type)).toEqual(["city", "hotel", "hotel"]);
      expect(page.items[1]!.url).toBe(`${h.sandbox.urls.origin}/travel/hotels/new/hotels/${hotels[0]!.hotelId}/`);
      expect(page).toMatchObject({ total: hotels.length + 1, nextOffset: 3 });
      await refused("search_urls", { destinationId: kazan.id, limit: 0 }, "seo_urls");
      await faulted("search_urls", { destinationId: kazan.id }, "seo_urls");
    });
  });

  describe("deeplinks and partner redirects", () => {
    const token = async () => {
      const { data } = await h.call("tbank_hotels_get_deeplink_token", { hotelId: hotels[2]!.hotelId, ...STAY });
      expect(data.status).toBe("ok");
      return (data.data as { token: string }).token;
    };
    it("a token, then the redirect URL it names: data on the sandbox origin, not followed", async () => {
      const t = await token();
      const { data, text } = await h.call("tbank_hotels_get_partner_redirect_url", { token: t });
      const url = new URL((data.data as { url: string }).url);
      expect(url.origin).toBe(h.sandbox.urls.origin);
      expect(url.pathname).toBe(`/travel/hotels/new/hotels/${hotels[2]!.hotelId}/`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ dateFrom: STAY.checkinDate, dateTo: STAY.checkoutDate, guests: "2" });
      expect(text).toContain(url.pathname);
      // Read as data: the page itself was never requested.
      expect(h.sandbox.control.requestCount("hotel_page")).toBe(0);
    });
    it("a redirect URL that is not https (nor the API origin) is withheld", async () => {
      const t = await token();
      for (const hostile of ["http://evil.example/steal", "javascript:alert(1)", "https://user:pw@evil.example/"]) {
        redirectAnswer = hostile;
        const { data, text } = await h.call("tbank_hotels_get_partner_redirect_url", { token: t });
        expect(data).toMatchObject({ status: "ok", data: { url: null, urlWithheld: true } });
        expect(text).not.toContain("evil.example");
        expect(text).not.toContain("javascript:");
      }
    });
    it("a forged token is not_found; a token with a slash is refused; faults reduce", async () => {
      const t = await token();
      expect((await h.call("tbank_hotels_get_partner_redirect_url", { token: `${t.split(".")[0]!}.0000000000000000` })).data.status).toBe("not_found");
      await refused("get_partner_redirect_url", { token: "a/b" }, "partner_redirect");
      await faulted("get_partner_redirect_url", { token: t }, "partner_redirect");
    });
    it("get_deeplink_token: reversed dates are the provider's refusal; no guests is refused locally; faults reduce", async () => {
      const reversed = await h.call("tbank_hotels_get_deeplink_token", { hotelId: hotels[2]!.hotelId, ...STAY, checkinDate: STAY.checkoutDate, checkoutDate: STAY.checkinDate });
      expect(reversed.data).toMatchObject({ status: "provider_error", provider: { httpStatus: 400, code: "invalid_dates" } });
      await refused("get_deeplink_token", { hotelId: hotels[2]!.hotelId, ...STAY, guests: [] }, "deeplink_token");
      await faulted("get_deeplink_token", { hotelId: hotels[2]!.hotelId, ...STAY }, "deeplink_token");
    });
  });
});

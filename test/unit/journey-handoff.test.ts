import { describe, expect, it } from "vitest";
import { buildCheckoutHandoffUrl, checkHotelPageTemplate, DEFAULT_HOTEL_PAGE_URL_TEMPLATE } from "../../mcp/hotels/journey/handoff.js";
import type { HandoffInput } from "../../mcp/hotels/journey/handoff.js";

const stay = (extra: Partial<HandoffInput> = {}): HandoffInput => ({
  template: DEFAULT_HOTEL_PAGE_URL_TEMPLATE,
  hotelId: "12345",
  checkinDate: "2026-09-15",
  checkoutDate: "2026-09-17",
  rooms: [{ adults: 2, childrenAges: [] }],
  lang: "ru",
  ...extra,
});

describe("checkout handoff URL", () => {
  it("carries dates and adults for one room without children", () => {
    expect(buildCheckoutHandoffUrl(stay())).toMatchObject({
      ok: true,
      value: { hostedCheckoutUrl: "https://www.tbank.ru/travel/hotels/new/hotels/12345/?dateFrom=2026-09-15&dateTo=2026-09-17&guests=2", guestsCarried: true },
    });
  });

  it("carries only dates with children or several rooms", () => {
    for (const rooms of [[{ adults: 2, childrenAges: [5] }], [{ adults: 1, childrenAges: [] }, { adults: 1, childrenAges: [] }]]) {
      const r = buildCheckoutHandoffUrl(stay({ rooms }));
      expect(r).toMatchObject({ ok: true, value: { guestsCarried: false, hostedCheckoutUrl: "https://www.tbank.ru/travel/hotels/new/hotels/12345/?dateFrom=2026-09-15&dateTo=2026-09-17" } });
    }
  });

  it("says what the link carries in the journey's language", () => {
    const ru = buildCheckoutHandoffUrl(stay());
    const en = buildCheckoutHandoffUrl(stay({ lang: "en" }));
    const enDates = buildCheckoutHandoffUrl(stay({ lang: "en", rooms: [{ adults: 2, childrenAges: [5] }] }));
    expect(ru.ok && ru.value.note).toContain("Тариф не резервируется");
    expect(en.ok && en.value.note).toBe("The link keeps the hotel, the dates and the number of adults. The rate is not reserved: confirm price and availability on the page.");
    expect(enDates.ok && enDates.value.note).toContain("enter the guests (several rooms or children) on the page");
    expect(en.ok && en.value.hostedCheckoutUrl).toBe(ru.ok && ru.value.hostedCheckoutUrl);
  });

  it("url-encodes the hotel id into the path", () => {
    const r = buildCheckoutHandoffUrl(stay({ hotelId: "a/b?c d" }));
    expect(r.ok && r.value.hostedCheckoutUrl.startsWith("https://www.tbank.ru/travel/hotels/new/hotels/a%2Fb%3Fc%20d/?")).toBe(true);
  });

  it("accepts a loopback http template (the sandbox)", () => {
    const r = buildCheckoutHandoffUrl(stay({ template: "http://127.0.0.1:4010/travel/hotels/new/hotels/{hotelId}/" }));
    expect(r.ok).toBe(true);
    expect(checkHotelPageTemplate("http://localhost:8080/h/{hotelId}").ok).toBe(true);
    expect(checkHotelPageTemplate("http://[::1]:8080/h/{hotelId}").ok).toBe(true);
  });

  it.each([
    ["https://example.test/hotels/", "exactly one"],
    ["https://example.test/{hotelId}/{hotelId}", "exactly one"],
    ["http://example.test/hotels/{hotelId}/", "https"],
    ["ftp://example.test/{hotelId}", "https"],
    ["https://example.test/hotels/{hotelId}/?token=x", "query"],
    ["https://example.test/hotels/{hotelId}#x", "query"],
    ["https://user:pw@example.test/hotels/{hotelId}", "credentials"],
    ["https://{hotelId}.example.test/", "path"],
    ["/travel/hotels/{hotelId}/", "absolute"],
  ])("refuses the template %s", (template, reason) => {
    const r = buildCheckoutHandoffUrl(stay({ template }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(reason);
  });

  it("refuses an empty hotel id", () => {
    expect(buildCheckoutHandoffUrl(stay({ hotelId: "" })).ok).toBe(false);
  });
});

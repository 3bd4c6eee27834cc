import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { cardFacts, distanceText } from "../../mcp/hotels/views/model/card.js";
import { hotelChosenNote, rateChosenNote } from "../../mcp/hotels/views/model/choice.js";
import { extrasOf, photosOf, safePhotoUrl, VIEW_META_KEY } from "../../mcp/hotels/views/model/extras.js";
import { mapLayout, MAP_HEIGHT, MAP_WIDTH } from "../../mcp/hotels/views/model/map.js";
import type { CardT, HotelT, RateT, RowT } from "../../mcp/hotels/views/model/schemas.js";
import { journeyOf, screenOf, type Screen } from "../../mcp/hotels/views/model/screen.js";
import { VIEW_TOOLS } from "../../mcp/hotels/views/model/tools.js";
import { viewLang, WORDS } from "../../mcp/hotels/views/model/words.js";
import { HOTELS_TOOLS } from "../../mcp/hotels/tools/index.js";
import type { ComparisonRowT, OptionCardT } from "../../mcp/hotels/tools/schemas.js";
import type { HotelCardT } from "../../mcp/hotels/tools/get-stay-option-details.js";
import type { RateSummary } from "../../mcp/hotels/tools/checkout-common.js";

// The view's pure half against real tool results recorded from the sandbox
// (test/fixtures/views/record.ts): which view each result shows, and what a card says.

interface Recorded {
  content: { type: string; text: string }[];
  structuredContent: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}
const recorded = (name: string): Recorded => JSON.parse(readFileSync(`test/fixtures/views/${name}.json`, "utf8")) as Recorded;
const screen = (name: string): Screen => {
  const s = screenOf(recorded(name).structuredContent);
  if (!s) throw new Error(`${name}: no screen`);
  return s;
};
const as = <K extends Screen["kind"]>(s: Screen, kind: K): Extract<Screen, { kind: K }> => {
  expect(s.kind).toBe(kind);
  return s as Extract<Screen, { kind: K }>;
};
type Card = { optionId: string; name: string; price: string; hasRates?: false };

describe("views: which view a result shows", () => {
  it("plan_stay, get_stay_options: cards in the tool's order, with the journeyId", () => {
    for (const name of ["plan-stay-ru", "plan-stay-en", "plan-stay-near-ru", "get-stay-options-ru"]) {
      const data = recorded(name).structuredContent;
      const s = as(screen(name), "cards");
      expect(s.journeyId).toBe(data.journeyId);
      expect(s.cards.map((c) => c.optionId)).toEqual((data.options as Card[]).map((o) => o.optionId));
      expect(s.hasMore).toBe(data.hasMore);
    }
    expect(as(screen("get-stay-options-ru"), "cards").offset).toBe(5);
  });

  it("compare, details, select option, rates and select rate each have their view", () => {
    expect(as(screen("compare-stay-options-ru"), "compare").rows).toHaveLength(3);
    const details = as(screen("get-stay-option-details-ru"), "details");
    expect(details.hotel.amenities).toEqual((recorded("get-stay-option-details-ru").structuredContent.hotel as HotelT).amenities);
    expect(details.reviews.quotes.length).toBeGreaterThan(0);
    expect(as(screen("select-stay-option-ru"), "selected").card.optionId).toBe((recorded("select-stay-option-ru").structuredContent.selected as Card).optionId);
    const rates = as(screen("get-selected-stay-rates-ru"), "rates");
    expect(rates.rates.map((r) => r.price)).toEqual((recorded("get-selected-stay-rates-ru").structuredContent.rates as RateT[]).map((r) => r.price));
    expect(as(screen("select-stay-rate-ru"), "rate-selected").rate.rateNumber).toBe(1);
  });

  it("a plan with a price band keeps the band line and shows the alternatives apart, as the tool words them", () => {
    const data = recorded("plan-stay-band-ru").structuredContent;
    const s = as(screen("plan-stay-band-ru"), "cards");
    expect(s.priceBand).toBe(data.priceBand);
    expect(s.alternatives.map((a) => [a.name, a.price, a.why])).toEqual((data.alternatives as { name: string; price: string; why: string }[]).map((a) => [a.name, a.price, a.why]));
    expect(s.alternatives.length).toBeGreaterThan(0);
    expect(as(screen("plan-stay-ru"), "cards").alternatives).toEqual([]);
  });

  it("refusals and failures are notices by status, naming the hotel when the answer does", () => {
    expect(screen("get-selected-stay-rates-none-ru")).toEqual({ kind: "notice", status: "no_bookable_rates", hotelName: expect.any(String) as unknown });
    expect(screen("journey-expired")).toEqual({ kind: "notice", status: "journey_not_found" });
    expect(screenOf({ status: "ok", journeyId: "jrn_1", options: [], total: 3 })).toEqual({ kind: "notice", status: "ok" });
    expect(screenOf(undefined)).toBeNull();
    expect(screenOf({ options: [] })).toBeNull();
  });

  it("the rates views carry no journeyId: the view keeps the last one", () => {
    expect(journeyOf(screen("get-selected-stay-rates-ru"))).toBeUndefined();
    expect(journeyOf(screen("plan-stay-ru"))).toBe(recorded("plan-stay-ru").structuredContent.journeyId);
  });

  it("the view's shapes accept what the server's types allow", () => {
    expectTypeOf<OptionCardT>().toExtend<CardT>();
    expectTypeOf<ComparisonRowT>().toExtend<RowT>();
    expectTypeOf<HotelCardT>().toExtend<HotelT>();
    expectTypeOf<RateSummary>().toExtend<RateT>();
  });
});

describe("views: a card shows the tool's facts as stated", () => {
  it("name, rating, price («от» while it is the search price), breakfast, cancellation and cashback, unchanged", () => {
    const data = recorded("plan-stay-ru").structuredContent.options as (OptionCardT & Card)[];
    const cards = as(screen("plan-stay-ru"), "cards").cards.map((c) => cardFacts(c, "ru"));
    cards.forEach((f, i) => {
      const o = data[i]!;
      expect(f.name).toBe(o.name);
      expect(f.price).toBe(o.price);
      expect(f.price.startsWith("от ")).toBe(true);
      expect(f.rating).toBe(o.rating ?? "без оценки");
      expect(f.facts.slice(0, 2)).toEqual([o.breakfast, o.cancellation]);
      if (o.cashback) expect(f.facts).toContain(`кешбэк ${o.cashback}`);
      expect(f.bookable).toBe(o.hasRates !== false);
      // The text channel names the same price: the view shows what the model reads.
      expect(recorded("plan-stay-ru").content[0]!.text).toContain(o.price);
    });
  });

  it("says the distance to the near point when the journey has one, else to the centre in the reader's locale", () => {
    const near = as(screen("plan-stay-near-ru"), "cards").cards[0]!;
    expect(cardFacts(near, "en").distance).toBe(near.near);
    expect(distanceText({ distanceToCenterKm: 5.6 }, "ru")).toBe("5,6 км от центра");
    expect(distanceText({ distanceToCenterKm: 5.6 }, "en")).toBe("5.6 km from the centre");
    expect(distanceText({ distanceToCenterKm: 0.125 }, "en")).toBe("0.125 km from the centre");
    expect(distanceText({}, "en")).toBeUndefined();
  });

  it("stars as glyphs with words, room fit and no-rates said only when the card says them", () => {
    const base = { optionId: "o", name: "n", price: "p", breakfast: "b", cancellation: "c" };
    expect(cardFacts({ ...base, stars: 4 }, "en").stars).toEqual({ glyphs: "★★★★", label: "4 stars" });
    expect(cardFacts({ ...base, stars: 0 }, "en").stars).toBeUndefined();
    expect(cardFacts({ ...base, roomFit: "fits" }, "en").facts).toContain("a room fits the party");
    expect(cardFacts({ ...base, roomFit: "does_not_fit", roomFitNote: "no room for 3 guests" }, "en").facts).toContain("no room for 3 guests");
    expect(cardFacts({ ...base, hasRates: false }, "ru")).toMatchObject({ bookable: false, facts: ["b", "c", "нет тарифов для бронирования"] });
    expect(cardFacts(base, "ru")).toMatchObject({ rating: "без оценки", facts: ["b", "c"], bookable: true });
  });
});

describe("views: language, photos, map, choices", () => {
  it("Russian for ru-* locales (host first, then the browser), English otherwise", () => {
    expect(viewLang("ru-RU", "en-US")).toBe("ru");
    expect(viewLang(undefined, "ru")).toBe("ru");
    expect(viewLang("en-GB", "ru-RU")).toBe("en");
    expect(viewLang("de-DE", undefined)).toBe("en");
    expect(Object.keys(WORDS.ru).sort()).toEqual(Object.keys(WORDS.en).sort());
  });

  it("photo URLs only when absolute http(s)", () => {
    expect(safePhotoUrl("https://img.example/a.jpg")).toBe("https://img.example/a.jpg");
    expect(safePhotoUrl("http://photos.sandbox.test/static/1.jpg")).toBe("http://photos.sandbox.test/static/1.jpg");
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "/static/1.jpg", "//evil.example/x.jpg", "", undefined]) expect(safePhotoUrl(bad)).toBeUndefined();
    const extras = extrasOf({ [VIEW_META_KEY]: { options: [{ optionId: "a", coverPhotoUrl: "https://img.example/a.jpg" }, { optionId: "b", coverPhotoUrl: "javascript:x" }] } });
    expect([...photosOf(extras)]).toEqual([["a", "https://img.example/a.jpg"]]);
    expect(extrasOf({ [VIEW_META_KEY]: { options: "nope" } })).toEqual({});
    expect(extrasOf(undefined)).toEqual({});
  });

  it("the map keeps distances' proportions inside its box, numbers pins in the cards' order, and is absent without positions", () => {
    const extras = {
      options: [
        { optionId: "a", point: { lat: 55.79, lon: 49.1 } },
        { optionId: "b", point: { lat: 55.8, lon: 49.12 } },
        { optionId: "c" },
      ],
      centre: { lat: 55.796, lon: 49.106 },
      near: { name: "Kremlin", lat: 55.799, lon: 49.105 },
    };
    const layout = mapLayout(["b", "c", "a"], extras)!;
    expect(layout.options.map((o) => [o.optionId, o.label])).toEqual([["b", "1"], ["a", "3"]]);
    for (const m of [...layout.options, layout.centre!, layout.near!]) {
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(m.y).toBeGreaterThanOrEqual(0);
      expect(m.y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    const [b, a] = [layout.options[0]!, layout.options[1]!];
    // North is up and east is right; one degree of longitude is cos(lat) of a degree of latitude.
    expect(b.y).toBeLessThan(a.y);
    expect(b.x).toBeGreaterThan(a.x);
    expect((b.x - a.x) / (a.y - b.y)).toBeCloseTo((0.02 * Math.cos((55.795 * Math.PI) / 180)) / 0.01, 1);
    expect(mapLayout(["c"], extras)).toBeNull();
    expect(mapLayout(["a"], {})).toBeNull();
  });

  it("a recorded plan's _meta gives every shown card its photo and position, and the near point", () => {
    const plan = recorded("plan-stay-near-ru");
    const extras = extrasOf(plan._meta);
    const ids = (plan.structuredContent.options as Card[]).map((o) => o.optionId);
    expect(extras.options?.map((o) => o.optionId)).toEqual(ids);
    expect([...photosOf(extras).keys()]).toEqual(ids);
    expect(extras.near?.name).toBe("Казанский Кремль");
    const layout = mapLayout(ids, extras)!;
    expect(layout.options.map((o) => o.label)).toEqual(ids.map((_, i) => String(i + 1)));
    expect(layout.near).toBeDefined();
    // The model's channels stay without them.
    expect(JSON.stringify(plan.structuredContent)).not.toMatch(/coverPhotoUrl|"lat"/);
    expect(plan.content[0]!.text).not.toContain("/static/hotels/");
  });

  it("tells the model what the person chose, with the ids to continue from", () => {
    const card = as(screen("select-stay-option-ru"), "selected").card;
    expect(hotelChosenNote(card, "jrn_1")).toContain(`«${card.name}» (optionId ${card.optionId}, journeyId jrn_1)`);
    expect(hotelChosenNote(card, "jrn_1")).toContain(`Search price as stated: ${card.price}.`);
    // From the details there is no price to state: the note says none.
    expect(hotelChosenNote({ optionId: card.optionId, name: card.name }, "jrn_1")).not.toContain("price");
    const rate = as(screen("select-stay-rate-ru"), "rate-selected").rate;
    expect(rateChosenNote(rate, "jrn_1")).toContain(`rate #${rate.rateNumber} (journeyId jrn_1)`);
    expect(rateChosenNote(rate, "jrn_1")).toContain("Nothing is booked");
  });

  it("the view calls only journey tools that read or record a choice, never a write", () => {
    for (const name of Object.values(VIEW_TOOLS)) {
      const tool = HOTELS_TOOLS.find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool!.toolset).toBe("journey");
      expect(tool!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
  });
});

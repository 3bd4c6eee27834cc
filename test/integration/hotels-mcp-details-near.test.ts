import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCatalog } from "../../scripts/sandbox/data/catalog.js";
import { reviewsPage } from "../../scripts/sandbox/data/reviews.js";
import { quoted } from "../../shared/provider-text.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { stay } from "./helpers/search-tools.js";

// get_stay_option_details and plan_stay's `near`, through a real MCP client against the sandbox.

const DETAILS = "tbank_hotels_get_stay_option_details";
const PLAN = "tbank_hotels_plan_stay";
// The harness's sandbox seed.
const SEED = "hotels-mcp";
const KAZAN = { destination: "Казань", rooms: [{ adults: 2 }] };

interface Card {
  optionId: string;
  near?: string;
  distanceToCenterKm?: number;
}

describe("Hotels MCP: option details and near a landmark", () => {
  let h: HotelsHarness;
  let journeyId = "";
  let option: Card;
  const counts = () => h.sandbox.control.requestCounts();
  // The provider id the journey keeps privately for an option (tests may look; answers must not).
  const hotelIdOf = async (optionId: string): Promise<string> => {
    const found = await h.ctx.journeys.get(journeyId);
    if (found.status !== "found") throw new Error("journey gone");
    return found.journey.state.options.find((o) => o.public.optionId === optionId)!.hotelId!;
  };

  beforeAll(async () => {
    h = await startHotelsHarness();
    const plan = await h.call(PLAN, { ...KAZAN, ...stay(10) });
    journeyId = plan.data.journeyId as string;
    option = (plan.data.options as Card[])[1]!;
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.resetCounters();
  });

  describe("details", () => {
    it("gives the hotel card and a review summary in two provider calls, without provider ids or reviewer names", async () => {
      const r = await h.call(DETAILS, { journeyId, optionId: option.optionId });
      expect(r.data.status).toBe("ok");
      expect(counts()).toEqual({ hotel: 1, reviews: 1 });
      const hotel = r.data.hotel as Record<string, unknown>;
      const reviews = r.data.reviews as { rating: string; quotes: { date: string; text?: string; pros?: string; cons?: string }[] };
      expect(hotel).toMatchObject({ optionId: option.optionId, checkIn: expect.stringMatching(/^заезд с \d\d:\d\d$/) as unknown, photos: expect.stringMatching(/^\d+ фото$/) as unknown });
      expect(reviews.rating).toMatch(/^\d+(,\d)?\/10 \(\d+ отз\.\)$/);
      expect(reviews.quotes.length).toBeGreaterThanOrEqual(2);
      expect(reviews.quotes.length).toBeLessThanOrEqual(3);
      for (const q of reviews.quotes) expect(r.text).toContain(`- ${q.date}: ${[q.text && quoted(q.text), q.pros && `плюсы: ${quoted(q.pros)}`, q.cons && `минусы: ${quoted(q.cons)}`].filter(Boolean).join("; ")}`);
      const id = await hotelIdOf(option.optionId);
      for (const channel of [r.text, JSON.stringify(r.data)]) {
        expect(channel).not.toContain(id);
        for (const name of ["Анна", "Игорь К.", "Мария", "Дмитрий", "Елена С.", "Алексей", "Ольга", "Сергей В.", "Наталья", "Павел"]) expect(channel).not.toContain(name);
      }
    });

    it("refuses an optionId of another journey before any provider call", async () => {
      const r = await h.call(DETAILS, { journeyId, optionId: "opt_nope" });
      expect(r.data).toMatchObject({ status: "invalid_input", retryAllowed: false });
      expect(r.result.isError).toBe(true);
      expect(counts()).toEqual({});
      expect((await h.call(DETAILS, { journeyId: "jrn_gone", optionId: option.optionId })).data.status).toBe("journey_not_found");
    });

    it("a failing reviews read degrades only the reviews; a failing hotel read only the card", async () => {
      h.sandbox.control.setFault("reviews", { kind: "status", status: 503 });
      const noReviews = await h.call(DETAILS, { journeyId, optionId: option.optionId });
      expect(noReviews.data.status).toBe("ok");
      expect(noReviews.data.reviews).toMatchObject({ quotes: [], unavailable: expect.stringContaining("недоступны") as unknown });
      expect((noReviews.data.hotel as Record<string, unknown>).unavailable).toBeUndefined();
      expect(noReviews.text).toContain("тексты отзывов сейчас недоступны");
      h.sandbox.control.clearFaults();
      h.sandbox.control.setFault("hotel", { kind: "status", status: 500 });
      const noHotel = await h.call(DETAILS, { journeyId, optionId: option.optionId });
      expect(noHotel.data.hotel).toMatchObject({ checkIn: "заезд: нет данных", unavailable: expect.stringContaining("данные поиска") as unknown });
      expect((noHotel.data.reviews as { quotes: unknown[] }).quotes.length).toBeGreaterThan(0);
    });

    it("both reads failing is details_unavailable; an auth refusal is provider_auth_rejected; neither is retried", async () => {
      h.sandbox.control.setFault("hotel", { kind: "status", status: 503 });
      h.sandbox.control.setFault("reviews", { kind: "status", status: 503 });
      const down = await h.call(DETAILS, { journeyId, optionId: option.optionId });
      expect(down.data).toMatchObject({ status: "details_unavailable", retryAllowed: false });
      expect(down.text).toContain("status=details_unavailable retryAllowed=false");
      expect(counts()).toMatchObject({ hotel: 1, reviews: 1 });
      h.sandbox.control.setFault("hotel", { kind: "status", status: 401 });
      h.sandbox.control.setFault("reviews", { kind: "status", status: 401 });
      expect((await h.call(DETAILS, { journeyId, optionId: option.optionId })).data).toMatchObject({ status: "provider_auth_rejected", retryAllowed: false });
    });

    it("quotes the newest review with words whole, as the sandbox dates it from the clock, at the destination", async () => {
      const hotel = createCatalog(SEED, () => "http://sandbox.invalid").hotel(await hotelIdOf(option.optionId))!;
      const newest = reviewsPage(SEED, hotel, 0, 10, TEST_EPOCH, "+03:00").find((x) => x.text !== "" || x.pros !== undefined || x.cons !== undefined)!;
      const [y, m, d] = newest.createdAt.slice(0, 10).split("-");
      const r = await h.call(DETAILS, { journeyId, optionId: option.optionId });
      const words = { ...(newest.text === "" ? {} : { text: newest.text }), ...(newest.pros === undefined ? {} : { pros: newest.pros }), ...(newest.cons === undefined ? {} : { cons: newest.cons }) };
      expect((r.data.reviews as { quotes: unknown[] }).quotes[0]).toEqual({ date: `${d}.${m}.${y}`, ...words });
    });
  });

  describe("near", () => {
    it("resolves a landmark: cards carry the distance to it and maxDistanceKm measures from it", async () => {
      const r = await h.call(PLAN, { ...KAZAN, ...stay(11), near: "Кремль", maxDistanceKm: 2 });
      expect(r.data.status).toBe("ok");
      expect(counts()).toMatchObject({ points_of_interest: 1 });
      expect(r.data.stay).toContain('рядом с "Казанский Кремль"');
      const cards = r.data.options as Card[];
      expect(cards.length).toBeGreaterThan(0);
      for (const c of cards) {
        const km = Number(/^(\d+,\d) км до "Казанский Кремль"$/.exec(c.near ?? "")?.[1]?.replace(",", "."));
        expect(km).toBeLessThanOrEqual(2);
      }
      // The centre is still said in the structured card, beside the point.
      expect(cards.every((c) => typeof c.distanceToCenterKm === "number")).toBe(true);
      expect(r.text).not.toContain("км до центра");
      // Listing again keeps the point and the filter.
      const again = await h.call("tbank_hotels_get_stay_options", { journeyId: r.data.journeyId });
      expect((again.data.options as Card[]).map((c) => c.optionId)).toEqual(cards.map((c) => c.optionId));
    });

    it("an ambiguous landmark is clarification_required with candidates and no hotel search", async () => {
      const r = await h.call(PLAN, { ...KAZAN, ...stay(12), near: "вокзал" });
      expect(r.data).toMatchObject({ status: "clarification_required", retryAllowed: false, reason: "landmark_ambiguous", destination: { destinationId: "1003" } });
      expect((r.data.candidates as { name: string }[]).map((c) => c.name)).toEqual(["Железнодорожный вокзал Казань-Пассажирская", "Речной вокзал"]);
      expect(r.result.isError).toBeFalsy();
      expect(counts().search).toBeUndefined();
    });

    it("an unknown landmark is a question listing the destination's points (two calls, no search)", async () => {
      const r = await h.call(PLAN, { ...KAZAN, ...stay(13), near: "Колизей" });
      expect(r.data).toMatchObject({ status: "clarification_required", reason: "landmark_not_found" });
      expect((r.data.candidates as unknown[]).length).toBe(5);
      expect(counts()).toEqual({ points_of_interest: 2 });
    });

    it("a failing points-of-interest route is search_unavailable before any search; too long a `near` is invalid_input before HTTP", async () => {
      h.sandbox.control.setFault("points_of_interest", { kind: "status", status: 503 });
      const r = await h.call(PLAN, { ...KAZAN, ...stay(14), near: "Кремль" });
      expect(r.data).toMatchObject({ status: "search_unavailable", retryAllowed: false });
      expect(counts().search).toBeUndefined();
      h.sandbox.control.resetCounters();
      const long = await h.call(PLAN, { ...KAZAN, ...stay(14), near: "x".repeat(201) });
      expect(long.data).toMatchObject({ status: "invalid_input", errors: [{ field: "near" }] });
      expect(counts()).toEqual({});
    });

    it("repeat_stay_plan keeps the point", async () => {
      const plan = await h.call(PLAN, { ...KAZAN, ...stay(15), near: "Кул Шариф", maxDistanceKm: 1.5 });
      h.sandbox.control.resetCounters();
      const r = await h.call("tbank_hotels_repeat_stay_plan", { journeyId: plan.data.journeyId, changes: stay(16) });
      expect(r.data.status).toBe("ok");
      expect(counts().points_of_interest).toBeUndefined();
      expect(r.data.stay).toContain('рядом с "Мечеть Кул Шариф"');
      expect((r.data.options as Card[]).every((c) => c.near?.endsWith('км до "Мечеть Кул Шариф"'))).toBe(true);
    });
  });
});

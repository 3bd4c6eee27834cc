import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { formatIsoDate } from "../../shared/time.js";
import { CANARY, recordingFetch, stay, withoutPhotoUrls } from "./helpers/search-tools.js";

interface Card {
  optionId: string;
  name: string;
  price: string;
  breakfast: string;
  cancellation: string;
}

const KAZAN = { destination: "Казань", rooms: [{ adults: 2 }] };

describe("Hotels MCP search tools: statuses and the journey", () => {
  let h: HotelsHarness;
  const providerIds = new Set<string>();
  const seen: { text: string; data: unknown }[] = [];
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await h.call(name, args);
    seen.push({ text: r.text, data: r.data });
    return r;
  };

  beforeAll(async () => {
    h = await startHotelsHarness({ sandbox: { canary: CANARY }, deps: { fetch: recordingFetch(providerIds) } });
    await call("tbank_hotels_resolve_destination", { query: "Казань" }); // warm the catalog
  });
  afterAll(() => h.close());

  it("plan_stay: ok with compact cards, coverage, total/hasMore and the next step", async () => {
    h.sandbox.control.resetCounters();
    const { data, text, result } = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(10) });
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "ok", ranking: "provider_order", hasMore: true });
    // A success carries no retryAllowed, and nothing unset: no conditions, no false flags.
    expect(data).not.toHaveProperty("retryAllowed");
    expect(data).not.toHaveProperty("conditionsApplied");
    expect(data.journeyId).toMatch(/^jrn_/);
    expect(data.searchCoverage).toMatchObject({ coverageLevel: "complete" });
    for (const flag of ["truncated", "providerSort", "continuationRecommended"]) expect(data.searchCoverage).not.toHaveProperty(flag);
    const coverage = data.searchCoverage as { requestsMade: number; collectedCount: number };
    expect(h.sandbox.control.requestCount("search")).toBe(coverage.requestsMade);
    expect(data.total).toBe(coverage.collectedCount);
    const options = data.options as Card[];
    expect(options).toHaveLength(10);
    for (const card of options) {
      // The search price says it is one («от»), and what it covers.
      expect(card.price).toMatch(/^от \d[\d\u00a0,]*\u00a0₽ за 2 ночи, \d[\d\u00a0,]*\u00a0₽ за ночь$/);
      // The photo URL and count and the nights per card are left out (see cards.ts); the amount
      // travels as a decimal string with its currency beside the display.
      for (const key of ["photos", "coverPhotoUrl", "photosCount", "stayNights"]) expect(Object.keys(card)).not.toContain(key);
      expect(card).toMatchObject({ totalDecimal: expect.stringMatching(/^\d+(\.\d+)?$/) as string, currency: "RUB" });
      expect(text).toContain(card.price);
    }
    expect(text).toContain(`journeyId=${String(data.journeyId)}`);
    expect(text).toContain("₽ за 2 ночи");
    expect(text).toContain("за ночь");
    expect(text).toContain("next: ");
    expect(text).not.toContain("http");
    expect(text.split("\n").filter((l) => /^\d+\. opt_/.test(l))).toHaveLength(10);
  });

  it("cards say «нет данных» for a missing cancellation fact", async () => {
    const plan = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(10), maxOptions: 20 });
    const page = await call("tbank_hotels_get_stay_options", { journeyId: plan.data.journeyId, limit: 20 });
    const cards = page.data.options as Card[];
    const missing = cards.filter((c) => c.cancellation === "отмена: нет данных");
    expect(missing.length).toBeGreaterThan(0);
    expect(cards.some((c) => c.cancellation.startsWith("бесплатная отмена до "))).toBe(true);
    expect(page.text).toContain("отмена: нет данных");
  });

  it("clarification_required for «Кировск» without a hotel search; a destinationId then plans", async () => {
    h.sandbox.control.resetCounters();
    const { data, text } = await call("tbank_hotels_plan_stay", { ...KAZAN, destination: "Кировск", ...stay(11) });
    expect(data).toMatchObject({ status: "clarification_required", reason: "ambiguous", retryAllowed: false });
    const candidates = data.candidates as { destinationId: string; region: string }[];
    expect(candidates.map((c) => c.region).sort()).toEqual(["Ленинградская область", "Мурманская область"]);
    expect(text).toContain("destinationId=");
    expect(h.sandbox.control.requestCount("search")).toBe(0);

    const murmansk = candidates.find((c) => c.region === "Мурманская область")!;
    const resolved = await call("tbank_hotels_resolve_destination", { query: "Кировск" });
    expect(resolved.data.status).toBe("clarification_required");
    const planned = await call("tbank_hotels_plan_stay", { ...KAZAN, destination: murmansk.destinationId, ...stay(11) });
    expect(planned.data.status).toBe("ok");
    expect(planned.data.stay).toContain('"Кировск" ("Мурманская область")');
  });

  it("destination_not_found for an unknown place, without a hotel search", async () => {
    h.sandbox.control.resetCounters();
    const { data, result } = await call("tbank_hotels_plan_stay", { ...KAZAN, destination: "Атлантида", ...stay(12) });
    expect(data).toMatchObject({ status: "destination_not_found", retryAllowed: false });
    expect(result.isError).toBeFalsy();
    expect(h.sandbox.control.requestCounts()).toEqual({});
    expect((await call("tbank_hotels_resolve_destination", { query: "Атлантида" })).data.status).toBe("destination_not_found");
    expect((await call("tbank_hotels_resolve_destination", { query: "Казань" })).data).toMatchObject({ status: "resolved", destination: { name: "Казань" } });
  });

  it("invalid_input lists every problem at once and makes no provider call", async () => {
    h.sandbox.control.resetCounters();
    const { data, text, result } = await call("tbank_hotels_plan_stay", {
      destination: "Казань",
      location: "Казань",
      checkinDate: "2027-03-20",
      checkoutDate: "2027-03-18",
      rooms: [{ adults: 2, childrenAges: [null] }],
      pets: true,
    });
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "invalid_input", retryAllowed: false });
    const fields = (data.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["location", "checkoutDate", "rooms[0].childrenAges[0]", "pets"]));
    expect(text).toContain("child age is missing");
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it("invalid_input for an alias given with its canonical field; aliases alone are normalized", async () => {
    const conflict = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(13), maxOptions: 3, limit: 4 });
    expect(conflict.data.status).toBe("invalid_input");
    expect(conflict.data.errors).toEqual([{ field: "limit", message: "both maxOptions and its alias limit were given: pass only maxOptions" }]);
    const aliases = await call("tbank_hotels_plan_stay", { location: "Казань", guests: 2, limit: 3, ...stay(13) });
    expect(aliases.data.status).toBe("ok");
    expect(aliases.data.options).toHaveLength(3);
  });

  it("invalid_input for a child without an age, past dates and calendar nonsense", async () => {
    h.sandbox.control.resetCounters();
    const { data } = await call("tbank_hotels_plan_stay", { destination: "Казань", checkinDate: "2027-02-30", checkoutDate: "2027-03-03", rooms: [{ adults: 2, children: 1 }] });
    const errors = data.errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: "checkinDate", message: "not a real calendar date (YYYY-MM-DD)" },
        { field: "rooms[0].children", message: "unknown field; pass childrenAges with one age (0..17) per child" },
      ]),
    );
    const past = await call("tbank_hotels_plan_stay", { ...KAZAN, checkinDate: "2027-02-20", checkoutDate: "2027-02-22" });
    expect(past.data.errors).toEqual([{ field: "checkinDate", message: "is in the past (today is 2027-03-01)" }]);
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it.each([400, 503])("requirements_unavailable when the provider refuses the breakfast filter (HTTP %i)", async (status) => {
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("search", { kind: "status", status, times: 1 });
    const { data, text } = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(status === 400 ? 14 : 15), breakfastIncluded: true });
    expect(data).toMatchObject({ status: "requirements_unavailable", retryAllowed: false, provider: { httpStatus: status } });
    expect(data.options).toBeUndefined();
    expect(data.journeyId).toBeUndefined();
    expect(text).toContain("breakfastIncluded");
    expect(h.sandbox.control.requestCount("search")).toBe(1);
  });

  it("breakfastIncluded applies the meal_types filter to the whole collection", async () => {
    const { data, text } = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(16), breakfastIncluded: true });
    expect(data).toMatchObject({ status: "ok", conditionsApplied: ["breakfastIncluded applied to the whole collection (provider filter meal_types=breakfast)"] });
    expect(text).toContain("breakfastIncluded applied");
    for (const card of data.options as Card[]) expect(card.breakfast).not.toBe("без завтрака");
  });

  it.each([401, 403])("provider_auth_rejected on HTTP %i after exactly one provider call", async (status) => {
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("search", { kind: "status", status });
    try {
      const { data, text, result } = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(status === 401 ? 17 : 18), breakfastIncluded: status === 403 });
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "provider_auth_rejected", retryAllowed: false, provider: { kind: "auth_rejected", httpStatus: status } });
      expect(text).toContain("outside the chat");
      expect(h.sandbox.control.requestCounts()).toEqual({ search: 1 });
    } finally {
      h.sandbox.control.clearFaults();
    }
  });

  it("search_unavailable on a 5xx first page: terminal, connection_status once, no provider text", async () => {
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("search", { kind: "status", status: 502, times: 1 });
    const { data, text, result } = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(19) });
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "search_unavailable", retryAllowed: false, provider: { kind: "unavailable", httpStatus: 502 } });
    expect(String(data.nextStep)).toContain("tbank_hotels_connection_status once");
    expect(text).not.toContain("simulated upstream failure");
    expect(h.sandbox.control.requestCount("search")).toBe(1);
  });

  it("no_matching_stays when hotelName matches nothing among this destination's results; a match is shown", async () => {
    const miss = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(10), hotelName: "Ritz Carlton" });
    expect(miss.data).toMatchObject({ status: "no_matching_stays", reason: "hotel_name_not_found", retryAllowed: false, hasMore: true });
    expect(miss.data.journeyId).toMatch(/^jrn_/);
    const hit = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(10), hotelName: "Кремль" });
    expect(hit.data).toMatchObject({ status: "ok", hotelName: "Кремль" });
    const matches = hit.data.options as Card[];
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) expect(m.name).toContain("Кремль");
  });

  it("get_stay_options pages, inherits the plan's ranking and re-ranks without HTTP", async () => {
    const plan = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(20), ranking: "highest_rating", maxOptions: 5 });
    const journeyId = plan.data.journeyId;
    h.sandbox.control.resetCounters();
    const first = await call("tbank_hotels_get_stay_options", { journeyId, limit: 5 });
    expect(first.data).toMatchObject({ status: "ok", ranking: "highest_rating", offset: 0, hasMore: true, total: plan.data.total });
    expect((first.data.options as Card[]).map((c) => c.optionId)).toEqual((plan.data.options as Card[]).map((c) => c.optionId));
    const cheap = await call("tbank_hotels_get_stay_options", { journeyId, ranking: "lowest_price", offset: 0, limit: 20 });
    const perNight = (cheap.data.options as Card[]).map((c) => Number(c.price.split(", ")[1]!.replace(/[^\d,]/g, "").replace(",", ".")));
    expect(perNight).toEqual([...perNight].sort((a, b) => a - b));
    const total = Number(plan.data.total);
    const last = await call("tbank_hotels_get_stay_options", { journeyId, offset: total - 2, limit: 20 });
    expect(last.data).toMatchObject({ hasMore: false });
    expect(last.data.options).toHaveLength(2);
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it("compare_stay_options: whole journey, then the previous group, explicit ids, all options, refusals", async () => {
    const plan = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(21) });
    const journeyId = plan.data.journeyId;
    h.sandbox.control.resetCounters();
    const first = await call("tbank_hotels_compare_stay_options", { journeyId });
    expect(first.data).toMatchObject({ status: "ok", scope: "journey_selection", ranking: "provider_order" });
    const rows = first.data.comparisonRows as (Card & { address: string; meal: string })[];
    expect(rows).toHaveLength(5);
    expect(rows[0]!.address).toContain("Казань");
    expect(rows[0]!.price).toMatch(/₽ за 2 ночи, .*₽ за ночь$/);
    expect(rows[0]!.cancellation).not.toBe("");
    expect(first.data.presentationGuidance).toContain("не делите");
    expect(first.text).toContain("guidance: ");

    // The guidance is said once per journey, in both channels.
    const again = await call("tbank_hotels_compare_stay_options", { journeyId, ranking: "highest_rating" });
    expect(again.data.scope).toBe("previous_group");
    expect(again.data).not.toHaveProperty("presentationGuidance");
    expect(again.text).not.toContain("guidance: ");
    expect((again.data.comparisonRows as { optionId: string }[]).map((r) => r.optionId).sort()).toEqual(rows.map((r) => r.optionId).sort());

    const pair = [rows[3]!.optionId, rows[1]!.optionId];
    const explicit = await call("tbank_hotels_compare_stay_options", { journeyId, optionIds: pair, ranking: "lowest_price" });
    expect(explicit.data.scope).toBe("explicit");
    expect((explicit.data.comparisonRows as { optionId: string }[]).map((r) => r.optionId).sort()).toEqual([...pair].sort());
    const within = await call("tbank_hotels_compare_stay_options", { journeyId });
    expect(within.data.scope).toBe("previous_group");
    expect(within.data.comparisonRows).toHaveLength(2);

    const all = await call("tbank_hotels_compare_stay_options", { journeyId, scope: "all_journey_options" });
    expect(all.data.scope).toBe("all_journey_options");
    expect(all.data.comparisonRows).toHaveLength(5);

    const bad = await call("tbank_hotels_compare_stay_options", { journeyId, optionIds: [pair[0], "opt_unknown"], scope: "all_journey_options" });
    expect(bad.data.status).toBe("invalid_input");
    expect((bad.data.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(["optionIds", "scope"]);
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it("select_stay_option selects, keeps the journey and points at rates", async () => {
    const plan = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(22) });
    const journeyId = String(plan.data.journeyId);
    const optionId = (plan.data.options as Card[])[2]!.optionId;
    const { data, text } = await call("tbank_hotels_select_stay_option", { journeyId, optionId });
    expect(data).toMatchObject({ status: "ok", journeyId, selected: { optionId } });
    expect(text).toContain("tbank_hotels_get_selected_stay_rates");
    const stored = await h.ctx.journeys.get(journeyId);
    expect(stored.status === "found" && stored.journey.state.selectedOptionId).toBe(optionId);
    const wrong = await call("tbank_hotels_select_stay_option", { journeyId, optionId: "opt_AAAAAAAAAAAA" });
    expect(wrong.data).toMatchObject({ status: "invalid_input", errors: [{ field: "optionId" }] });
  });

  it("repeat_stay_plan re-plans with changes into a new journey; bad changes make no provider call", async () => {
    const plan = await call("tbank_hotels_plan_stay", { ...KAZAN, ...stay(23), ranking: "lowest_price", maxOptions: 4 });
    const journeyId = plan.data.journeyId;
    const repeated = await call("tbank_hotels_repeat_stay_plan", { journeyId, changes: { ...stay(24, 3), ranking: "highest_rating" } });
    const changed = stay(24, 3);
    expect(repeated.data).toMatchObject({ status: "ok", ranking: "highest_rating" });
    expect(repeated.data.stay).toBe(`"Казань" ("Республика Татарстан"), ${formatIsoDate(changed.checkinDate)}–${formatIsoDate(changed.checkoutDate)}, 3 ночи, 2 взр.`);
    expect(repeated.data.journeyId).not.toBe(journeyId);
    expect(repeated.data.options).toHaveLength(4);
    const same = await call("tbank_hotels_repeat_stay_plan", { journeyId });
    expect(same.data).toMatchObject({ status: "ok", ranking: "lowest_price" });
    expect(same.data.stay).toContain(`${formatIsoDate(stay(23).checkinDate)}–${formatIsoDate(stay(23).checkoutDate)}, 2 ночи`);

    h.sandbox.control.resetCounters();
    const bad = await call("tbank_hotels_repeat_stay_plan", { journeyId, changes: { destination: "Москва", checkoutDate: "2027-03-01" } });
    expect(bad.data.status).toBe("invalid_input");
    expect((bad.data.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(["changes.destination", "checkoutDate"]);
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it.each(["tbank_hotels_get_stay_options", "tbank_hotels_compare_stay_options", "tbank_hotels_select_stay_option", "tbank_hotels_continue_stay_search", "tbank_hotels_repeat_stay_plan"])(
    "%s: an unknown journeyId is journey_not_found with the next step",
    async (tool) => {
      const args: Record<string, unknown> = { journeyId: "jrn_AAAAAAAAAAAAAAAAAAAAAA" };
      if (tool.endsWith("select_stay_option")) args.optionId = "opt_AAAAAAAAAAAA";
      const { data, result } = await call(tool, args);
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "journey_not_found", retryAllowed: false });
      expect(String(data.nextStep)).toContain("tbank_hotels_plan_stay");
    },
  );

  it("no provider id and no provider error text ever reaches a result", () => {
    expect(providerIds.size).toBeGreaterThan(100);
    expect([...providerIds].some((id) => id.startsWith("srch_"))).toBe(true);
    for (const { text, data } of seen) {
      const json = withoutPhotoUrls(data);
      for (const id of providerIds) {
        expect(text).not.toContain(id);
        expect(json).not.toContain(id);
      }
      expect(text + json).not.toContain(CANARY);
      expect(json).not.toMatch(/"(hotelId|bookHash|searchId)"/);
    }
  });
});

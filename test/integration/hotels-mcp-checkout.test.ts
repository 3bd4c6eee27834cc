import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JourneyOption } from "../../mcp/hotels/journey/options.js";
import { JourneyIdInput } from "../../mcp/hotels/tools/schemas.js";
import { driftFactor } from "../../scripts/sandbox/data/pricing.js";
import { tokenCount } from "../fixtures/tokens.js";
import { toolsListTokens } from "../fixtures/tools-list-tokens.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { createJourney, journeyState, selectOption, type JourneyFixture } from "./helpers/journey-fixture.js";
import { providerIdRecorder } from "./helpers/provider-id-recorder.js";

const SEED = "hotels-mcp";
const RATES = "tbank_hotels_get_selected_stay_rates";
const SELECT = "tbank_hotels_select_stay_rate";
const BOOKING_PREVIEW = "tbank_hotels_create_booking_preview";
const INSPECT = "tbank_hotels_inspect_checkout";
const CHANGES = "tbank_hotels_preview_checkout_changes";
const HANDOFF = "tbank_hotels_create_checkout_handoff";
const PAYMENT = "tbank_hotels_create_payment_form_preview";
const CHECKOUT_TOOL_NAMES = [RATES, SELECT, BOOKING_PREVIEW, INSPECT, CHANGES, HANDOFF, PAYMENT];

type Call = Awaited<ReturnType<HotelsHarness["call"]>>;
type Row = Record<string, unknown>;

describe("Hotels MCP rates, checkout and handoff tools", () => {
  let h: HotelsHarness;
  const recorder = providerIdRecorder();
  const seen: Call[] = [];
  let base: JourneyFixture;

  const call = async (name: string, args: Row): Promise<Call> => {
    const out = await h.call(name, args);
    seen.push(out);
    return out;
  };
  const counts = () => h.sandbox.control.requestCounts();
  const bookable = (o: JourneyOption) => o.public.hasRates && o.hotelId !== null;

  // A journey on `option` with its rates loaded through the tool.
  async function withRates(option: JourneyOption): Promise<{ journeyId: string; rates: Row[] }> {
    await selectOption(h, base.journeyId, option);
    const { data } = await call(RATES, { journeyId: base.journeyId });
    expect(data.status).toBe("ready");
    return { journeyId: base.journeyId, rates: data.rates as Row[] };
  }

  beforeAll(async () => {
    h = await startHotelsHarness({ deps: { fetch: recorder.fetch } });
    base = await createJourney(h);
  });
  afterAll(() => h.close());

  it("lists the seven tools in order with pinned annotations and output schemas, within the context budget", async () => {
    const { tools } = await h.client.listTools();
    const ours = tools.filter((t) => CHECKOUT_TOOL_NAMES.includes(t.name));
    expect(ours.map((t) => t.name)).toEqual(CHECKOUT_TOOL_NAMES);
    const annotations = Object.fromEntries(ours.map((t) => [t.name, { ...t.annotations, title: undefined }]));
    const local = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, title: undefined };
    expect(annotations).toEqual({
      [RATES]: { ...local, openWorldHint: true },
      [SELECT]: local,
      [BOOKING_PREVIEW]: local,
      [INSPECT]: { ...local, idempotentHint: false, openWorldHint: true },
      [CHANGES]: local,
      [HANDOFF]: local,
      [PAYMENT]: local,
    });
    for (const tool of ours) {
      const schema = tool.outputSchema as { properties: Record<string, unknown>; required: string[] };
      // retryAllowed is said on failures only, so it is optional like nextStep and message.
      expect(schema.required).toEqual(["status"]);
      expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["status", "retryAllowed", "nextStep", "message"]));
    }
    // One JourneyIdInput for the search and the checkout tools alike (the checkout tools once allowed "").
    const journeyIds = tools.flatMap((t) => Object.entries(t.inputSchema.properties ?? {}).filter(([k]) => k === "journeyId").map(([, v]) => ({ tool: t.name, v })));
    expect(journeyIds.length).toBe(13);
    // Its bounds are checked, not advertised (tools/list tokens): "" and 65 characters are refused.
    for (const { tool, v } of journeyIds) expect({ tool, v }).toEqual({ tool, v: { type: "string" } });
    expect([JourneyIdInput.safeParse("").success, JourneyIdInput.safeParse("j".repeat(65)).success]).toEqual([false, false]);
    const json = JSON.stringify(ours);
    expect(json).not.toContain("9007199254740991");
    expect(tokenCount(json)).toBeLessThanOrEqual(2_400);
    const listed = toolsListTokens(tools);
    expect(listed.withoutMeta).toBeLessThanOrEqual(6_000);
    expect(listed.metaGrowth).toBeLessThanOrEqual(0.05);
  });

  describe("rates", () => {
    it("loads numbered rates for the journey's stay, with a table to show once and no provider ids", async () => {
      h.sandbox.control.resetCounters();
      const { data, text, result } = await call(RATES, { journeyId: base.journeyId });
      expect(result.isError).toBeFalsy();
      expect(data).toMatchObject({ status: "ready" });
      // A success says nothing of retries or attempts: those belong to failures.
      for (const key of ["retryAllowed", "attempts", "failureKind"]) expect(data).not.toHaveProperty(key);
      expect(data.stay).toMatchObject({ checkinDate: "2027-03-10", checkoutDate: "2027-03-12", nights: 2, guests: "2 взр." });
      const rates = data.rates as Row[];
      expect(rates.length).toBeGreaterThanOrEqual(2);
      expect(rates.map((r) => r.rateNumber)).toEqual(rates.map((_, i) => i + 1));
      for (const r of rates) {
        // Bookable rates do not say so; only an exception (bookable: false) is stated.
        expect(Object.keys(r).sort()).toEqual(["cancellation", "meal", "payment", "price", "rateNumber", "room"]);
        expect(r.price).toMatch(/₽ за 2 ночи, .*₽ за ночь$/);
        expect(text).toContain(`| ${String(r.rateNumber)} | ${String(r.room)} | ${String(r.meal)} |`);
      }
      // The table is the text channel's rendering of the same rates; the structured answer does not repeat it.
      expect(text).toMatch(/\| # \| Номер \| Питание \| За 2 ночи \| За ночь \| Отмена \| Оплата \|/);
      expect(data).not.toHaveProperty("ratesTableMarkdown");
      expect(text).toContain("tbank_hotels_select_stay_rate");
      // One rates call, and one for the rates' instalment offers (journey/value.ts).
      expect(counts()).toEqual({ rates: 1, bnpl_offer: 1 });
    });

    it("keeps rateNumbers stable after a selection and does not ask the provider again", async () => {
      const before = (await call(RATES, { journeyId: base.journeyId })).data;
      h.sandbox.control.resetCounters();
      const selected = await call(SELECT, { journeyId: base.journeyId, rateNumber: 2 });
      expect(selected.data).toMatchObject({ status: "rate_selected", selectedRate: { rateNumber: 2 } });
      expect(selected.data.nextStep).toContain(HANDOFF);
      expect(selected.text).toContain("(«оформить/забронировать/продолжить») → tbank_hotels_create_checkout_handoff");
      const after = await call(RATES, { journeyId: base.journeyId });
      expect(after.data.rates).toEqual(before.rates);
      expect(after.text).toContain("already loaded");
      expect((await journeyState(h, base.journeyId)).selectedRateNumber).toBe(2);
      expect(counts()).toEqual({});
    });

    it("refuses an unknown rateNumber and lists the bookable ones", async () => {
      const { data, result } = await call(SELECT, { journeyId: base.journeyId, rateNumber: 42 });
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "rate_not_found", retryAllowed: false, nextStep: SELECT });
      expect((data.availableRateNumbers as number[])[0]).toBe(1);
    });

    it("answers no_bookable_rates for a hotel whose provider rates are empty; the search price stays informational", async () => {
      const option = base.options.find((o) => !o.public.hasRates && o.hotelId !== null)!;
      const j = await createJourney(h, { select: (o) => o === option || o.dedupeKey === option.dedupeKey });
      h.sandbox.control.resetCounters();
      const { data, text } = await call(RATES, { journeyId: j.journeyId });
      expect(data).toMatchObject({ status: "no_bookable_rates", retryAllowed: false });
      expect(data).not.toHaveProperty("rates");
      expect(data.message).toContain(option.public.totalPriceDisplay);
      expect(text).toContain("retryAllowed=false");
      expect(data.nextStep).toContain("tbank_hotels_select_stay_option");
      expect(text).toContain("information only");
      expect(counts()).toEqual({ rates: 1 });
      const select = await call(SELECT, { journeyId: j.journeyId, rateNumber: 1 });
      expect(select.data.status).toBe("no_bookable_rates");
      expect((await call(BOOKING_PREVIEW, { journeyId: j.journeyId })).data.status).toBe("rate_selection_required");
    });

    it("maps a 401 to provider_auth_rejected after exactly one call", async () => {
      const j = await createJourney(h, { select: (o, i) => bookable(o) && i > 2 });
      h.sandbox.control.resetCounters();
      h.sandbox.control.setFault("rates", { kind: "status", status: 401, times: 1 });
      const { data, result, text } = await call(RATES, { journeyId: j.journeyId });
      expect(result.isError).toBe(true);
      expect(data).toMatchObject({ status: "provider_auth_rejected", retryAllowed: false });
      expect(text).toContain("HTTP 401");
      expect(counts()).toEqual({ rates: 1 });
    });
  });

  describe("booking preview and payment form preview", () => {
    it("summarizes the selected rate locally: no HTTP, no PII, nothing created", async () => {
      h.sandbox.control.resetCounters();
      const { data, text } = await call(BOOKING_PREVIEW, { journeyId: base.journeyId });
      expect(data).toMatchObject({ status: "preview_ready", nextStep: HANDOFF, rate: { rateNumber: 2 } });
      expect(data.message).toContain("ничего не забронировано");
      expect(data.stay).toMatchObject({ hotelName: base.selected!.public.name, checkinDate: "2027-03-10", checkoutDate: "2027-03-12", nights: 2, dates: "10.03.2027 → 12.03.2027, 2 ночи" });
      expect(text).toContain("ничего не забронировано");
      expect(JSON.stringify(data)).not.toMatch(/email|phone|firstName|lastName|bookHash/i);
      expect(counts()).toEqual({});
    });

    it("describes the hosted payment form without calling anything or returning a payment link", async () => {
      h.sandbox.control.resetCounters();
      const { data, text } = await call(PAYMENT, { journeyId: base.journeyId });
      expect(data).toMatchObject({ status: "preview_only", available: false, nextStep: HANDOFF, rate: { rateNumber: 2 } });
      expect((data.remainingGates as string[]).length).toBeGreaterThan(0);
      expect(JSON.stringify(data) + text).not.toMatch(/https?:\/\/|paymentUrl"/);
      expect(counts()).toEqual({});
    });

    it("refuses card or personal data as arguments", async () => {
      const { result } = await h.call(PAYMENT, { journeyId: base.journeyId, cardNumber: "4111111111111111" });
      expect(result.isError).toBe(true);
    });
  });

  describe("checkout inspection", () => {
    it("asks for an inspection before previewing changes", async () => {
      const { data } = await call(CHANGES, { journeyId: base.journeyId, promoCode: "SANDBOX10" });
      expect(data).toMatchObject({ status: "inspection_required", retryAllowed: false });
      expect(data.nextStep).toContain(INSPECT);
    });

    it("reports a price drift between search and inspection", async () => {
      let found: { option: JourneyOption; rateNumber: number; factor: number } | undefined;
      for (const option of base.options.filter(bookable)) {
        await withRates(option);
        const priv = (await journeyState(h, base.journeyId)).rates!.private;
        const drifting = priv.find((p) => p.bookHash !== null && driftFactor(SEED, p.bookHash) !== 1);
        if (drifting) {
          found = { option, rateNumber: drifting.rateNumber, factor: driftFactor(SEED, drifting.bookHash!) };
          break;
        }
      }
      expect(found).toBeDefined();
      await call(SELECT, { journeyId: base.journeyId, rateNumber: found!.rateNumber });
      h.sandbox.control.resetCounters();
      const { data, text } = await call(INSPECT, { journeyId: base.journeyId });
      const checkout = data.checkout as { priceChanged: boolean; price: string };
      expect(data.status).toBe("checkout_ready");
      expect(checkout.priceChanged).toBe(true);
      expect(checkout.price).toMatch(found!.factor > 1 ? /\(при поиске .*, изменение \+/ : /\(при поиске .*, изменение -/);
      expect(text).toContain(checkout.price);
      expect(counts()).toEqual({ checkout_inspect: 1 });
    });

    it("validates one promo code per call without applying it: valid, unknown, expired", async () => {
      const expectations = [
        ["SANDBOX10", /^Промокод SANDBOX10: действителен, скидка .*\(только проверка, не применён\)$/],
        ["NOSUCHCODE", /^Промокод NOSUCHCODE: недействителен \(not_found\)$/],
        ["SUMMER2025", /^Промокод SUMMER2025: недействителен \(expired\)$/],
      ] as const;
      for (const [promoCode, promo] of expectations) {
        h.sandbox.control.resetCounters();
        const { data, text } = await call(INSPECT, { journeyId: base.journeyId, promoCode });
        const said = (data.checkout as Row).promo as string;
        expect(said).toMatch(promo);
        expect(text).toContain(said);
        expect(counts()).toEqual({ checkout_inspect: 1, promo_validate: 1 });
      }
    });

    it("keeps the inspection when the promo check gets no usable answer; a 401 there is still provider_auth_rejected", async () => {
      h.sandbox.control.resetCounters();
      h.sandbox.control.setFault("promo_validate", { kind: "status", status: 503, times: 1 });
      const { data, text } = await call(INSPECT, { journeyId: base.journeyId, promoCode: "SANDBOX10" });
      expect(data).toMatchObject({ status: "checkout_ready", warnings: ["промокод: не проверено (провайдер не дал ответа)"] });
      expect(text).toContain("промокод: не проверено (провайдер не дал ответа)");
      expect(counts()).toEqual({ checkout_inspect: 1, promo_validate: 1 });
      h.sandbox.control.setFault("promo_validate", { kind: "status", status: 401, times: 1 });
      expect((await call(INSPECT, { journeyId: base.journeyId, promoCode: "SANDBOX10" })).data).toMatchObject({ status: "provider_auth_rejected", retryAllowed: false });
    });

    it("shows early check-in / late check-out only as opaque refs, and one upgrade offer when asked", async () => {
      let checkout: Row | undefined;
      for (const option of base.options.filter(bookable)) {
        const { rates } = await withRates(option);
        if (rates.length < 3) continue;
        await call(SELECT, { journeyId: base.journeyId, rateNumber: 1 });
        h.sandbox.control.resetCounters();
        const { data } = await call(INSPECT, { journeyId: base.journeyId, checkUpgrade: true });
        expect(counts()).toEqual({ checkout_inspect: 1, upgrade: 1 });
        if (((data.checkout as { extraServices?: unknown[] }).extraServices ?? []).length > 0) {
          checkout = data.checkout as Row;
          break;
        }
      }
      expect(checkout).toBeDefined();
      const extras = checkout!.extraServices as Row[];
      for (const e of extras) {
        expect(Object.keys(e).sort()).toEqual(["extraServiceOptionRef", "service"]);
        expect(e.extraServiceOptionRef).toMatch(/^esr_[A-Za-z0-9_-]{22}$/);
        expect(e.service).toMatch(/^(ранний заезд с|поздний выезд до) \d\d:\d\d — .*₽$/);
      }
      expect(checkout!.upgrade).toMatch(/^Повышение: .+, доплата .+₽ \(итого .+₽\)$/);
      expect(typeof checkout!.freshUntil).toBe("string");

      h.sandbox.control.resetCounters();
      const ref = extras[0]!.extraServiceOptionRef as string;
      const { data, text } = await call(CHANGES, { journeyId: base.journeyId, extraServiceOptionRefs: [ref, "esr_unknown"], upgrade: true, promoCode: "WINTER500" });
      expect(data).toMatchObject({
        status: "changes_previewed",
        extraServices: [{ extraServiceOptionRef: ref, service: extras[0]!.service }],
        unknownExtraServiceOptionRefs: ["esr_unknown"],
        promo: "Промокод WINTER500: не проверен",
      });
      expect(data.upgrade).toMatch(/^Повышение: .+, доплата .+₽$/);
      expect(data.nextStep).toContain(INSPECT);
      expect(JSON.stringify(data)).not.toMatch(/total(After|New)/i);
      expect(text).toContain("окончательна только на странице продавца");
      expect(counts()).toEqual({});
    });

    it("previews a promo code from the last inspection, locally", async () => {
      await call(INSPECT, { journeyId: base.journeyId, promoCode: "SANDBOX10" });
      h.sandbox.control.resetCounters();
      const { data } = await call(CHANGES, { journeyId: base.journeyId, promoCode: "sandbox10" });
      expect(data).toMatchObject({ status: "changes_previewed" });
      expect(data.promo).toMatch(/^Промокод SANDBOX10: действителен, скидка .*не применён\)$/);
      expect(data.nextStep).toContain(HANDOFF);
      expect(counts()).toEqual({});
    });

    it("is terminal on a 503: one attempt, checkout_temporarily_unavailable, no retry", async () => {
      h.sandbox.control.resetCounters();
      h.sandbox.control.setFault("checkout_inspect", { kind: "status", status: 503, times: 1 });
      const { data, text } = await call(INSPECT, { journeyId: base.journeyId });
      expect(data).toMatchObject({ status: "checkout_temporarily_unavailable", retryAllowed: false, attempts: 1, failureKind: "provider_error" });
      expect(text).toContain("не переходите к низкоуровневым инструментам");
      expect(counts()).toEqual({ checkout_inspect: 1 });
    });

    it("maps a 403 to provider_auth_rejected with one call", async () => {
      h.sandbox.control.resetCounters();
      h.sandbox.control.setFault("checkout_inspect", { kind: "status", status: 403, times: 1 });
      const { data } = await call(INSPECT, { journeyId: base.journeyId });
      expect(data).toMatchObject({ status: "provider_auth_rejected", retryAllowed: false });
      expect(counts()).toEqual({ checkout_inspect: 1 });
    });

    it("drops the stale rates when the provider no longer knows the rate (410)", async () => {
      h.sandbox.control.setFault("checkout_inspect", { kind: "status", status: 410, times: 1 });
      const { data } = await call(INSPECT, { journeyId: base.journeyId });
      expect(data).toMatchObject({ status: "rate_no_longer_available", retryAllowed: false });
      expect(await journeyState(h, base.journeyId)).toMatchObject({ rates: null, selectedRateNumber: null });
      expect((await call(INSPECT, { journeyId: base.journeyId })).data.status).toBe("rate_selection_required");
    });
  });

  describe("checkout handoff", () => {
    async function handoffFor(rooms: { adults: number; childrenAges: number[] }[]) {
      const j = await createJourney(h, { rooms });
      const { data, text } = await call(HANDOFF, { journeyId: j.journeyId });
      return { data, text, url: new URL(data.hostedCheckoutUrl as string), fixture: j };
    }

    it("carries dates and adults for one room without children, and says nothing is reserved", async () => {
      const { rates } = await withRates(base.selected!);
      await call(SELECT, { journeyId: base.journeyId, rateNumber: rates.length });
      h.sandbox.control.resetCounters();
      const { data, text } = await call(HANDOFF, { journeyId: base.journeyId });
      expect(counts()).toEqual({});
      const url = new URL(data.hostedCheckoutUrl as string);
      expect(url.pathname).toBe(`/travel/hotels/new/hotels/${base.selected!.hotelId!}/`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ dateFrom: "2027-03-10", dateTo: "2027-03-12", guests: "2" });
      expect(data).toMatchObject({ status: "handoff_ready", guestsCarried: true, selectedRate: { rateNumber: rates.length } });
      expect(text).toContain(data.hostedCheckoutUrl as string);
      expect(data.message).toMatch(/Тариф не резервируется: цену и доступность подтвердите на странице/);
      expect(data.message).toContain("Ничего не забронировано");
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('data-param="guests">2<');
    });

    it("carries only the dates with children", async () => {
      const { data, url } = await handoffFor([{ adults: 2, childrenAges: [5] }]);
      expect(Object.fromEntries(url.searchParams)).toEqual({ dateFrom: "2027-03-10", dateTo: "2027-03-12" });
      expect(data.guestsCarried).toBe(false);
    });

    it("carries only the dates for two rooms", async () => {
      const { data, url } = await handoffFor([{ adults: 1, childrenAges: [] }, { adults: 1, childrenAges: [] }]);
      expect(Object.fromEntries(url.searchParams)).toEqual({ dateFrom: "2027-03-10", dateTo: "2027-03-12" });
      expect(data.guestsCarried).toBe(false);
    });

    it("works without a selected rate and says so", async () => {
      const { data, text } = await handoffFor([{ adults: 2, childrenAges: [] }]);
      expect(data.status).toBe("handoff_ready");
      expect(data).not.toHaveProperty("selectedRate");
      expect(text).toContain("Тариф не выбран");
      expect(data.message).toContain("Тариф не выбран");
    });
  });

  describe("journey errors", () => {
    it("unknown journey → journey_not_found for every tool", async () => {
      for (const name of CHECKOUT_TOOL_NAMES) {
        const args: Row = name === SELECT ? { journeyId: "jrn_nope", rateNumber: 1 } : { journeyId: "jrn_nope" };
        const { data, result } = await call(name, args);
        expect(result.isError, name).toBe(true);
        expect(data, name).toMatchObject({ status: "journey_not_found", retryAllowed: false, nextStep: "tbank_hotels_plan_stay" });
      }
    });

    it("no selected hotel → selection_required; no selected rate → rate_selection_required", async () => {
      const j = await createJourney(h, { select: null });
      for (const name of CHECKOUT_TOOL_NAMES) {
        const args: Row = name === SELECT ? { journeyId: j.journeyId, rateNumber: 1 } : { journeyId: j.journeyId };
        expect((await call(name, args)).data, name).toMatchObject({ status: "selection_required", nextStep: "tbank_hotels_select_stay_option" });
      }
      await selectOption(h, j.journeyId, j.options.find(bookable)!);
      for (const name of [BOOKING_PREVIEW, INSPECT, CHANGES, PAYMENT]) {
        expect((await call(name, { journeyId: j.journeyId })).data, name).toMatchObject({ status: "rate_selection_required" });
      }
      expect((await call(SELECT, { journeyId: j.journeyId, rateNumber: 1 })).data).toMatchObject({ status: "rates_not_loaded", nextStep: RATES });
    });
  });

  it("never shows a provider id (hotelId, rateId, bookHash, checkOutId, extra or upgrade id) in any answer", () => {
    const kinds = new Set(recorder.ids.values());
    expect(kinds).toEqual(new Set(["hotelId", "rateId", "bookHash", "checkOutId", "extraServiceId", "upgradeId"]));
    expect(seen.length).toBeGreaterThan(40);
    for (const { data, text } of seen) {
      // The handoff link is the one place a hotel id belongs: it is the public hotel page's path.
      const url = typeof data.hostedCheckoutUrl === "string" ? data.hostedCheckoutUrl : undefined;
      const strip = (s: string) => (url ? s.split(url).join("<hostedCheckoutUrl>") : s);
      const shown = strip(JSON.stringify(data)) + strip(text);
      for (const [id, kind] of recorder.ids) expect(shown.includes(id), `${kind} ${id}`).toBe(false);
    }
  });

  it("keeps every answer well under 2,000 tokens (text and structured content together)", () => {
    const sizes = seen.map(({ data, text }) => tokenCount(JSON.stringify(data)) + tokenCount(text));
    expect(Math.max(...sizes)).toBeLessThan(1_800);
  });
});

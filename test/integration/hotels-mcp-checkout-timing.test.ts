import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_RETRY_POLICY, RATES_RETRY_POLICY } from "../../mcp/hotels/journey/retry.js";
import type { RetryPolicy } from "../../mcp/hotels/journey/retry.js";
import { fakeTime } from "./helpers/fake-time.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { createJourney } from "./helpers/journey-fixture.js";

const RATES = "tbank_hotels_get_selected_stay_rates";
const SELECT = "tbank_hotels_select_stay_rate";
const INSPECT = "tbank_hotels_inspect_checkout";
const CHANGES = "tbank_hotels_preview_checkout_changes";
const BOOKING_PREVIEW = "tbank_hotels_create_booking_preview";

// The real policies (5 s first attempt, 13 s in all) scaled down so a hanging provider costs a
// second of test time instead of thirteen; the retry logic is the same code.
const SHORT: RetryPolicy = { firstAttemptTimeoutMs: 300, totalBudgetMs: 900, maxAttempts: 2, minRetryMs: 100 };

describe("rates and checkout retries (short test policy)", () => {
  let h: HotelsHarness;
  beforeAll(async () => {
    h = await startHotelsHarness({ deps: { retryPolicies: { rates: SHORT, checkout: SHORT } } });
  });
  afterAll(() => h.close());

  it("keeps the production policy at 5 s + one timeout retry within 13 s", () => {
    expect(RATES_RETRY_POLICY).toMatchObject({ firstAttemptTimeoutMs: 5_000, totalBudgetMs: 13_000, maxAttempts: 2 });
    expect(CHECKOUT_RETRY_POLICY).toMatchObject({ totalBudgetMs: 13_000, maxAttempts: 2 });
  });

  it("gives up on hanging rates after exactly two attempts inside the budget, and forbids a retry", async () => {
    const j = await createJourney(h);
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("rates", { kind: "hang" });
    const { data, text, result } = await h.call(RATES, { journeyId: j.journeyId });
    h.sandbox.control.clearFaults("rates");
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: "rates_temporarily_unavailable", retryAllowed: false, attempts: 2, failureKind: "timeout" });
    expect(data.durationMs).toBeGreaterThanOrEqual(850);
    expect(data.durationMs).toBeLessThan(1_500);
    expect(text).toContain("do not call it again");
    expect(h.sandbox.control.requestCount("rates")).toBe(2);
  });

  it("retries one timeout and then succeeds", async () => {
    const j = await createJourney(h);
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("rates", { kind: "hang", times: 1 });
    const { data } = await h.call(RATES, { journeyId: j.journeyId });
    expect(data).toMatchObject({ status: "ready", attempts: 2, failureKind: null });
    expect(h.sandbox.control.requestCount("rates")).toBe(2);
  });

  it("does not retry a non-timeout failure", async () => {
    const j = await createJourney(h);
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("rates", { kind: "status", status: 502, times: 1 });
    const { data } = await h.call(RATES, { journeyId: j.journeyId });
    expect(data).toMatchObject({ status: "rates_temporarily_unavailable", attempts: 1, failureKind: "provider_error" });
    expect(h.sandbox.control.requestCount("rates")).toBe(1);
  });

  it("ends a hanging checkout inspection as checkout_temporarily_unavailable after two attempts", async () => {
    const j = await createJourney(h);
    await h.call(RATES, { journeyId: j.journeyId });
    await h.call(SELECT, { journeyId: j.journeyId, rateNumber: 1 });
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("checkout_inspect", { kind: "hang" });
    const { data } = await h.call(INSPECT, { journeyId: j.journeyId, promoCode: "SANDBOX10" });
    h.sandbox.control.clearFaults("checkout_inspect");
    expect(data).toMatchObject({ status: "checkout_temporarily_unavailable", retryAllowed: false, attempts: 2, failureKind: "timeout" });
    expect(h.sandbox.control.requestCounts()).toEqual({ checkout_inspect: 2 });
  });
});

describe("inspection freshness and journey lifetime (fake clock)", () => {
  const clock = fakeTime();
  let h: HotelsHarness;
  beforeAll(async () => {
    h = await startHotelsHarness({ deps: { now: clock.now } });
  });
  afterAll(() => h.close());

  it("turns an inspection stale after 5 minutes; the preview then asks for a new one", async () => {
    const j = await createJourney(h);
    await h.call(RATES, { journeyId: j.journeyId });
    await h.call(SELECT, { journeyId: j.journeyId, rateNumber: 1 });
    const inspected = await h.call(INSPECT, { journeyId: j.journeyId });
    const freshUntil = (inspected.data.checkout as { freshUntil: string }).freshUntil;
    expect(Date.parse(freshUntil) - clock.now()).toBe(5 * 60_000);

    clock.advance(5 * 60_000 - 1_000);
    expect((await h.call(CHANGES, { journeyId: j.journeyId })).data.status).toBe("changes_previewed");
    expect((await h.call(BOOKING_PREVIEW, { journeyId: j.journeyId })).data).toHaveProperty("inspectedPriceDisplay");

    clock.advance(1_000);
    h.sandbox.control.resetCounters();
    const stale = await h.call(CHANGES, { journeyId: j.journeyId, promoCode: "SANDBOX10" });
    expect(stale.data).toMatchObject({ status: "inspection_stale", retryAllowed: false });
    expect(stale.data.nextStep).toContain(INSPECT);
    expect((await h.call(BOOKING_PREVIEW, { journeyId: j.journeyId })).data).not.toHaveProperty("inspectedPriceDisplay");
    expect(h.sandbox.control.requestCounts()).toEqual({});
  });

  it("answers journey_expired after 60 minutes", async () => {
    const j = await createJourney(h);
    clock.advance(60 * 60_000);
    const { data, result } = await h.call(RATES, { journeyId: j.journeyId });
    expect(result.isError).toBe(true);
    expect(data).toMatchObject({ status: "journey_expired", retryAllowed: false, nextStep: "tbank_hotels_plan_stay" });
  });
});

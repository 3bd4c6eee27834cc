import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKOUT_RETRY_POLICY, RATES_RETRY_POLICY } from "../../mcp/hotels/journey/retry.js";
import type { RetryPolicy } from "../../mcp/hotels/journey/retry.js";
import { isProviderError, ProviderError } from "../../mcp/hotels/provider/index.js";
import { withTimeoutRetry } from "../../mcp/hotels/journey/checkout-retry.js";
import { TEST_EPOCH } from "../fixtures/clock.js";
import { fakeTime } from "./helpers/fake-time.js";
import { startHotelsHarness, type HotelsHarness } from "./helpers/hotels-mcp-harness.js";
import { createJourney } from "./helpers/journey-fixture.js";

const RATES = "tbank_hotels_get_selected_stay_rates";
const SELECT = "tbank_hotels_select_stay_rate";
const INSPECT = "tbank_hotels_inspect_checkout";
const CHANGES = "tbank_hotels_preview_checkout_changes";
const BOOKING_PREVIEW = "tbank_hotels_create_booking_preview";

// The real policies scaled down so a hanging provider costs a second of test time instead of
// thirteen; the retry logic is the same code.
const SHORT: RetryPolicy = { firstAttemptTimeoutMs: 300, totalBudgetMs: 900, maxAttempts: 2, minRetryMs: 100 };

const timedOut = (): ProviderError => new ProviderError({ kind: "unavailable", routeId: "rates", reason: "timeout" });

describe("the production retry policies", () => {
  it.each([
    ["rates", RATES_RETRY_POLICY],
    ["checkout", CHECKOUT_RETRY_POLICY],
  ])("%s: a hanging provider is retried exactly once, and the attempts fill the budget without passing it", async (_name, policy) => {
    const clock = fakeTime(TEST_EPOCH);
    const timeouts: number[] = [];
    const run = await withTimeoutRetry(
      (timeoutMs) => {
        timeouts.push(timeoutMs);
        clock.advance(timeoutMs);
        return Promise.reject(timedOut());
      },
      policy,
      clock.now,
    );
    expect(run.ok).toBe(false);
    expect(timeouts).toHaveLength(2);
    expect(run.summary).toMatchObject({ attempts: 2, failureKind: "timeout", retryAllowed: false, durationMs: policy.totalBudgetMs });
  });

  it.each([
    ["rates", RATES_RETRY_POLICY],
    ["checkout", CHECKOUT_RETRY_POLICY],
  ])("%s: whatever the provider does within each attempt's timeout, the call ends inside the budget and only a timeout is retried", async (_name, policy) => {
    const attempt = fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }), outcome: fc.constantFrom("timeout", "server_error", "ok") });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 3, maxLength: 3 }), async (script) => {
        const clock = fakeTime(TEST_EPOCH);
        const seen: string[] = [];
        const run = await withTimeoutRetry(
          (timeoutMs) => {
            const step = script[seen.length]!;
            seen.push(step.outcome);
            // A timeout takes the whole attempt; any other answer comes within it.
            clock.advance(step.outcome === "timeout" ? timeoutMs : Math.floor(step.share * timeoutMs));
            if (step.outcome === "ok") return Promise.resolve("rates");
            return Promise.reject(step.outcome === "timeout" ? timedOut() : new ProviderError({ kind: "unavailable", routeId: "rates", reason: "server_error", status: 502 }));
          },
          policy,
          clock.now,
        );
        expect(clock.now() - TEST_EPOCH).toBeLessThanOrEqual(policy.totalBudgetMs);
        expect(run.summary.durationMs).toBe(clock.now() - TEST_EPOCH);
        // Every attempt but the last was a timeout.
        expect(seen.slice(0, -1).every((o) => o === "timeout")).toBe(true);
        expect(run.ok).toBe(seen.at(-1) === "ok");
      }),
    );
  });
});

describe("rates and checkout retries (short test policy)", () => {
  // Moved by hand: an attempt that times out advances it by that attempt's full timeout.
  const clock = fakeTime(TEST_EPOCH);
  let h: HotelsHarness;
  beforeAll(async () => {
    h = await startHotelsHarness({ deps: { now: clock.now, retryPolicies: { rates: SHORT, checkout: SHORT } } });
  });
  afterAll(() => h.close());

  it("gives up on hanging rates after two attempts that together take exactly the budget, and forbids a retry", async () => {
    const j = await createJourney(h);
    const api = h.ctx.provider.api;
    const rates = api.rates.bind(api);
    const timeouts: (number | undefined)[] = [];
    const spy = vi.spyOn(api, "rates").mockImplementation(async (hotelId, body, opts = {}) => {
      timeouts.push(opts.timeoutMs);
      try {
        return await rates(hotelId, body, opts);
      } catch (err) {
        if (isProviderError(err, "unavailable") && err.reason === "timeout") clock.advance(opts.timeoutMs ?? 0);
        throw err;
      }
    });
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("rates", { kind: "hang" });
    try {
      const { data, text, result } = await h.call(RATES, { journeyId: j.journeyId });
      expect(result.isError).toBeFalsy();
      expect(data).toMatchObject({ status: "rates_temporarily_unavailable", retryAllowed: false, attempts: 2, failureKind: "timeout", durationMs: SHORT.totalBudgetMs });
      // The retry gets what the first attempt left of the budget, no more.
      expect(timeouts).toEqual([SHORT.firstAttemptTimeoutMs, SHORT.totalBudgetMs - SHORT.firstAttemptTimeoutMs]);
      expect(text).toContain("do not call it again");
      expect(h.sandbox.control.requestCount("rates")).toBe(2);
    } finally {
      spy.mockRestore();
      h.sandbox.control.clearFaults("rates");
    }
  });

  it("retries one timeout and then succeeds", async () => {
    const j = await createJourney(h);
    h.sandbox.control.resetCounters();
    h.sandbox.control.setFault("rates", { kind: "hang", times: 1 });
    const { data } = await h.call(RATES, { journeyId: j.journeyId });
    expect(data).toMatchObject({ status: "ready" });
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
  const clock = fakeTime(TEST_EPOCH);
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

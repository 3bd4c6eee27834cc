import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import type { PendingApproval } from "../../shared/protocol/ops-hotels-writes.js";
import { testClock } from "../fixtures/clock.js";
import { GATES_ON, outcome, prepare, startWritesBroker, type Outcome, type Prepared, type WritesBroker } from "./helpers/writes-broker.js";

// Issue 28, second review, item 2: when a write on an order is "the same" as one already committed.
// Extra services are a set: the same services in another order are the same write (answered with
// its outcome, no POST), and a request that shares a service with a committed one is shown to the
// person as already sent. A promo code or a service is replayed only while the order still shows
// it: taken off in the bank's own app, it is the person's call again, told it was sent before.

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("twins of extra services and promo codes", () => {
  const clock = testClock();
  let sandbox: Sandbox;
  let socketPath: string;
  let writes: WritesBroker;
  let hotels: BrokerConnection;
  let confirmed: string[];
  let awaiting: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: "writes-twins", deviceIntervalSeconds: 0, now: clock.now });
    writes = await startWritesBroker(sandbox, clock, { ...GATES_ON, TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000" });
    ({ socketPath, hotels } = writes);
    const items = (await hotels.call("hotels.list_bookings", { limit: 20 })).items;
    confirmed = items.filter((b) => b.status === "CONFIRMED").map((b) => b.bookingRef);
    awaiting = items.find((b) => b.status === "AWAITING_PAYMENT")!.bookingRef;
    expect(confirmed.length).toBeGreaterThanOrEqual(2);
  });

  afterAll(async () => {
    await writes?.stop();
    await sandbox?.close();
  });

  /**
   * Executes while the person sits at `tbank-mcp approve`: a request shown as new is approved (they
   * cannot know it was sent before), one that says it was already sent is denied.
   */
  async function withPerson(p: Prepared): Promise<{ out: Outcome; shown: PendingApproval[] }> {
    const shown: PendingApproval[] = [];
    let done = false;
    const run = outcome(hotels.call("hotels.execute_write_v1", p)).finally(() => {
      done = true;
    });
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    try {
      while (!done) {
        const pending = (await toolkit.call("broker.list_approvals", {})).pending.find((x) => x.requestHash === p.requestHash);
        if (pending !== undefined) {
          shown.push(pending);
          const warned = pending.display.effects.some((e) => /already sent/.test(e));
          await toolkit.call("broker.decide_approval", { approvalId: pending.approvalId, decision: warned ? "deny" : "approve" });
        }
        await sleep(10);
      }
    } finally {
      toolkit.close();
    }
    return { out: await run, shown };
  }

  it("the same services in another order: the recorded outcome, no approval, no second POST", async () => {
    const bookingRef = confirmed[0]!;
    const first = await withPerson(prepare(clock, { kind: "extra_services", request: { bookingRef, services: ["early_checkin", "late_checkout"] } }));
    expect(first.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: false } });
    clock.advance(1000);
    const swapped = await withPerson(prepare(clock, { kind: "extra_services", request: { bookingRef, services: ["late_checkout", "early_checkin"] } }));
    expect(swapped.shown).toEqual([]);
    expect(swapped.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true, facts: { kind: "extra_services" } } });
    expect(sandbox.control.requestCount("add_extra_services")).toBe(1);
  });

  it("a request sharing a service with a committed one is shown as already sent (and denied, nothing sent)", async () => {
    const bookingRef = confirmed[1]!;
    const before = sandbox.control.requestCount("add_extra_services");
    const first = await withPerson(prepare(clock, { kind: "extra_services", request: { bookingRef, services: ["early_checkin"] } }));
    expect(first.out).toMatchObject({ ok: true, result: { outcome: "committed" } });
    clock.advance(1000);
    const more = await withPerson(prepare(clock, { kind: "extra_services", request: { bookingRef, services: ["early_checkin", "late_checkout"] } }));
    expect(more.shown).toHaveLength(1);
    expect(more.shown[0]!.display.effects.join(" ")).toMatch(/early check-in .*already sent/);
    expect(more.out).toMatchObject({ ok: false, code: "approval_denied" });
    expect(sandbox.control.requestCount("add_extra_services") - before).toBe(1);
  });

  it("a promo code is replayed while the order shows it; taken off elsewhere, the person decides, told it was sent", async () => {
    const first = await withPerson(prepare(clock, { kind: "promo_code", request: { bookingRef: awaiting, promoCode: "SANDBOX10" } }));
    expect(first.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: false } });
    clock.advance(1000);
    const still = await withPerson(prepare(clock, { kind: "promo_code", request: { bookingRef: awaiting, promoCode: "SANDBOX10" } }));
    expect(still.shown).toEqual([]);
    expect(still.out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true } });

    sandbox.control.dropOrderAddOns();
    clock.advance(1000);
    const removed = await withPerson(prepare(clock, { kind: "promo_code", request: { bookingRef: awaiting, promoCode: "SANDBOX10" } }));
    expect(removed.shown).toHaveLength(1);
    expect(removed.shown[0]!.display.effects.join(" ")).toContain("already sent");
    expect(removed.out).toMatchObject({ ok: false, code: "approval_denied" });
    expect(sandbox.control.requestCount("apply_promo")).toBe(1);
  });

  it("services taken off elsewhere: the same request is the person's call again, told it was sent", async () => {
    const bookingRef = confirmed[0]!;
    const before = sandbox.control.requestCount("add_extra_services");
    const again = await withPerson(prepare(clock, { kind: "extra_services", request: { bookingRef, services: ["early_checkin", "late_checkout"] } }));
    expect(again.shown).toHaveLength(1);
    expect(again.shown[0]!.display.effects.join(" ")).toContain("already sent");
    expect(sandbox.control.requestCount("add_extra_services") - before).toBe(0);
  });
});

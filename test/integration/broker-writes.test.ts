/* eslint-disable @typescript-eslint/no-unsafe-assignment --
   vitest's asymmetric matchers (expect.any, expect.stringContaining) are typed `any`. */
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../scripts/sandbox/index.js";
import { HOTELS_WRITE_ROUTES } from "../../shared/http/routes.js";
import { decimalFromProviderNumber } from "../../shared/money.js";
import { connectBroker, type BrokerConnection } from "../../shared/protocol/client.js";
import type { PendingApproval, PreparedWrite } from "../../shared/protocol/ops-hotels-writes.js";
import { PREPARATION_TTL_MS } from "../../shared/writes/hash.js";
import { stayFrom, testClock } from "../fixtures/clock.js";
import { decideNextApproval, signIn, startInProcessBroker, type RunningBroker } from "../fixtures/in-process-broker.js";
// GUESTS and CONTACTS: guest PII that must never reach the broker's log or audit lines.
import { BOOKING_CONTACTS as CONTACTS, BOOKING_GUESTS as GUESTS, findRate } from "./helpers/bookable-rate.js";
import { brokerEnv, outcome, prepare, type Outcome, type Prepared } from "./helpers/writes-broker.js";

// The broker's write path end to end: an in-process broker (the bin's parts) with a signed-in
// session against the sandbox, the person approving through the toolkit role. Every refusal is
// proved by the sandbox's own counters: nothing reached a write route.

const CANARY = "CANARY-brkwr-7c3e";
const SEED = "broker-writes";
const REAL_IP = "203.0.113.77";
const WRITE_ROUTE_IDS = Object.keys(HOTELS_WRITE_ROUTES);

const writeRequests = (sandbox: Sandbox): number => WRITE_ROUTE_IDS.reduce((n, id) => n + sandbox.control.requestCount(id), 0);

describe("gates off", () => {
  let sandbox: Sandbox;
  let root: string;
  let broker: RunningBroker;
  let hotels: BrokerConnection;
  const clock = testClock();

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
    root = await mkdtemp(join(tmpdir(), "brkwr-off-"));
    // The profile is set but the switch is not: one missing gate is enough.
    const { socketPath, config } = brokerEnv(root, sandbox, { TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed", TBANK_HOTELS_TRUSTED_REAL_IP: REAL_IP });
    broker = await startInProcessBroker(config, { now: clock.now, selfPeer: true });
    await signIn(socketPath, sandbox);
    hotels = await connectBroker({ socketPath, role: "hotels", clientVersion: "test", timeoutMs: 10_000 });
  });

  afterAll(async () => {
    hotels.close();
    await broker.stop("test done");
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  it("leaves no write-ledger file in the state directory: a person who never turns writes on gets no key", async () => {
    const made = (await readdir(join(root, "state"))).filter((f) => f.startsWith("write-ledger") || f.startsWith(".write-ledger"));
    expect(made).toEqual([]);
  });

  it("status reports the gates (never the x-real-ip value); execute and the approval page are refused and nothing is sent", async () => {
    sandbox.control.resetCounters();
    const status = await hotels.call("hotels.status", {});
    expect(status.writeGates).toEqual({ mutationsEnabled: false, executionProfile: "non_production_v1_reviewed", trustedRealIp: true, approvalChannels: [] });
    expect(JSON.stringify(status)).not.toContain(REAL_IP);
    const p = prepare(clock, { kind: "cancellation", request: { bookingRef: "bkr_AAAAAAAAAAAAAAAAAAAAAA" } });
    const executed = await outcome(hotels.call("hotels.execute_write_v1", p));
    expect(executed).toMatchObject({ ok: false, code: "execution_unavailable" });
    expect(!executed.ok && executed.message).toContain("TBANK_HOTELS_ENABLE_MUTATIONS=true");
    expect(!executed.ok && executed.message).not.toContain("TBANK_HOTELS_MUTATION_EXECUTION_PROFILE");
    const page = await hotels.call("hotels.open_write_approval_v1", { requestHash: p.requestHash, kind: "cancellation" }).catch((e: unknown) => e);
    expect(page).toMatchObject({ code: "execution_unavailable" });
    expect(writeRequests(sandbox)).toBe(0);
  });
});

describe("gates on", () => {
  let sandbox: Sandbox;
  let root: string;
  let socketPath: string;
  let config: ReturnType<typeof brokerEnv>["config"];
  let broker: RunningBroker;
  let hotels: BrokerConnection;
  let logFile: string;
  const clock = testClock();
  /** Every result and error the hotels role saw, for the canary checks. */
  const seen: string[] = [];

  const execute = (p: Prepared, conn: BrokerConnection = hotels): Promise<Outcome> =>
    outcome(conn.call("hotels.execute_write_v1", p)).then((o) => {
      seen.push(JSON.stringify(o));
      return o;
    });

  /** Executes while the person decides at the terminal; resolves with both. */
  async function decided(p: Prepared, decision: "approve" | "deny" = "approve"): Promise<{ out: Outcome; shown: PendingApproval }> {
    const run = execute(p);
    const shown = await decideNextApproval(socketPath, decision, { requestHash: p.requestHash });
    return { out: await run, shown };
  }

  async function bookings(): Promise<{ bookingRef: string; status: string }[]> {
    return (await hotels.call("hotels.list_bookings", { limit: 20 })).items;
  }

  const ref = async (status: string, skip = 0): Promise<string> => (await bookings()).filter((b) => b.status === status)[skip]!.bookingRef;

  async function start(): Promise<void> {
    broker = await startInProcessBroker(config, { now: clock.now, selfPeer: true, logFile });
    hotels = await connectBroker({ socketPath, role: "hotels", clientVersion: "test", timeoutMs: 30_000 });
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: SEED, canary: CANARY, deviceIntervalSeconds: 0, now: clock.now });
    root = await mkdtemp(join(tmpdir(), "brkwr-on-"));
    logFile = join(root, "broker.log");
    ({ socketPath, config } = brokerEnv(root, sandbox, {
      TBANK_HOTELS_ENABLE_MUTATIONS: "true",
      TBANK_HOTELS_MUTATION_EXECUTION_PROFILE: "non_production_v1_reviewed",
      TBANK_HOTELS_TRUSTED_REAL_IP: REAL_IP,
      TBANK_AUTH_BROKER_APPROVAL_TIMEOUT_MS: "5000",
    }));
    await start();
    await signIn(socketPath, sandbox);
  });

  afterAll(async () => {
    hotels.close();
    await broker.stop("test done");
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    sandbox.control.clearFaults();
    sandbox.control.resetCounters();
  });

  it("status: every gate set, the x-real-ip value nowhere", async () => {
    const status = await hotels.call("hotels.status", {});
    expect(status.writeGates).toEqual({ mutationsEnabled: true, executionProfile: "non_production_v1_reviewed", trustedRealIp: true, approvalChannels: ["terminal", "loopback_page"] });
    expect(JSON.stringify(status)).not.toContain(REAL_IP);
  });

  it("refuses a changed field, an expired preparation and a wrong phrase before asking anyone, sending nothing", async () => {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    const changed = { ...p, prepared: { ...p.prepared, request: { ...request, checkoutDate: stayFrom(clock.now(), 20, 3).checkoutDate } } as PreparedWrite };
    expect(await execute(changed)).toMatchObject({ ok: false, code: "preparation_invalid", message: expect.stringContaining("differs from the prepared request") });
    const old = prepare(clock, { kind: "booking", request }, clock.now() - PREPARATION_TTL_MS - 1000);
    expect(await execute(old)).toMatchObject({ ok: false, code: "preparation_invalid", message: expect.stringContaining("expired at") });
    expect(await execute({ ...p, confirmationPhrase: "confirm book 00000000" })).toMatchObject({ ok: false, code: "preparation_invalid", message: expect.stringContaining("wrong confirmation phrase") });
    // One hotel's name over another hotel's rate: a consistent hash, but the rate is not that hotel's.
    const neighbour = `${request.hotelId.slice(0, -4)}${String((Number(request.hotelId.slice(-4)) % 30) + 1).padStart(4, "0")}`;
    const otherHotel = prepare(clock, { kind: "booking", request: { ...request, hotelId: neighbour } });
    expect(await execute(otherHotel)).toMatchObject({ ok: false, code: "preparation_invalid", message: expect.stringContaining("not a rate of hotelId") });
    expect((await connectToolkitList()).length).toBe(0);
    expect(writeRequests(sandbox)).toBe(0);
  });

  async function connectToolkitList(): Promise<PendingApproval[]> {
    const toolkit = await connectBroker({ socketPath, role: "toolkit", clientVersion: "test", timeoutMs: 10_000 });
    try {
      return (await toolkit.call("broker.list_approvals", {})).pending;
    } finally {
      toolkit.close();
    }
  }

  it("a denial and an approval timeout send nothing, and the timeout says how to approve", async () => {
    const { request } = await findRate(sandbox, clock);
    const denied = await decided(prepare(clock, { kind: "booking", request }), "deny");
    expect(denied.out).toMatchObject({ ok: false, code: "approval_denied" });
    const started = Date.now();
    const timedOut = await execute(prepare(clock, { kind: "booking", request }));
    expect(timedOut).toMatchObject({ ok: false, code: "approval_timeout", message: expect.stringContaining("tbank-mcp approve") });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    expect(await connectToolkitList()).toEqual([]);
    expect(writeRequests(sandbox)).toBe(0);
  }, 15_000);

  it("books once the person approves what the broker read itself; the booking is listed; a replay sends nothing", async () => {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    const page = await hotels.call("hotels.open_write_approval_v1", { requestHash: p.requestHash, kind: "booking" });
    expect(page.terminalCommand).toBe("tbank-mcp approve");
    expect(page.approvalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/approve\/[A-Za-z0-9_-]+$/);
    const { out, shown } = await decided(p);
    expect(shown.display).toMatchObject({ kind: "booking", checkinDate: request.checkinDate, price: request.expectedPrice, rooms: [{ adults: 2, childrenAges: [], guests: ["Zyxcanaria Quorvetsova", "Vlimtrandor Quorvetsov"] }], payment: expect.stringMatching(/^paid in advance, online/), contacts: `${CONTACTS.email}, ${CONTACTS.phone}` });
    expect(shown.display.hotel).toEqual(expect.any(String));
    expect(shown.display.rate).toEqual(expect.any(String));
    expect(shown.display.effects).toHaveLength(1);
    expect(out).toMatchObject({ ok: true, result: { outcome: "committed", replayed: false, reconciled: false, facts: { kind: "booking", taskStatus: "IN_PROGRESS" } } });
    const facts = out.ok && out.result.outcome === "committed" ? out.result.facts : undefined;
    const bookingRef = facts && "bookingRef" in facts ? facts.bookingRef : "";
    expect((await bookings()).map((b) => b.bookingRef)).toContain(bookingRef);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    const replay = await execute(p);
    expect(replay).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true, facts: { bookingRef } } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  it("20 parallel executes of one request: one approval, one POST, the others in_progress", async () => {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    const conns = await Promise.all([0, 1, 2, 3].map(() => connectBroker({ socketPath, role: "hotels", clientVersion: "test", timeoutMs: 30_000 })));
    try {
      const runs = Array.from({ length: 20 }, (_, i) => execute(p, conns[i % 4]));
      await decideNextApproval(socketPath, "approve", { requestHash: p.requestHash });
      const outs = await Promise.all(runs);
      expect(outs.filter((o) => o.ok)).toHaveLength(1);
      expect(outs.filter((o) => !o.ok && o.code === "in_progress")).toHaveLength(19);
    } finally {
      conns.forEach((c) => c.close());
    }
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  it("a price the provider no longer quotes is refused by the provider, with its current price", async () => {
    const { request, currentPrice } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request: { ...request, expectedPrice: { amountDecimal: "1", currency: "RUB" } } });
    const { out, shown } = await decided(p);
    expect(shown.display.effects.join(" ")).toContain("will refuse unless the price matches");
    expect(out).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", reason: "price_changed", currentPrice: { amountDecimal: decimalFromProviderNumber(currentPrice.value), currency: "RUB" } } });
    expect(sandbox.control.commitCount("create_booking")).toBe(0);
  });

  it("a lost answer is outcome_unknown; the next execute reconciles it without a second POST", async () => {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    const { out } = await decided(p);
    expect(out).toMatchObject({ ok: false, code: "outcome_unknown" });
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    const again = await execute(p);
    expect(again).toMatchObject({ ok: true, result: { outcome: "committed", reconciled: true, facts: { kind: "booking" } } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(sandbox.control.requestCount("write_request")).toBe(1);
    const facts = again.ok && again.result.outcome === "committed" ? again.result.facts : undefined;
    expect((await bookings()).map((b) => b.bookingRef)).toContain(facts && "bookingRef" in facts ? facts.bookingRef : "");
  });

  it("a lost write is reconciled after its preparation expired, and preparing the same write again sends no second POST", async () => {
    const { request } = await findRate(sandbox, clock);
    const first = prepare(clock, { kind: "booking", request });
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    expect((await decided(first)).out).toMatchObject({ ok: false, code: "outcome_unknown" });
    clock.advance(PREPARATION_TTL_MS + 60_000);
    // The model lost the first answer and prepares the same booking again: a new hash, same write.
    const second = prepare(clock, { kind: "booking", request });
    expect(second.requestHash).not.toBe(first.requestHash);
    const twin = await execute(second);
    expect(twin).toMatchObject({ ok: true, result: { outcome: "committed", reconciled: true, facts: { kind: "booking" } } });
    // The first preparation, long expired, still answers from the ledger instead of "expired".
    expect(await execute(first)).toMatchObject({ ok: true, result: { outcome: "committed", requestHash: first.requestHash } });
    // So does the second, now recorded under its own hash: a replay never asks or sends again.
    expect(await execute(second)).toMatchObject({ ok: true, result: { outcome: "committed", requestHash: second.requestHash, replayed: true } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
    // A third preparation of the same booking is a new request; the person is told it was booked already.
    clock.advance(1000);
    const third = prepare(clock, { kind: "booking", request });
    const { out, shown } = await decided(third, "deny");
    expect(out).toMatchObject({ ok: false, code: "approval_denied" });
    expect(shown.display.effects.join(" ")).toContain("already sent and committed");
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
  });

  it("after a restart, a write whose answer was lost is reconciled from the ledger, never sent again", async () => {
    const { request } = await findRate(sandbox, clock);
    const p = prepare(clock, { kind: "booking", request });
    sandbox.control.setFault("create_booking", { kind: "lost_response", times: 1 });
    expect((await decided(p)).out).toMatchObject({ ok: false, code: "outcome_unknown" });
    const ledger = join(config.broker.stateDir, "write-ledger.json");
    expect((await stat(ledger)).mode & 0o777).toBe(0o600);
    const persisted = await readFile(ledger, "utf8");
    for (const secret of [GUESTS[0]!.firstName, CONTACTS.email, CANARY, "bkr_"]) expect(persisted).not.toContain(secret);
    hotels.close();
    await broker.stop("restart");
    await start();
    expect(await execute(p)).toMatchObject({ ok: true, result: { outcome: "committed", reconciled: true } });
    expect(sandbox.control.requestCount("create_booking")).toBe(1);
    expect(sandbox.control.commitCount("create_booking")).toBe(1);
  });

  it("cancellation: committed with the provider's penalty; a cancelled booking is refused", async () => {
    // One cancelled before: cancelling the one just cancelled again is answered from the ledger (below).
    const cancelled = await ref("CANCELLED");
    const { out, shown } = await decided(prepare(clock, { kind: "cancellation", request: { bookingRef: await ref("CONFIRMED", 1) } }));
    expect(shown.display).toMatchObject({ kind: "cancellation", effects: [expect.stringMatching(/^cancels the booking .+; the provider states the refund in its answer$/)] });
    expect(shown.display.hotel).toEqual(expect.any(String));
    expect(out).toMatchObject({ ok: true, result: { outcome: "committed", facts: { kind: "cancellation", status: "CANCELLED" } } });
    const refused = await decided(prepare(clock, { kind: "cancellation", request: { bookingRef: cancelled } }));
    expect(refused.out).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", reason: "not_cancellable" } });
  });

  it("payment setup: a hosted page without the order id; nothing to pay is refused", async () => {
    const { out } = await decided(prepare(clock, { kind: "payment_setup", request: { bookingRef: await ref("AWAITING_PAYMENT") } }));
    expect(out).toMatchObject({ ok: true, result: { outcome: "committed", facts: { kind: "payment_setup", paymentPageUrl: expect.stringContaining("/_sandbox/pay/") } } });
    const refused = await decided(prepare(clock, { kind: "payment_setup", request: { bookingRef: await ref("CONFIRMED") } }));
    expect(refused.out).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", reason: "nothing_to_pay" } });
  });

  it("payment setup whose answer was lost, prepared again: the page is asked for under the first id and the answer is recorded under the new hash, as what it was", async () => {
    // Not the order the test above set up payment for: its page still lives, so that setup would be answered with it.
    const bookingRef = await ref("AWAITING_PAYMENT", 1);
    const commitsBefore = sandbox.control.commitCount("payment_setup");
    const first = prepare(clock, { kind: "payment_setup", request: { bookingRef } });
    sandbox.control.setFault("payment_setup", { kind: "lost_response", times: 1 });
    expect((await decided(first)).out).toMatchObject({ ok: false, code: "outcome_unknown" });
    clock.advance(1000);
    // No new approval: the person approved this write already; its page is asked for again.
    const second = prepare(clock, { kind: "payment_setup", request: { bookingRef } });
    const settled = await execute(second);
    expect(settled).toMatchObject({ ok: true, result: { outcome: "committed", requestHash: second.requestHash, reconciled: true, facts: { kind: "payment_setup", paymentPageUrl: expect.stringContaining("/_sandbox/pay/") as string } } });
    expect(await execute(second)).toMatchObject({ ok: true, result: { outcome: "committed", requestHash: second.requestHash, replayed: true } });
    expect(sandbox.control.commitCount("payment_setup")).toBe(commitsBefore + 1);

    // Prepared once more while that page lives: its page, no approval, no POST.
    clock.advance(1000);
    const requestsBefore = sandbox.control.requestCount("payment_setup");
    const live = await execute(prepare(clock, { kind: "payment_setup", request: { bookingRef } }));
    const page = settled.ok && settled.result.outcome === "committed" && settled.result.facts.kind === "payment_setup" ? settled.result.facts.paymentPageUrl : "";
    expect(live).toMatchObject({ ok: true, result: { outcome: "committed", replayed: true, facts: { kind: "payment_setup", paymentPageUrl: page } } });
    expect(sandbox.control.requestCount("payment_setup")).toBe(requestsBefore);

    // Once the page expired the person may ask for another. Here the provider refuses the second
    // ask: this hash is recorded as refused, not committed.
    clock.advance(16 * 60_000);
    const third = prepare(clock, { kind: "payment_setup", request: { bookingRef } });
    sandbox.control.setFault("payment_setup", { kind: "lost_response", times: 1 });
    expect((await decided(third)).out).toMatchObject({ ok: false, code: "outcome_unknown" });
    clock.advance(1000);
    const fourth = prepare(clock, { kind: "payment_setup", request: { bookingRef } });
    sandbox.control.setFault("payment_setup", { kind: "status", status: 409, times: 1 });
    expect(await execute(fourth)).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", requestHash: fourth.requestHash } });
    const ledger = JSON.parse(await readFile(join(config.broker.stateDir, "write-ledger.json"), "utf8")) as { entries: { requestHash: string; state: string }[] };
    expect(ledger.entries.find((e) => e.requestHash === fourth.requestHash)?.state).toBe("refused");
    expect(await execute(fourth)).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", requestHash: fourth.requestHash, replayed: true } });
  });

  it("promo code: applied with the price after; an expired code is refused", async () => {
    const bookingRef = await ref("AWAITING_PAYMENT");
    const { out, shown } = await decided(prepare(clock, { kind: "promo_code", request: { bookingRef, promoCode: "SANDBOX10" } }));
    expect(shown.display.effects).toEqual(["applies promo code SANDBOX10"]);
    expect(out).toMatchObject({ ok: true, result: { outcome: "committed", facts: { kind: "promo_code", applied: true, priceAfter: { currency: expect.any(String) } } } });
    const refused = await decided(prepare(clock, { kind: "promo_code", request: { bookingRef: await ref("AWAITING_PAYMENT", 1), promoCode: "SUMMER2025" } }));
    expect(refused.out).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", reason: "promo_code_invalid" } });
  });

  it("extra services: added with the price after; a cancelled booking is refused", async () => {
    const { out } = await decided(prepare(clock, { kind: "extra_services", request: { bookingRef: await ref("CONFIRMED"), services: ["early_checkin"] } }));
    expect(out).toMatchObject({ ok: true, result: { outcome: "committed", facts: { kind: "extra_services", added: ["early_checkin"] } } });
    const refused = await decided(prepare(clock, { kind: "extra_services", request: { bookingRef: await ref("CANCELLED"), services: ["late_checkout"] } }));
    expect(refused.out).toMatchObject({ ok: true, result: { outcome: "refused_by_provider", reason: "service_unavailable" } });
  });

  it("the audit has a line per step with the kind and 12 hex of the hash; no guest, contact, order id or ref in the log", async () => {
    hotels.close();
    await broker.stop("flush the log");
    const log = await readFile(logFile, "utf8");
    const writes = log
      .split("\n")
      .filter((l) => l.includes('"event":"write"'))
      .map((l) => JSON.parse(l) as { writeKind: string; requestHash: string; outcome: string });
    expect(writes.every((w) => /^[0-9a-f]{12}$/.test(w.requestHash))).toBe(true);
    for (const step of ["approval_page_opened", "approval_requested", "approved", "denied", "approval_timeout", "sent", "committed", "refused", "unknown", "reconciled"]) {
      expect(writes.map((w) => w.outcome)).toContain(step);
    }
    const refs = seen.join("\n").match(/bkr_[A-Za-z0-9_-]+/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const secret of [...GUESTS.flatMap((g) => [g.firstName, g.lastName]), CONTACTS.email, CONTACTS.phone, CANARY, REAL_IP, ...refs]) expect(log).not.toContain(secret);
    for (const secret of [...GUESTS.flatMap((g) => [g.firstName, g.lastName]), CONTACTS.email, CANARY]) expect(seen.join("\n")).not.toContain(secret);
    await start();
  });
});
